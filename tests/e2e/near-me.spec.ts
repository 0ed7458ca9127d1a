import type { Page } from "@playwright/test";
import { neighbourhoodCentre, offsetBy } from "../../core/town-map";
import { expect, open, test } from "./helpers";

/**
 * "Perto de mim" (issue #33) at 360 px: with a granted position (Playwright's geolocation) the
 * list reloads in distance order with each distance shown, and "Aberto agora" keeps the order;
 * a denied permission explains itself and keeps the list; without JavaScript a neighbourhood
 * orders the list from its centre.
 */

// A resident standing 250 m north-east of the Jardim das Flores' centre.
const HERE = offsetBy(neighbourhoodCentre("Jardim das Flores")!, 180, 170);

/** The distances the cards show, in metres, in page order. */
async function shownMetres(page: Page): Promise<number[]> {
  const texts = await page.getByRole("list").locator("li").getByText(/^(menos de 50 m|\d+ m|\d+(,\d)? km)$/).allTextContents();
  return texts.map((t) => (t.startsWith("menos") ? 0 : t.endsWith(" km") ? Number(t.slice(0, -3).replace(",", ".")) * 1000 : Number(t.slice(0, -2))));
}

function expectNearestFirst(metres: number[]) {
  expect(metres.length).toBeGreaterThan(3);
  for (let i = 1; i < metres.length; i++) expect(metres[i]!).toBeGreaterThanOrEqual(metres[i - 1]!);
}

test.describe("granted position", () => {
  test.use({ geolocation: HERE, permissions: ["geolocation"] });

  test("orders the businesses by distance, shows it, and keeps the order with Aberto agora", { tag: "@js-only" }, async ({ page }) => {
    await open(page, "/businesses", true);
    await page.getByRole("button", { name: "Perto de mim" }).click();
    await expect(page).toHaveURL(/[?&]perto=-21\.\d{3}%2C-45\.\d{3}$|[?&]perto=-21\.\d{3},-45\.\d{3}$/);
    await expect(page.getByText("Em ordem de distância de você (posição aproximada, que o Guida não guarda).")).toBeVisible();
    await expect(page.getByRole("list").locator("li").getByText(/^(menos de 50 m|\d+ m|\d+(,\d)? km)$/).first()).toBeVisible();
    expectNearestFirst(await shownMetres(page));
    // The nearest business is within a few hundred metres of a neighbourhood's centre.
    expect((await shownMetres(page))[0]!).toBeLessThan(1_000);

    await page.getByRole("checkbox", { name: "Aberto agora" }).check();
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/aberto=1/);
    await expect(page).toHaveURL(/perto=/);
    await expect(page.getByText("Em ordem de distância de você", { exact: false })).toBeVisible();

    await page.getByRole("link", { name: "Voltar à ordem alfabética" }).click();
    await expect(page).not.toHaveURL(/perto=/);
    // The URL changes before React commits the list it names: polled until the distances are gone.
    await expect.poll(() => shownMetres(page)).toEqual([]);
  });

  test("orders the drivers and the services too", { tag: "@js-only" }, async ({ page }) => {
    for (const path of ["/drivers/all", "/services"]) {
      await open(page, path, true);
      await page.getByRole("button", { name: "Perto de mim" }).click();
      await expect(page).toHaveURL(/perto=/);
      // The URL changes a moment before the list it names is on the screen.
      await expect(page.getByText("Em ordem de distância de você", { exact: false })).toBeVisible();
      await expect(page.getByRole("list").locator("li").getByText(/^(menos de 50 m|\d+ m|\d+(,\d)? km)$/).first()).toBeVisible();
      expectNearestFirst(await shownMetres(page));
    }
  });
});

test.describe("denied position", () => {
  test.use({ permissions: [] });

  test("explains itself and keeps the list as it was", { tag: "@js-only" }, async ({ page, context }) => {
    await context.clearPermissions();
    await open(page, "/services", true);
    const before = await page.getByRole("list", { name: "Serviços" }).locator("li").count();
    await page.getByRole("button", { name: "Perto de mim" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Você não permitiu que o Guida veja sua localização." })).toBeVisible();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("list", { name: "Serviços" }).locator("li")).toHaveCount(before);
  });
});

test("without JavaScript a neighbourhood orders the list from its centre", { tag: "@no-js-only" }, async ({ page }) => {
  await open(page, "/drivers/all", false);
  await expect(page.getByRole("button", { name: "Perto de mim" })).toHaveCount(0);
  await page.getByLabel("Perto do bairro").selectOption("Várzea");
  await page.getByRole("button", { name: "Ordenar" }).click();
  await expect(page).toHaveURL(/\/drivers\/all\?perto=V%C3%A1rzea$/);
  await expect(page.getByText("Em ordem de distância do centro de Várzea.")).toBeVisible();
  expectNearestFirst(await shownMetres(page));
  // The filters keep the order: "Disponíveis" from Várzea still.
  await page.getByRole("link", { name: "Disponíveis", exact: false }).first().click();
  await expect(page).toHaveURL(/\/drivers\/disponiveis\?perto=V%C3%A1rzea/);
});
