import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { demoUserByUsername, expect, open, signIn, test, town, waitForHydration } from "./helpers";

/**
 * Issue #16 (part A) and #17's favorites, on a 360 px phone with and without JavaScript:
 * hearts on services, drivers and news; /favorites by kind and 20 per page; each page
 * carrying only its own hearts; a failed heart is a toast; removing a non-favorite is a 4xx.
 * Residents no other spec signs in with, one per test and project (favorites are per user).
 */

const project = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "no-js");
const USERS = {
  kinds: { js: demoUserByUsername("dona_conceicao"), "no-js": demoUserByUsername("edu_pinto") },
  pages: { js: demoUserByUsername("mari_campos"), "no-js": demoUserByUsername("vini_moura") },
  failures: demoUserByUsername("rosangela_dias"),
  forged: { js: demoUserByUsername("henrique_castro"), "no-js": demoUserByUsername("isa_freitas") },
};

/** Presses a heart and waits for it to show the new state (a reload without JavaScript). */
async function pressHeart(page: Page, name: string, adding: boolean) {
  const before = adding ? `Favoritar ${name}` : `Remover ${name} dos favoritos`;
  const after = adding ? `Remover ${name} dos favoritos` : `Favoritar ${name}`;
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/favorites"));
  await page.getByRole("button", { name: before, exact: true }).click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByRole("button", { name: after, exact: true })).toHaveAttribute("aria-pressed", String(adding));
}

const favoriteLine = (page: Page, title: string) => page.getByRole("listitem").filter({ hasText: title });

/** The ids of the businesses listed on the first pages of /businesses (the seed has no ids). */
async function businessIds(page: Page, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; ids.length < count; n++) {
    const html = await (await page.request.get(`/businesses?pagina=${n}`)).text();
    for (const [, id] of html.matchAll(/href="\/business\/([0-9a-f-]{36})"/g)) if (!ids.includes(id!)) ids.push(id!);
  }
  return ids.slice(0, count);
}

