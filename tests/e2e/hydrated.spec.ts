import type { Page, Request } from "@playwright/test";
import { LOADER_FRESH_MS } from "../../app/lib/loader-cache";
import { IMAGE_CACHE_DB, IMAGE_CACHE_STORE } from "../../app/lib/image-cache-policy";
import { TOAST_DURATION_MS } from "../../app/lib/toast-store";
import { DEMO_PASSWORD, demoUserByUsername, expect, submitSignIn, test, waitForHydration } from "./helpers";

/**
 * What only a hydrated page does: the in-memory loader cache (repeat visits without a
 * request, refetch on coming back online), the IndexedDB image cache (and its report on
 * /debug/storage) and the two toast systems. All @js-only: without JavaScript none exist.
 */

const larissa = demoUserByUsername("larissa_duarte");
const LOGOUT_MESSAGE = "Logout realizado com sucesso!";

const bottomNav = (page: Page) => page.getByRole("navigation", { name: "Navegação principal" });

/** Client-side navigation through the bottom nav, waiting until the new page shows. */
async function navTo(page: Page, label: "Início" | "Negócios") {
  await bottomNav(page).getByRole("link", { name: label, exact: true }).click();
  if (label === "Negócios") {
    await expect(page).toHaveURL("/businesses");
    await expect(page.getByRole("heading", { level: 1, name: "Negócios" })).toBeVisible();
  } else {
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Bem-vindo a Vila Serena" })).toBeVisible();
  }
}

/**
 * Counts the requests for the /businesses listing's data (its client loader calling the
 * server loader). A navigation also revalidates the root loader (user, flash) through
 * "/businesses.data?_routes=root": that one carries none of the listing, so it is not counted.
 */
function countBusinessesData(page: Page) {
  const seen: Request[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith("/businesses.data")) return;
    const routes = url.searchParams.get("_routes");
    if (routes === null || routes.split(",").includes("routes/businesses")) seen.push(request);
  });
  return () => seen.length;
}

/**
 * Records in the image cache, read with the raw IndexedDB API. Never creates the database:
 * opening a missing one here would stop the module's own upgrade (the store) from running.
 */
