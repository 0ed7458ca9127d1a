import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { telHref } from "../../app/lib/contact-links";
import { demoUserByKey, expect, test, town } from "./helpers";

/**
 * The directory screens against the production server: services, drivers (list, filters,
 * profile) and news (list, article). Every test runs in the "js" and "no-js" projects:
 * filters and pages are plain links and GET forms, so both must behave the same.
 */

const servicesIn = (category: string) => town.services.filter((s) => s.category === category);
const driversOf = (kind: string) => town.drivers.filter((d) => d.vehicleKind === kind);
const newsByDate = town.news
  .map((news, index) => ({ ...news, index }))
  // The seed dates each article daysAgo days (minus index * 13 minutes) before now.
  .sort((a, b) => a.daysAgo - b.daysAgo || a.index - b.index);
const newestNews = newsByDate[0]!;

async function expectNotFoundPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
  await expect(page.getByText("Página não encontrada", { exact: true })).toBeVisible();
}

test.describe("services", () => {
  test("lists seeded services with contact buttons, and the category filter narrows the list", async ({ page }) => {
    const electricians = servicesIn("Eletricista");
    const plumber = servicesIn("Encanador")[0]!;
    const carlos = electricians[0]!;
    const response = await page.goto("/services");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Serviços/);
    await expect(page.getByRole("heading", { level: 1, name: "Serviços" })).toBeVisible();

    const list = page.getByRole("list", { name: "Serviços" });
    const card = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: carlos.name, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText(carlos.priceInfo);
    await expect(card).toContainText(carlos.neighbourhood);
    await expect(card.getByRole("link", { name: `Ligar para ${carlos.name}` })).toHaveAttribute("href", telHref(carlos.phone));
    const whatsApp = card.getByRole("link", { name: `WhatsApp de ${carlos.name}` });
    await expect(whatsApp).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${carlos.whatsapp}\\?text=Ol%C3%A1`));
    await expect(list.getByRole("heading", { name: plumber.name, exact: true })).toBeVisible();

    await page.getByLabel("Categoria").selectOption("Eletricista");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/\/services\?categoria=Eletricista$/);
    await expect(list.getByRole("listitem")).toHaveCount(electricians.length);
    for (const service of electricians) {
      await expect(list.getByRole("heading", { name: service.name, exact: true })).toBeVisible();
    }
    await expect(page.getByText(plumber.name)).toHaveCount(0);
    await expect(page.getByLabel("Categoria")).toHaveValue("Eletricista");
  });

  test("pages through the list with plain links, and an empty category says so", async ({ page }) => {
    await page.goto("/services");
    const list = page.getByRole("list", { name: "Serviços" });
    await expect(list.getByRole("listitem")).toHaveCount(20);
    await page.getByRole("link", { name: "Próxima →" }).click();
    await expect(page).toHaveURL(/\/services\?depois=[0-9a-f-]{36}&pagina=2$/);
    await expect(list.getByRole("listitem")).toHaveCount(town.services.length - 20);
    await expect(page.getByRole("link", { name: "← Anterior" })).toBeVisible();

    await page.goto("/services?categoria=Astronauta");
    await expect(page.getByText("Nenhum serviço encontrado nessa categoria.")).toBeVisible();
  });
});

test.describe("drivers", () => {
  test("/drivers redirects to /drivers/all with a 302", async ({ page, request }) => {
    const direct = await request.get("/drivers", { maxRedirects: 0 });
    expect(direct.status()).toBe(302);
    expect(direct.headers()["location"]).toBe("/drivers/all");

    await page.goto("/drivers");
    await expect(page).toHaveURL("/drivers/all");
    const filters = page.getByRole("navigation", { name: "Filtrar motoristas" });
    await expect(filters.getByRole("link", { name: "Todos" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("list", { name: "Motoristas" }).getByRole("listitem")).toHaveCount(town.drivers.length);
  });

  test("/drivers/moto shows only motos, and the filter links switch the list", async ({ page }) => {
    const response = await page.goto("/drivers/moto");
    expect(response?.status()).toBe(200);
    const filters = page.getByRole("navigation", { name: "Filtrar motoristas" });
    for (const label of ["Todos", "Disponíveis agora", "Moto", "Carro", "Van", "Frete"]) {
      await expect(filters.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(filters.getByRole("link", { name: "Moto", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(filters.getByRole("link", { name: "Todos" })).not.toHaveAttribute("aria-current", "page");

    const list = page.getByRole("list", { name: "Motoristas" });
    const motos = driversOf("moto");
    await expect(list.getByRole("listitem")).toHaveCount(motos.length);
    await expect(list.getByText(motos[0]!.name, { exact: true })).toBeVisible();
    const cab = driversOf("carro")[0]!;
    await expect(page.getByText(cab.name)).toHaveCount(0);

    await filters.getByRole("link", { name: "Carro", exact: true }).click();
    await expect(page).toHaveURL("/drivers/carro");
    await expect(list.getByText(cab.name, { exact: true })).toBeVisible();
    await expect(page.getByText(motos[0]!.name)).toHaveCount(0);
    await expect(filters.getByRole("link", { name: "Carro", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("/drivers/disponiveis lists only drivers whose badge says available", async ({ page }) => {
    // The server picks the list at the minute it renders; once hydrated, the badges follow the
    // browser's clock. Held at this instant, a shift ending between the render and hydration
    // cannot show an "Indisponível" badge the server's list never had.
    await page.clock.setFixedTime(new Date());
    await page.goto("/drivers/disponiveis");
    const items = page.getByRole("list", { name: "Motoristas" }).getByRole("listitem");
    const empty = page.getByText("Nenhum motorista disponível agora.", { exact: false });
    // Which drivers work right now depends on the clock; either way no unavailable one is listed.
    await expect(items.first().or(empty)).toBeVisible();
    await expect(items.filter({ hasText: "Indisponível" })).toHaveCount(0);
    const count = await items.count();
    await expect(items.filter({ hasText: "Disponível agora" })).toHaveCount(count);
  });

  test("an unknown filter answers 404 with the 404 page", async ({ page }) => {
    await expectNotFoundPage(page, "/drivers/xyz");
    await expectNotFoundPage(page, "/drivers/Moto");
  });

  test("a driver profile shows vehicle, areas, schedule and call / WhatsApp links", async ({ page }) => {
    const driver = driversOf("moto")[0]!;
    await page.goto("/drivers/moto");
    await page.getByRole("link", { name: new RegExp(driver.name) }).click();
    await expect(page).toHaveURL(/\/driver\/[0-9a-f-]{36}$/);

    await expect(page.getByRole("heading", { level: 1, name: driver.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(driver.name));
    await expect(page.getByText(`Moto · ${driver.vehicleDescription}`)).toBeVisible();
    await expect(page.getByText(/^(Disponível agora|Indisponível)$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Ligar", exact: true })).toHaveAttribute("href", telHref(driver.phone));
    await expect(page.getByRole("link", { name: driver.phone })).toHaveAttribute("href", telHref(driver.phone));
    await expect(page.getByRole("link", { name: "WhatsApp", exact: true })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/${driver.whatsapp}\\?text=`),
    );

    const areas = page.getByRole("region", { name: "Bairros atendidos" }).getByRole("listitem");
    await expect(areas).toHaveText(driver.areas);
    await expect(page.getByRole("region", { name: "Horário de atendimento" }).getByRole("row")).toHaveCount(7);
  });

  test("an unknown driver id answers 404", async ({ page }) => {
    await expectNotFoundPage(page, `/driver/${randomUUID()}`);
    await expectNotFoundPage(page, "/driver/nao-existe");
  });
});