test.describe("favorites of every kind", () => {
  test("services, drivers and news have hearts on their lists and pages; /favorites shows each kind by what it is", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = USERS.kinds[project(javaScriptEnabled)];
    const driver = town.drivers[javaScriptEnabled ? 0 : 1]!;
    const article = town.news[javaScriptEnabled ? 0 : 1]!;
    const service = town.services[javaScriptEnabled ? 0 : 1]!;
    await signIn(page, user.email, "/favorites", javaScriptEnabled);

    await open(page, "/drivers/all", javaScriptEnabled);
    await pressHeart(page, driver.name, true);
    await page.getByRole("link").filter({ hasText: driver.name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: driver.name })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByRole("button", { name: `Remover ${driver.name} dos favoritos`, exact: true })).toHaveAttribute("aria-pressed", "true");

    await open(page, "/news", javaScriptEnabled);
    await page.getByRole("link", { name: article.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);
    await pressHeart(page, article.title, true);
    await open(page, "/news", javaScriptEnabled);
    await expect(page.getByRole("button", { name: `Remover ${article.title} dos favoritos`, exact: true })).toHaveAttribute("aria-pressed", "true");

    await open(page, `/services?categoria=${encodeURIComponent(service.category)}`, javaScriptEnabled);
    await pressHeart(page, service.name, true);

    await open(page, "/favorites", javaScriptEnabled);
    const areas = `${driver.areas[0]} e mais ${driver.areas.length - 1}`;
    await expect(favoriteLine(page, driver.name)).toContainText(`Motoristas${driver.name}${driver.vehicleDescription} · ${areas}`);
    await expect(favoriteLine(page, driver.name)).not.toContainText(driver.areas[1]!);
    await expect(favoriteLine(page, article.title)).toContainText(`Notícias${article.title}por `);
    await expect(favoriteLine(page, service.name)).toContainText(`Serviços${service.name}`);
    // No creation date on any line ("23/11/2026", "23 de nov.").
    await expect(page.getByRole("list").last()).not.toContainText(/\d{1,2}\/\d{1,2}\/\d{4}|\d{1,2} de [a-z]{3}\./);

    const filters = page.getByRole("navigation", { name: "Tipos de favorito" });
    await filters.getByRole("link", { name: "Motoristas", exact: true }).click();
    await expect(page).toHaveURL("/favorites?tipo=driver");
    await expect(favoriteLine(page, driver.name).getByRole("link")).toHaveAttribute("href", /^\/driver\//);
    await expect(favoriteLine(page, article.title)).toHaveCount(0);
  });

  test("/favorites shows 20 per page, newest first, with links to the next and previous pages; under 50 KB; every other page carries only its own hearts", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = USERS.pages[project(javaScriptEnabled)];
    await signIn(page, user.email, "/favorites", javaScriptEnabled);
    const ids = await businessIds(page, 21);
    for (const id of ids) {
      const added = await page.request.post("/favorites", { form: { intent: "add", itemType: "business", itemId: id }, maxRedirects: 0 });
      expect(added.status()).toBe(303);
    }

    await open(page, "/favorites", javaScriptEnabled);
    const links = page.getByRole("main").getByRole("listitem").getByRole("link");
    await expect(links).toHaveCount(20);
    // Newest first: the last one saved leads, the first one saved waits on page 2.
    await expect(links.first()).toHaveAttribute("href", `/business/${ids[20]}`);
    await expect(page.locator(`a[href="/business/${ids[0]}"]`)).toHaveCount(0);
    // Keyset pages (issue #17): "Próxima" starts after the last one shown, "Anterior" ends
    // before the first; an old ?pagina=2 link still shows the same page.
    await page.getByRole("link", { name: "Próxima →" }).click();
    await expect(page).toHaveURL(`/favorites?depois=${ids[1]}&pagina=2`);
    await expect(links).toHaveCount(1);
    await expect(links.first()).toHaveAttribute("href", `/business/${ids[0]}`);
    await page.getByRole("link", { name: "← Anterior" }).click();
    await expect(page).toHaveURL("/favorites");
    await expect(links).toHaveCount(20);
    await expect(links.first()).toHaveAttribute("href", `/business/${ids[20]}`);
    await open(page, "/favorites?pagina=2", javaScriptEnabled);
    await expect(links).toHaveCount(1);
    await expect(links.first()).toHaveAttribute("href", `/business/${ids[0]}`);

    const html = await (await page.request.get("/favorites")).text();
    expect(html.length).toBeLessThan(50_000);
    // Pages that show none of these businesses carry none of their ids (the root used to ship them all).
    for (const path of ["/profile", "/news", "/posts"]) {
      const body = await (await page.request.get(path)).text();
      const carried = ids.filter((id) => body.includes(id));
      expect(carried, `${path} carries favorite ids it does not show`).toEqual([]);
    }
    const data = await (await page.request.get("/news.data")).text();
    expect(ids.filter((id) => data.includes(id))).toEqual([]);
  });

  test("removing what is not a favorite is a 4xx with the spec's message, not a 200", async ({ page, javaScriptEnabled }) => {
    const user = USERS.forged[project(javaScriptEnabled)];
    await signIn(page, user.email, "/favorites", javaScriptEnabled);
    const [notSaved] = await businessIds(page, 1);

    const unknown = await page.request.post("/favorites", { form: { intent: "remove", itemType: "business", itemId: randomUUID() }, maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("Error removing favorite");

    const never = await page.request.post("/favorites", { form: { intent: "remove", itemType: "business", itemId: notSaved! }, maxRedirects: 0 });
    expect(never.status()).toBe(404);

    const badType = await page.request.post("/favorites", { form: { intent: "remove", itemType: "hacker", itemId: notSaved! }, maxRedirects: 0 });
    expect(badType.status()).toBe(400);
    expect(await badType.text()).toContain("Error removing favorite");
  });

  test("a heart that fails (no signal, a server error) is the spec's toast; the heart goes back and the page stays @js-only", async ({
    page,
  }) => {
    const article = town.news[2]!;
    await signIn(page, USERS.failures.email, "/news", true);
    await page.getByRole("link", { name: article.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    await waitForHydration(page);
    const heart = (pressed: boolean) =>
      page.getByRole("button", { name: pressed ? `Remover ${article.title} dos favoritos` : `Favoritar ${article.title}`, exact: true });
    const favoritesPost = (url: URL) => url.pathname.startsWith("/favorites");

    // Weak signal: the request never gets through.
    await page.route(favoritesPost, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
    await heart(false).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error adding favorite" })).toBeVisible();
    await expect(heart(false)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByText("Algo deu errado")).toHaveCount(0);
    await page.unroute(favoritesPost);

    // A server that answers 500.
    await page.route(favoritesPost, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "Internal Server Error" }) : route.fallback(),
    );
    await expect(page.getByRole("alert").filter({ hasText: "Error adding favorite" })).toHaveCount(0, { timeout: 10_000 });
    await heart(false).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error adding favorite" })).toBeVisible();
    await expect(heart(false)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("Algo deu errado")).toHaveCount(0);
    await page.unroute(favoritesPost);

    // Saved for real (and the page's data read again after it), then a removal that fails puts
    // the filled heart back.
    const revalidated = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname.endsWith(".data"));
    await pressHeart(page, article.title, true);
    await revalidated;
    await page.route(favoritesPost, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
    await heart(true).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error removing favorite" })).toBeVisible();
    await expect(heart(true)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
  });
});
