import type { BrowserContext, Page } from "@playwright/test";
import { demoUserByUsername, expect, signInOverHttp, test, waitForHydration } from "./helpers";

/**
 * Web Push's browser half (issue #31), in the "pwa" project (service workers on). Chromium's
 * pushManager.subscribe needs Google's push service, unreachable here: the page's PushManager
 * is stubbed to hand out a subscription with a push-service-like endpoint (a STAND-IN; nothing
 * is sent to it), and the message reaches the worker through CDP
 * (ServiceWorker.deliverPushMessage), as a push service's would.
 */

const JS_ONLY = { tag: "@js-only" };
const resident = demoUserByUsername("larissa_duarte");
test.describe.configure({ timeout: 60_000 });

/** A subscription as Chromium would give it, for an endpoint the stand-in names. */
async function stubPushManager(context: BrowserContext, endpoint: string) {
  await context.addInitScript((endpoint) => {
    const json = { endpoint, expirationTime: null, keys: { p256dh: `B${"w".repeat(86)}`, auth: "a".repeat(22) } };
    // Kept across loads, as the browser keeps a real subscription.
    const KEY = "e2e-push-subscribed";
    const subscription = { endpoint, toJSON: () => json, unsubscribe: async () => (sessionStorage.removeItem(KEY), true) };
    const proto = (window as unknown as { PushManager?: { prototype: Record<string, unknown> } }).PushManager?.prototype;
    if (!proto) return;
    proto.subscribe = async () => (sessionStorage.setItem(KEY, "1"), subscription);
    proto.getSubscription = async () => (sessionStorage.getItem(KEY) ? subscription : null);
  }, endpoint);
}

async function workerRegistrationId(page: Page): Promise<{ send: (data: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(new URL(page.url()).origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  const origin = new URL(page.url()).origin;
  return { send: async (data) => void (await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data })) };
}

test("without JavaScript the switch says what it does and that it needs JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: "pt-BR" });
  const page = await context.newPage();
  await signInOverHttp(page, resident);
  await page.goto("/notifications");
  const section = page.getByRole("region", { name: "Notificações no celular" });
  await expect(section).toContainText("Receba um aviso mesmo com o Guida fechado");
  await expect(section).toContainText("Para ativar, é preciso JavaScript");
  await expect(section.getByRole("button", { name: "Ativar notificações" })).toBeDisabled();
  await context.close();
});

test("a resident turns notifications on; a pushed message shows with its title and a tap opens the item", JS_ONLY, async ({ page, context }) => {
  const endpoint = `https://push.exemplo.com.br/send/e2e-${Date.now().toString(36)}`;
  await context.grantPermissions(["notifications"]);
  await stubPushManager(context, endpoint);
  await signInOverHttp(page, resident);
  await page.goto("/notifications");
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  const section = page.getByRole("region", { name: "Notificações no celular" });
  await section.getByRole("checkbox", { name: "Meus favoritos" }).uncheck();
  await section.getByRole("button", { name: "Ativar notificações" }).click();
  await expect(section.getByRole("status")).toContainText("Notificações ativadas neste aparelho.");
  // The server keeps the device with the kinds chosen: a new load of the page shows them.
  await page.reload();
  await waitForHydration(page);
  await expect(section.getByRole("status")).toContainText("Notificações ativadas neste aparelho.");
  await expect(section.getByRole("checkbox", { name: "Meus favoritos" })).not.toBeChecked();
  await expect(section.getByRole("checkbox", { name: "Respostas e comentários" })).toBeChecked();

  const worker = await workerRegistrationId(page);
  await worker.send(JSON.stringify({ title: "Novo comentário no seu post", body: "Ana: “Vi sim!”", url: "/businesses", tag: "e2e" }));
  const shownNotification = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const [first] = await registration.getNotifications();
      return first ? { title: first.title, body: first.body, url: (first.data as { url: string }).url, icon: first.icon } : null;
    });
  await expect
    .poll(shownNotification, { timeout: 15_000 })
    .toEqual({ title: "Novo comentário no seu post", body: "Ana: “Vi sim!”", url: "/businesses", icon: expect.stringContaining("/icons/icon-192.png") });

  // A tap: the worker's notificationclick, dispatched in the worker (no notification UI to click headless).
  const [sw] = context.serviceWorkers();
  expect(sw).toBeDefined();
  await sw!.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
    const [notification] = await scope.registration.getNotifications();
    const Ctor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    scope.dispatchEvent(new Ctor("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Comércios|Negócios/);

  // Turning it off forgets the device on the server.
  await page.goto("/notifications");
  await waitForHydration(page);
  await section.getByRole("button", { name: "Desativar neste aparelho" }).click();
  await expect(section.getByRole("button", { name: "Ativar notificações" })).toBeVisible();
  const html = await (await page.request.get("/notifications")).text();
  expect(html).not.toContain(endpoint);
});