test.describe("news", () => {
  test("lists articles newest first with cover, summary and date, paged with plain links", async ({ page }) => {
    const response = await page.goto("/news");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Notícias" })).toBeVisible();
    const items = page.getByRole("list", { name: "Notícias" }).getByRole("listitem");
    await expect(items).toHaveCount(10);
    await expect(items.first().getByRole("heading", { level: 2 })).toHaveText(newestNews.title);
    await expect(items.first()).toContainText(newestNews.summary);
    await expect(items.first().locator("time")).toHaveText(/^\d{1,2} de [a-zç]+ de \d{4}$/);
    await expect(items.first().locator("img")).toHaveCount(1);
    await expect(items.nth(1).getByRole("heading", { level: 2 })).toHaveText(newsByDate[1]!.title);

    await page.getByRole("link", { name: "Próxima →" }).click();
    await expect(page).toHaveURL(/\/news\?depois=[0-9a-f-]{36}&pagina=2$/);
    await expect(items.first().getByRole("heading", { level: 2 })).toHaveText(newsByDate[10]!.title);
    await expect(items).toHaveCount(town.news.length - 10);
  });

  test("an article shows its title, author, date, body paragraphs and a share link", async ({ page }) => {
    const author = demoUserByKey(newestNews.authorKey);
    await page.goto("/news");
    await page.getByRole("link", { name: newestNews.title }).click();
    await expect(page).toHaveURL(/\/news\/[0-9a-f-]{36}$/);

    await expect(page.getByRole("heading", { level: 1, name: newestNews.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(newestNews.title));
    await expect(page.getByRole("link", { name: author.fullName })).toHaveAttribute("href", `/u/${author.username}`);
    // The article's own date is its first <time>; the comments under it (issue #30) carry theirs.
    await expect(page.locator("article time").first()).toHaveText(/^\d{1,2} de [a-zç]+ de \d{4}$/);
    const paragraphs = newestNews.content.split("\n\n");
    for (const paragraph of paragraphs) {
      await expect(page.getByText(paragraph, { exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole("link", { name: "Compartilhar no WhatsApp" }),
    ).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*%2Fnews%2F[0-9a-f-]{36}$`));

    await page.getByRole("link", { name: author.fullName }).click();
    await expect(page).toHaveURL(`/u/${author.username}`);
  });

  test("an unknown article id answers 404", async ({ page }) => {
    await expectNotFoundPage(page, `/news/${randomUUID()}`);
    await expectNotFoundPage(page, "/news/123");
  });
});
