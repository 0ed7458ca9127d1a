import type { Page } from "@playwright/test";
import { expect, open, signIn, test, demoUserByUsername, waitForHydration } from "./helpers";

/**
 * Issue #16 (part A): the cart lives in memory for the whole visit — leaving the marketplace
 * and coming back keeps it; a reload or signing out empties it — and without JavaScript the
 * marketplace says so in one line, each item offering its own WhatsApp button instead.
 */

const NEEDS_JS = "O carrinho precisa de JavaScript";
const nav = (page: Page) => page.getByRole("navigation", { name: "Navegação principal" });
const cartButton = (page: Page) => page.getByRole("button", { name: /^Abrir carrinho/ });

async function addFirstItem(page: Page) {
  const add = page.getByRole("button", { name: /^Adicionar ao carrinho: / }).first();
  await add.click();
  await expect(cartButton(page)).toHaveAccessibleName("Abrir carrinho (1 item)");
}

test.describe("the cart", () => {
  test("survives leaving the marketplace and coming back; a reload empties it @js-only", async ({ page }) => {
    await open(page, "/sell-items", true);
    await addFirstItem(page);
    await nav(page).getByRole("link", { name: "Posts" }).click();
    await expect(page).toHaveURL("/posts");
    await nav(page).getByRole("link", { name: "Início" }).click();
    await expect(page).toHaveURL("/");
    await nav(page).getByRole("link", { name: "Vendas" }).click();
    await expect(page).toHaveURL("/sell-items");
    await expect(cartButton(page)).toHaveAccessibleName("Abrir carrinho (1 item)");

    await page.reload();
    await waitForHydration(page);
    await expect(cartButton(page)).toHaveAccessibleName("Abrir carrinho (vazio)");
  });

  test("is emptied on sign-out @js-only", async ({ page }) => {
    await signIn(page, demoUserByUsername("luiza_fernandes").email, "/sell-items", true);
    await addFirstItem(page);
    await nav(page).getByRole("link", { name: "Perfil" }).click();
    await expect(page).toHaveURL("/profile");
    await page.getByRole("button", { name: "Sair", exact: true }).click();
    await expect(page).toHaveURL("/");
    await waitForHydration(page);
    await nav(page).getByRole("link", { name: "Vendas" }).click();
    await expect(page).toHaveURL("/sell-items");
    await expect(cartButton(page)).toHaveAccessibleName("Abrir carrinho (vazio)");
  });

  test("without JavaScript the marketplace says in one line that the cart needs it, and each item's WhatsApp button works", async ({
    page,
    javaScriptEnabled,
  }) => {
    await open(page, "/sell-items", javaScriptEnabled);
    // Playwright's text and role matching skip <noscript>, so its content is found by CSS.
    const needsJs = page.locator("noscript p");
    // The item's WhatsApp button is no <noscript>: it shows until the page is hydrated (issue
    // #29), and role matching skips it once hidden.
    const whatsApp = page.getByRole("link", { name: /^WhatsApp sobre / });
    if (javaScriptEnabled) {
      await expect(needsJs).toHaveCount(0);
      await expect(whatsApp).toHaveCount(0);
      await expect(cartButton(page)).toBeVisible();
      return;
    }
    await expect(needsJs).toHaveCount(1);
    await expect(needsJs).toBeVisible();
    await expect(needsJs).toContainText(NEEDS_JS);
    const card = page.getByTestId("sell-item-card").filter({ has: whatsApp }).first();
    const itemLink = card.getByRole("link", { name: /^WhatsApp sobre / });
    await expect(itemLink).toBeVisible();
    const title = (await card.getByRole("heading", { level: 2 }).innerText()).trim();
    await expect(itemLink).toHaveText(`WhatsApp sobre ${title}`);
    const href = (await itemLink.getAttribute("href"))!;
    expect(href).toMatch(/^https:\/\/wa\.me\//);
    const text = new URL(href).searchParams.get("text")!;
    expect(text).toContain(title);
    expect(text).toMatch(/\/sell-items\/[0-9a-f-]{36}/);
  });
});
