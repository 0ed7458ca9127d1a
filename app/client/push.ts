import { onSignOut } from "./sign-out-listeners";

/**
 * The browser's half of Web Push (issue #31), loaded only by /notifications' switch and at
 * sign-out: asks the permission (only on the resident's tap), subscribes this device's
 * service worker to the server's VAPID key and tells the server (POST /notifications).
 */

export type PushSupport = "supported" | "unsupported" | "ios-needs-install";

export function pushSupport(): PushSupport {
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  // iOS and iPadOS offer push only to an app added to the home screen.
  if (/iPhone|iPad|iPod/.test(navigator.userAgent) && !standalone) return "ios-needs-install";
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window ? "supported" : "unsupported";
}

/** This device's subscription, when it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

export type TurnOnResult = "on" | "denied" | "failed";

const WORKER_READY_TIMEOUT_MS = 10_000;

export async function turnOn(publicKey: string, kinds: readonly string[]): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS)),
  ]);
  if (!registration) return "failed";
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  return (await tellServer("push-subscribe", subscription, kinds)) ? "on" : "failed";
}

export async function saveKinds(kinds: readonly string[]): Promise<boolean> {
  const subscription = await currentSubscription();
  return subscription ? tellServer("push-subscribe", subscription, kinds) : false;
}

/** The server forgets the device first (it must still know the resident), then the browser drops it. */
export async function turnOff(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return true;
  const told = await tellServer("push-unsubscribe", subscription, []);
  await subscription.unsubscribe();
  return told;
}

async function tellServer(intent: string, subscription: PushSubscription, kinds: readonly string[]): Promise<boolean> {
  const json = subscription.toJSON();
  const form = new FormData();
  form.set("intent", intent);
  form.set("endpoint", json.endpoint ?? subscription.endpoint);
  form.set("p256dh", json.keys?.p256dh ?? "");
  form.set("auth", json.keys?.auth ?? "");
  for (const kind of kinds) form.append("kinds", kind);
  try {
    const response = await fetch("/notifications", { method: "POST", body: form, redirect: "manual", credentials: "same-origin" });
    return response.ok;
  } catch {
    return false;
  }
}

// Signing out removes this device's subscription (the spec: nothing of the resident stays behind).
onSignOut(async () => {
  await turnOff();
});
