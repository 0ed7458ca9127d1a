import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  DEMO_PASSWORD,
  demoUserByUsername,
  expect,
  loginUrlFor,
  open,
  signIn,
  submitSignIn,
  test,
  town,
  waitForHydration,
} from "./helpers";

/**
 * Favorites against the production server: the heart on a business page, the /favorites
 * list (type filter, "Remover"), a visitor sent to /login and back, and forged posts the
 * action must refuse. Everything runs in the "js" and "no-js" projects unless tagged.
 */

const EMPTY_STATE = "Você ainda não favoritou nada";

// Residents no other spec signs in with (and who own no business), one per test and
// project: both projects share one database, and favorites belong to the user.
const USERS = {
  flow: { js: demoUserByUsername("joao_almeida"), "no-js": demoUserByUsername("cida_ribeiro") },
  forged: { js: demoUserByUsername("leticia_barbosa"), "no-js": demoUserByUsername("chico_lima") },
  visitor: demoUserByUsername("patricia_mendes"),
};

const bakeries = town.businesses.filter((b) => b.category === "Padaria");
const project = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "no-js");

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
  // With JavaScript the heart changes at once, before the server has saved anything: wait for
  // the write itself, or a page opened next could still show the old list.
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/favorites"));
  await page.getByRole("button", { name: before, exact: true }).click();
  expect((await saved).status()).toBeLessThan(400);
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

  test("a visitor's heart goes to /login and back to the business, and the favorite is added @no-js-only", async ({ page }) => {
    const business = bakeries[2]!;
    const id = await openBakery(page, business.name, false);
    await page.getByRole("button", { name: `Favoritar ${business.name}`, exact: true }).click();
    // The heart travels along: /login?redirectTo=…&favoritar=business:<id>.
    await expect(page).toHaveURL(`${loginUrlFor(`/business/${id}`)}&favoritar=${encodeURIComponent(`business:${id}`)}`);

    await submitSignIn(page, USERS.visitor.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(`/business/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
    await expect(page.getByRole("button", { name: `Remover ${business.name} dos favoritos`, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
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
