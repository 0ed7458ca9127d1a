import { randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { buildDemoTown } from "../../server/db/seed-data";

/**
 * Favorites against the production server: the heart on a business page, the /favorites
 * list (type filter, "Remover"), a visitor sent to /login and back, and forged posts the
 * action must refuse. Everything runs in the "js" and "no-js" projects unless tagged.
 */

// Uncaught errors in the page (a broken hydration, a failing effect) fail the test.
const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on("pageerror", (error) => errors.push(error));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

// The server seeds this exact town on first start; every demo resident's password is guida2026.
const town = buildDemoTown();
const DEMO_PASSWORD = "guida2026";
const EMPTY_STATE = "Você ainda não favoritou nada";

const demoUser = (username: string) => {
  const user = town.users.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
};

// Residents no other spec signs in with (and who own no business), one per test and
// project: both projects share one database, and favorites belong to the user.
const USERS = {
  flow: { js: demoUser("joao_almeida"), "no-js": demoUser("cida_ribeiro") },
  forged: { js: demoUser("leticia_barbosa"), "no-js": demoUser("chico_lima") },
  visitor: demoUser("patricia_mendes"),
};

const bakeries = town.businesses.filter((b) => b.category === "Padaria");
const project = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "no-js");

/** Resolves once React has hydrated the page (see accounts.spec.ts for why this signal). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => "__reactRouterDataRouter" in window && window.localStorage.getItem("guida-theme") !== null,
  );
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
  return response;
}

async function signIn(page: Page, email: string, redirectTo: string, javaScriptEnabled: boolean) {
  await open(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`, javaScriptEnabled);
  await page.getByLabel("E-mail ou celular", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(redirectTo);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Opens a bakery's page from the list and returns its id (the seed has no ids). */
async function openBakery(page: Page, name: string, javaScriptEnabled: boolean) {
  await open(page, "/businesses?categoria=Padaria", javaScriptEnabled);
  await page.getByRole("link").filter({ hasText: name }).first().click();
  await expect(page).toHaveURL(/\/business\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
  return new URL(page.url()).pathname.split("/").pop()!;
}

const favoriteItem = (page: Page, name: string) => page.getByRole("listitem").filter({ hasText: name });

/** Presses the heart and waits for it to show the new state (a reload without JavaScript). */
async function pressHeart(page: Page, name: string, adding: boolean) {
  const before = adding ? `Favoritar ${name}` : `Remover ${name} dos favoritos`;
  const after = adding ? `Remover ${name} dos favoritos` : `Favoritar ${name}`;
  await page.getByRole("button", { name: before, exact: true }).click();
  await expect(page.getByRole("button", { name: after, exact: true })).toHaveAttribute("aria-pressed", String(adding));
}

test.describe("favorites", () => {
  test("the heart adds a business to /favorites and takes it off again; Remover empties the list", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = USERS.flow[project(javaScriptEnabled)];
    const business = bakeries[javaScriptEnabled ? 0 : 1]!;
    await signIn(page, user.email, "/favorites", javaScriptEnabled);
    await expect(page.getByText(EMPTY_STATE)).toBeVisible();

    const id = await openBakery(page, business.name, javaScriptEnabled);
    await expect(page.getByRole("button", { name: `Favoritar ${business.name}`, exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await pressHeart(page, business.name, true);
    if (!javaScriptEnabled) await expect(page).toHaveURL(`/business/${id}`);

    await open(page, "/favorites", javaScriptEnabled);
    await expect(favoriteItem(page, business.name).getByRole("link")).toHaveAttribute("href", `/business/${id}`);
    await expect(page.getByText(EMPTY_STATE)).toHaveCount(0);

    const filters = page.getByRole("navigation", { name: "Tipos de favorito" });
    await expect(filters.getByRole("link", { name: "Todos", exact: true })).toHaveAttribute("aria-current", "page");
    await filters.getByRole("link", { name: "Negócios", exact: true }).click();
    await expect(page).toHaveURL("/favorites?tipo=business");
    await expect(filters.getByRole("link", { name: "Negócios", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(filters.getByRole("link", { name: "Todos", exact: true })).not.toHaveAttribute("aria-current", "page");
    await expect(favoriteItem(page, business.name).getByRole("link")).toHaveAttribute("href", `/business/${id}`);

    // The heart again, on the business page, takes it off.
    await open(page, `/business/${id}`, javaScriptEnabled);
    await pressHeart(page, business.name, false);
    await open(page, "/favorites", javaScriptEnabled);
    await expect(page.getByText(EMPTY_STATE)).toBeVisible();
    await expect(favoriteItem(page, business.name)).toHaveCount(0);

    // Favorite it again, then take it off from the list with "Remover".
    await open(page, `/business/${id}`, javaScriptEnabled);
    await pressHeart(page, business.name, true);
    await open(page, "/favorites", javaScriptEnabled);
    await favoriteItem(page, business.name).getByRole("button", { name: "Remover", exact: true }).click();
    await expect(page.getByText(EMPTY_STATE)).toBeVisible();
    await expect(favoriteItem(page, business.name)).toHaveCount(0);
    await expect(page).toHaveURL("/favorites");
  });

  test("a visitor's heart goes to /login and back to the business @no-js-only", async ({ page }) => {
    const business = bakeries[2]!;
    const id = await openBakery(page, business.name, false);
    await page.getByRole("button", { name: `Favoritar ${business.name}`, exact: true }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/business/${id}`)}`);

    await page.getByLabel("E-mail ou celular", { exact: true }).fill(USERS.visitor.email);
    await page.getByLabel("Senha", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(`/business/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
  });

  test("forged posts: an unknown item is 404, an unknown type 400, a sent title is ignored", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = USERS.forged[project(javaScriptEnabled)];
    const business = bakeries[javaScriptEnabled ? 3 : 4]!;
    const forgedTitle = "<script>x</script>";
    await signIn(page, user.email, "/favorites", javaScriptEnabled);
    await expect(page.getByText(EMPTY_STATE)).toBeVisible();

    const unknown = await page.request.post("/favorites", {
      form: { intent: "add", itemType: "business", itemId: randomUUID() },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(404);
    await open(page, "/favorites", javaScriptEnabled);
    await expect(page.getByText(EMPTY_STATE)).toBeVisible();

    const id = await openBakery(page, business.name, javaScriptEnabled);
    const badType = await page.request.post("/favorites", {
      form: { intent: "add", itemType: "hacker", itemId: id },
      maxRedirects: 0,
    });
    expect(badType.status()).toBe(400);
    await open(page, "/favorites", javaScriptEnabled);
    await expect(page.getByText(EMPTY_STATE)).toBeVisible();

    const withTitle = await page.request.post("/favorites", {
      form: { intent: "add", itemType: "business", itemId: id, title: forgedTitle },
      maxRedirects: 0,
    });
    expect(withTitle.status()).toBe(303);
    await open(page, "/favorites", javaScriptEnabled);
    await expect(favoriteItem(page, business.name).getByRole("link")).toHaveAttribute("href", `/business/${id}`);
    await expect(page.getByText(forgedTitle)).toHaveCount(0);
    expect(await page.content()).not.toContain(forgedTitle);
  });
});
