import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_BADGE, NOTIFICATION_ICON, notificationOf, openTarget, readPushMessage, targetOf, type ClientsLike, type WindowClientLike } from "~/worker/push";
import { resolveVapid, VAPID_FILE } from "#server/live/vapid";
import { backoffSeconds } from "#server/live/push";

// Issue #31: the service worker's half of Web Push, run without a browser (Chromium's own
// pushManager needs Google's push service, unreachable here), and the server's VAPID keys.

const ORIGIN = "https://guida.exemplo.com.br";

describe("the worker's push handler", () => {
  it("shows the message's title, text and the app's icon and badge, keeping the item's address", () => {
    const message = readPushMessage({ json: () => ({ title: "Novo comentário no seu post", body: "Ana: “Vi sim!”", url: "/posts/1?comentario=2#comentario-2", tag: "n1" }) });
    expect(notificationOf(message)).toEqual({
      title: "Novo comentário no seu post",
      options: { body: "Ana: “Vi sim!”", icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, tag: "n1", data: { url: "/posts/1?comentario=2#comentario-2" }, lang: "pt-BR" },
    });
    for (const icon of [NOTIFICATION_ICON, NOTIFICATION_BADGE]) expect(fs.existsSync(path.join("public", icon))).toBe(true);
  });

  it("an unreadable push still shows a notification, pointing to /notifications", () => {
    expect(readPushMessage({ json: () => { throw new SyntaxError("not JSON"); } })).toEqual({ title: "Guida", body: "Você tem uma notificação nova.", url: "/notifications", tag: "guida" });
    expect(readPushMessage(null).url).toBe("/notifications");
  });

  it("a tap opens only this site's pages", () => {
    expect(targetOf({ url: "/business/9" }, ORIGIN)).toBe(`${ORIGIN}/business/9`);
    expect(targetOf({ url: "https://golpe.example/x" }, ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(targetOf({ url: "//golpe.example/x" }, ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(targetOf(undefined, ORIGIN)).toBe(`${ORIGIN}/notifications`);
  });

  function windows(...urls: string[]): { clients: ClientsLike; opened: string[]; tabs: (WindowClientLike & { focused: boolean })[] } {
    const opened: string[] = [];
    const tabs = urls.map((url) => {
      const tab = { url, focused: false, focus: vi.fn(async () => void (tab.focused = true)), navigate: vi.fn(async (to: string) => void (tab.url = to)) };
      return tab;
    });
    return { clients: { matchAll: async () => tabs, openWindow: async (url) => void opened.push(url) }, opened, tabs };
  }

  it("a tap focuses a tab already on the item, else brings a Guida tab to it, else opens one", async () => {
    const target = `${ORIGIN}/posts/1`;
    const onItem = windows(`${ORIGIN}/`, target);
    await openTarget(onItem.clients, target, ORIGIN);
    expect(onItem.tabs.map((t) => t.focused)).toEqual([false, true]);
    expect(onItem.opened).toEqual([]);

    const elsewhere = windows("https://outro.example/", `${ORIGIN}/businesses`);
    await openTarget(elsewhere.clients, target, ORIGIN);
    expect(elsewhere.tabs[1]).toMatchObject({ focused: true, url: target });
    expect(elsewhere.tabs[0]!.focused).toBe(false);

    const none = windows();
    await openTarget(none.clients, target, ORIGIN);
    expect(none.opened).toEqual([target]);
  });
});

describe("the server's VAPID keys", () => {
  let dir: string | undefined;
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));
  const base = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined, PUBLIC_URL: undefined, ADMIN_EMAIL: undefined, DATABASE_URL: undefined };

  it("are generated once into the data folder, said once, and read back on the next start", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-vapid-"));
    const first = resolveVapid({ ...base, DATA_DIR: dir });
    expect(first.notice).toContain(first.config.publicKey);
    expect(first.config.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(fs.statSync(path.join(dir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    const second = resolveVapid({ ...base, DATA_DIR: dir });
    expect(second).toEqual({ config: first.config, notice: null });
    expect(first.config.subject).toBe("mailto:guida@localhost");
  });

  it("come from the configuration when set, with the public site as contact", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-vapid-"));
    const configured = resolveVapid({ ...base, DATA_DIR: dir, VAPID_PUBLIC_KEY: "P".repeat(87), VAPID_PRIVATE_KEY: "k".repeat(43), PUBLIC_URL: ORIGIN });
    expect(configured).toEqual({ config: { publicKey: "P".repeat(87), privateKey: "k".repeat(43), subject: ORIGIN }, notice: null });
    expect(fs.existsSync(path.join(dir, VAPID_FILE))).toBe(false);
  });

  it("several servers on PostgreSQL are told to share one pair", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-vapid-"));
    expect(resolveVapid({ ...base, DATA_DIR: dir, DATABASE_URL: "postgres://x@db/guida" }).notice).toContain("same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY on every one");
  });
});

describe("push retries", () => {
  it("follow Retry-After (at most an hour), else 30 s doubling", () => {
    expect(backoffSeconds(1, "120")).toBe(120);
    expect(backoffSeconds(1, "999999")).toBe(3600);
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, null))).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(1, "Wed, 21 Oct 2026 07:28:00 GMT")).toBe(30);
  });
});
