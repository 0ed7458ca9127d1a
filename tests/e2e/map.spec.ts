import { expect, open, test, town } from "./helpers";

/**
 * /mapa (issue #33) at 360 px. With JavaScript: the listings as markers over tiles from the
 * server's tile server STAND-IN (/og/mapa/{z}/{x}/{y}: no tile server is reachable here), each
 * marker coloured by its open state; a marker opens a small card whose link leads to the
 * listing; the filters redraw the markers. Without: the same listings as a list grouped by
 * neighbourhood, with the same filters as a GET form.
 */

// A business of the Centro, whose pin is within a few hundred metres of the square.
const business = town.businesses.find((b) => b.neighbourhood === "Centro" && !b.ownerKey)!;

test("the markers sit on the stand-in's tiles, and a marker opens its card", { tag: "@js-only" }, async ({ page }) => {
  await open(page, "/mapa", true);
  const map = page.getByRole("region", { name: "Mapa da cidade" });
  const tile = map.locator("img.leaflet-tile-loaded").first();
  await expect(tile).toBeVisible();
  expect(await tile.getAttribute("src")).toMatch(/^\/og\/mapa\/1\d\/\d+\/\d+$/);
  await expect(map.getByText("substituto local de um servidor de mapas", { exact: false })).toBeVisible();
  const markers = map.locator(".leaflet-marker-icon");
  await expect(markers.first()).toBeAttached();
  const listed = await page.getByRole("region", { name: "Lista por bairro" }).getByRole("listitem").count();
  await expect(markers).toHaveCount(listed);
  // Every marker says its state by its colour: open, closed, or no hours.
  expect(await map.locator(".map-pin-open, .map-pin-closed, .map-pin-none").count()).toBe(listed);
  await expect(map.locator(".map-pin-none").first()).toBeAttached();

  // Markers are Leaflet's buttons, named by the listing; neighbours may overlap at this zoom, so
  // the tap is given to this one marker itself rather than to whatever is on top at its point.
  const marker = map.getByRole("button", { name: business.name, exact: true });
  await marker.dispatchEvent("click");
  const card = map.getByRole("region", { name: business.name });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Aberto agora|Fechado agora/)).toBeVisible();
  await card.getByRole("link", { name: "Ver página" }).click();
  await expect(page).toHaveURL(/\/business\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
});

test("the filters redraw the markers", { tag: "@js-only" }, async ({ page }) => {
  await open(page, "/mapa", true);
  const map = page.getByRole("region", { name: "Mapa da cidade" });
  await expect(map.locator(".leaflet-marker-icon").first()).toBeAttached();
  await page.getByLabel("Tipo").selectOption("servicos");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=servicos/);
  // Services keep no hours: once the new pins are drawn, every marker is "no hours".
  await expect(map.locator(".map-pin-open, .map-pin-closed")).toHaveCount(0);
  const listed = await page.getByRole("region", { name: "Lista por bairro" }).getByRole("listitem").count();
  expect(listed).toBeGreaterThan(0);
  await expect(map.locator(".map-pin-none")).toHaveCount(listed);
});

test("without JavaScript the map is a list by neighbourhood, with the same filters", { tag: "@no-js-only" }, async ({ page }) => {
  await open(page, "/mapa", false);
  await expect(page.getByRole("region", { name: "Mapa da cidade" })).toHaveCount(0);
  const list = page.getByRole("region", { name: "Lista por bairro" });
  const centro = list.getByRole("region", { name: "Centro", exact: true });
  const link = centro.getByRole("link").filter({ hasText: business.name });
  await expect(link).toBeVisible();
  await expect(link).toContainText(/do centro$/);

  await page.getByLabel("Tipo").selectOption("negocios");
  await page.getByLabel("Aberto agora").check();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=negocios.*aberto=1/);
  const items = list.getByRole("listitem");
  // At night nothing may be open: then the page says so.
  if ((await items.count()) === 0) await expect(page.getByText("Nada no mapa com esse filtro.")).toBeVisible();
  for (const text of await items.allTextContents()) expect(text).toContain("Aberto agora");

  await page.getByLabel("Tipo").selectOption("motoristas");
  await page.getByLabel("Aberto agora").uncheck();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=motoristas/);
  const drivers = await items.allTextContents();
  expect(drivers.length).toBeGreaterThan(0);
  for (const text of drivers) expect(text).toMatch(/Moto|Carro|Van|Frete/);
});
