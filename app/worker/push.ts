/**
 * Web Push in the service worker (issue #31): the server's message (server/live/push.ts,
 * decrypted by the browser) becomes a notification with the app's icon and badge, and a tap
 * on it focuses a Guida tab on the item, or opens one. Written against the few parts of the
 * worker scope it uses, so tests/unit/worker-push.test.ts runs it without a browser.
 */

export type PushMessage = { title: string; body: string; url: string; tag: string };

export const NOTIFICATION_ICON = "/icons/icon-192.png";
export const NOTIFICATION_BADGE = "/icons/badge-72.png";

/** What the push carried, or a plain "something new" when it is unreadable (a notification must still show). */
export function readPushMessage(data: { json(): unknown } | null | undefined): PushMessage {
  let parsed: Partial<Record<keyof PushMessage, unknown>> = {};
  try {
    parsed = (data?.json() ?? {}) as typeof parsed;
  } catch {
    // Not JSON: the fallback below.
  }
  const text = (value: unknown, fallback: string) => (typeof value === "string" && value.trim() ? value : fallback);
  return {
    title: text(parsed.title, "Guida"),
    body: text(parsed.body, "Você tem uma notificação nova."),
    url: text(parsed.url, "/notifications"),
    tag: text(parsed.tag, "guida"),
  };
}

export type NotificationOptionsShown = { body: string; icon: string; badge: string; tag: string; data: { url: string }; lang: string };

export function notificationOf(message: PushMessage): { title: string; options: NotificationOptionsShown } {
  return {
    title: message.title,
    options: { body: message.body, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, tag: message.tag, data: { url: message.url }, lang: "pt-BR" },
  };
}

/** The page a tap opens: the message's path on this origin, never another site. */
export function targetOf(data: unknown, origin: string): string {
  const url = typeof data === "object" && data !== null ? (data as { url?: unknown }).url : undefined;
  try {
    const target = new URL(typeof url === "string" ? url : "/notifications", origin);
    return target.origin === origin ? target.href : `${origin}/notifications`;
  } catch {
    return `${origin}/notifications`;
  }
}

export type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
export type ClientsLike = {
  matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
};

/** A Guida tab already open is brought forward on the item (one showing it, else any); otherwise a new one. */
export async function openTarget(clients: ClientsLike, target: string, origin: string): Promise<void> {
  const windows = (await clients.matchAll({ type: "window", includeUncontrolled: true })).filter((w) => w.url.startsWith(origin));
  const same = windows.find((w) => w.url === target);
  if (same) {
    await same.focus();
    return;
  }
  const any = windows[0];
  if (any) {
    // Navigation first: focusing may be refused (no user activation left) and must not keep the tab where it was.
    await any.navigate(target);
    await any.focus().catch(() => undefined);
    return;
  }
  await clients.openWindow(target);
}