async function imageCacheUrls(page: Page): Promise<string[]> {
  return page.evaluate(
    async ([name, store]) => {
      const names = (await indexedDB.databases()).map((db) => db.name);
      if (!names.includes(name)) return [];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return [];
        return await new Promise<string[]>((resolve, reject) => {
          const request = db.transaction(store, "readonly").objectStore(store).getAllKeys();
          request.onsuccess = () => resolve(request.result.map(String));
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    [IMAGE_CACHE_DB, IMAGE_CACHE_STORE] as const,
  );
}

/**
 * Opens /businesses and waits until at least one logo has been kept in the image cache.
 * The seed's artwork is rendered in the background for the first seconds after the
 * server starts, so a logo may 404 at first: reload until one loads and is cached.
 */
async function visitBusinessesUntilImagesCached(page: Page): Promise<string[]> {
  await expect(async () => {
    await page.goto("/businesses");
    await waitForHydration(page);
    await expect
      .poll(() => imageCacheUrls(page).then((urls) => urls.length), { timeout: 3_000 })
      .toBeGreaterThan(0);
  }).toPass({ timeout: 45_000 });
  return imageCacheUrls(page);
}

test.describe("loader cache", { tag: "@js-only" }, () => {
  test("a repeat visit within 5 minutes makes no request; after 5 minutes it fetches again", async ({ page }) => {
    await page.clock.install();
    const requests = countBusinessesData(page);
    await page.goto("/");
    await waitForHydration(page);
    expect(requests()).toBe(0);

    await navTo(page, "Negócios");
    await expect.poll(requests).toBe(1);
    await navTo(page, "Início");
    await navTo(page, "Negócios");
    // Rendered from memory: the listing is on screen and still only the first request was made.
    await expect(page.getByRole("list").getByRole("link").first()).toBeVisible();
    expect(requests()).toBe(1);

    // Five minutes later the entry is stale: the next visit asks the server again.
    await navTo(page, "Início");
    await page.clock.fastForward(LOADER_FRESH_MS + 1_000);
    await navTo(page, "Negócios");
    await expect.poll(requests).toBe(2);
  });

  test("coming back online refetches the visible listing", async ({ page, context }) => {
    const requests = countBusinessesData(page);
    await page.goto("/");
    await waitForHydration(page);
    await navTo(page, "Negócios");
    await expect.poll(requests).toBe(1);

    // Records that the browser itself fired "online" (Chromium does on setOffline(false)).
    await page.evaluate(() => {
      (window as unknown as { onlineEvents: number }).onlineEvents = 0;
      window.addEventListener("online", () => (window as unknown as { onlineEvents: number }).onlineEvents++);
    });
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    // Still fresh: nothing was refetched while offline.
    expect(requests()).toBe(1);
    await context.setOffline(false);
    await expect.poll(() => page.evaluate(() => (window as unknown as { onlineEvents: number }).onlineEvents)).toBe(1);

    await expect.poll(requests).toBe(2);
    await expect(page.getByRole("heading", { level: 1, name: "Negócios" })).toBeVisible();
  });
});

test.describe("image cache", { tag: "@js-only" }, () => {
  test("a logo shown twice comes from IndexedDB the second time, without a network request", async ({ page }) => {
    const cached = await visitBusinessesUntilImagesCached(page);
    // Keys are the image's default source "/media/square/<id>-192.webp"; the browser may
    // have loaded another width of it, so a request for any width of these images counts.
    const cachedIds = cached.map((url) => url.replace(/-\d+\.webp$/, "-"));
    expect(cachedIds.length).toBeGreaterThan(0);

    await navTo(page, "Início");
    const imageRequests: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (cachedIds.some((prefix) => path.startsWith(prefix))) imageRequests.push(path);
    });
    await navTo(page, "Negócios");

    const fromCache = page.locator('main img[data-source="image-cache"]');
    await expect(fromCache.first()).toBeVisible();
    await expect(fromCache.first()).toHaveAttribute("src", /^blob:/);
    // Every cached logo on the page is shown from the cache, and really drawn. Logos still joining
    // the cache after the snapshot above are shown from it too, so the count may only grow.
    await expect.poll(() => fromCache.count()).toBeGreaterThanOrEqual(cached.length);
    await expect
      .poll(() => fromCache.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    expect(imageRequests).toEqual([]);
  });

  test("/debug/storage reports the cached images and clears them", async ({ page }) => {
    const cached = await visitBusinessesUntilImagesCached(page);
    await page.goto("/debug/storage");
    const section = page.getByRole("region", { name: "Cache de imagens" });
    const fact = (term: string) =>
      section.locator("dl > div").filter({ has: page.locator("dt", { hasText: term }) }).locator("dd");
    // Images may still be joining the cache from the previous page: at least those seen.
    await expect
      .poll(async () => Number(((await fact("Imagens").textContent()) ?? "0").replace(/\D/g, "")))
      .toBeGreaterThanOrEqual(cached.length);

    await section.getByRole("button", { name: "Limpar cache de imagens" }).click();
    await expect(section.getByText("vazio", { exact: true })).toBeVisible();
    expect(await imageCacheUrls(page)).toEqual([]);
  });
});

test.describe("toasts", { tag: "@js-only" }, () => {
  test("the sign-out flash becomes a sonner toast that leaves after 4 seconds", async ({ page }) => {
    await page.clock.install();
    await page.goto("/login");
    await waitForHydration(page);
    await submitSignIn(page, larissa.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/");

    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL("/");
    await waitForHydration(page);

    const toaster = page.locator('section[aria-label^="Notificações"]');
    const toast = toaster.locator("[data-sonner-toast]");
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(LOGOUT_MESSAGE);
    // Handed over: the server-rendered status message is gone, the text shows once.
    await expect(page.getByText(LOGOUT_MESSAGE)).toHaveCount(1);

    await page.clock.fastForward(TOAST_DURATION_MS + 100);
    await expect(toast).toHaveCount(0);
    await expect(page.getByText(LOGOUT_MESSAGE)).toHaveCount(0);
  });

  test("the simple store shows one 'Login required' toast however often a visitor taps the heart", async ({ page }) => {
    await page.clock.install();
    await page.goto("/businesses");
    await waitForHydration(page);
    const first = page.locator("main ul").getByRole("link").first();
    const name = (await first.locator("span.font-semibold").first().textContent())!;
    await first.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    const heart = page.getByRole("button", { name: `Favoritar ${name}` });
    const simple = page.getByTestId("simple-toast");
    await heart.click();
    await heart.click();
    await heart.click();
    await expect(simple).toHaveCount(1);
    await expect(simple).toContainText("Login required");
    await expect(simple).toContainText("You need to be logged in to add favorites.");
    // A visitor's tap never reaches the server.
    await expect(page).toHaveURL(/\/business\//);

    await page.clock.fastForward(TOAST_DURATION_MS + 100);
    await expect(simple).toHaveCount(0);
  });
});
