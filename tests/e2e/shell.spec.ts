import type { Page } from "@playwright/test";
import { isOpenNow, townDate } from "../../core/business-hours";
import { dutyBadge } from "../../core/duty";
import { townInstant } from "../../server/models/duty-rota";
import { demoCalendar, demoRota } from "../../server/seed/seed-data";
import { expect, test, town, waitForHydration } from "./helpers";

/**
 * The app shell against the production server: home page with seeded data, landmarks,
 * the 404 page, the theme switch and the navigation spinner. Every test runs in the
 * "js" and "no-js" projects unless tagged @js-only / @no-js-only.
 */

/** Newest first, as the seed dates rows: daysAgo days plus a few minutes per list position. */
function newest<T extends { daysAgo: number }>(items: T[]): T {
  return items.map((item, index) => ({ item, index })).sort((a, b) => a.item.daysAgo - b.item.daysAgo || a.index - b.index)[0]!
    .item;
}
const newestNews = newest(town.news);
const newestSellItem = newest(town.sellItems.filter((item) => !item.sold));

/** The seed's own answer: the week, the holidays and the special dates it wrote, and the duty rota (issue #32). */
function openBusinessCount(now: Date): number {
  const { date } = townDate(now);
  const calendar = demoCalendar(Number(date.slice(0, 4)));
  const rota = demoRota(date).map((turn) => ({ name: turn.name, startsAt: townInstant(turn.start)!, endsAt: townInstant(turn.end)! }));
  return town.businesses.filter(
    (b) =>
      isOpenNow(b.openingHours, now, { ...b, townHolidays: calendar.townHolidays, specialDates: calendar.specialDates.filter((d) => d.business === b.name) }) ||
      dutyBadge(rota.filter((turn) => turn.name === b.name), now) !== null,
  ).length;
}

const UNKNOWN_PATH = "/essa-pagina-nao-existe";
const DARK = /(^|\s)dark(\s|$)/;

async function themeCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "guida-theme")?.value;
}

test.describe("home page", () => {
  test("answers 200 with the town's data from the database and the app landmarks", async ({ page }) => {
    const openBefore = openBusinessCount(new Date());
    const response = await page.goto("/");
    const openAfter = openBusinessCount(new Date());
    expect(response?.status()).toBe(200);

    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page).toHaveTitle(/Guida/);

    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Bem-vindo a Vila Serena" })).toBeVisible();

    // A count computed by the database with the spec's open/closed rule. The page is
    // rendered between the two readings, so either is right at a minute boundary.
    const openHeading = page.getByRole("heading", { level: 2, name: /^Abertos agora \(\d+\)$/ });
    await expect(openHeading).toBeVisible();
    const shown = Number(/\((\d+)\)/.exec((await openHeading.textContent()) ?? "")?.[1]);
    expect([openBefore, openAfter]).toContain(shown);

    await expect(page.getByText(newestNews.title, { exact: true })).toBeVisible();
    await expect(page.getByText(newestSellItem.title, { exact: true })).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Início", exact: true })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("404 page", () => {
  test("an unknown path answers 404 with the spec's texts and a way back home", async ({ page, javaScriptEnabled }) => {
    const response = await page.goto(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);

    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Página não encontrada", { exact: true })).toBeVisible();
    await expect(page.getByText("A página que você está procurando não existe ou foi removida.")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    // Not the current page, so the bottom navigation does not mark "Início".
    await expect(
      page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Início", exact: true }),
    ).not.toHaveAttribute("aria-current", "page");

    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Bem-vindo a Vila Serena" })).toBeVisible();
  });
});

test.describe("theme", () => {
  test("light by default; the toggle switches to dark, which survives a reload, and back", async ({
    page,
    javaScriptEnabled,
  }) => {
    const html = page.locator("html");
    await page.goto("/");
    await expect(html).not.toHaveClass(DARK);
    if (javaScriptEnabled) {
      await waitForHydration(page);
      expect(await page.evaluate(() => window.localStorage.getItem("guida-theme"))).toBe("light");
    }

    await page.getByRole("button", { name: "Ativar tema escuro" }).click();
    await expect(html).toHaveClass(DARK);
    await expect(page.getByRole("button", { name: "Ativar tema claro" })).toBeVisible();
    await expect.poll(() => themeCookie(page)).toBe("dark");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => window.localStorage.getItem("guida-theme"))).toBe("dark");
    }

    // The server renders the theme from the cookie, so the reloaded page is dark from its first byte.
    await page.reload();
    await expect(html).toHaveClass(DARK);
    await expect(page.getByRole("heading", { level: 1, name: "Bem-vindo a Vila Serena" })).toBeVisible();

    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("button", { name: "Ativar tema claro" }).click();
    await expect(html).not.toHaveClass(DARK);
    await expect.poll(() => themeCookie(page)).toBe("light");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => window.localStorage.getItem("guida-theme"))).toBe("light");
    }
    await page.reload();
    await expect(html).not.toHaveClass(DARK);
    await expect(page.getByRole("button", { name: "Ativar tema escuro" })).toBeVisible();
  });

  test(
    "a theme saved only in localStorage is restored into the cookie without leaving the page",
    { tag: "@js-only" },
    async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await page.evaluate(() => window.localStorage.setItem("guida-theme", "dark"));
      expect(await themeCookie(page)).toBeUndefined();

      // The server renders light (no cookie); on hydration the toggle posts the saved theme
      // and follows the action's redirect, which must lead back to this same page.
      const followedRedirect = page.waitForResponse(
        (response) => response.request().method() === "GET" && new URL(response.url()).pathname.endsWith(".data"),
      );
      await page.goto(UNKNOWN_PATH);
      await followedRedirect;
      await expect(page.getByRole("status")).toHaveCount(0);
      await expect(page).toHaveURL(UNKNOWN_PATH);
      await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
      await expect(page.locator("html")).toHaveClass(DARK);
      expect(await themeCookie(page)).toBe("dark");
    },
  );

  test("the 404 page is rendered in the visitor's theme", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "guida-theme", value: "dark", url: baseURL! }]);
    const response = await page.goto(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);
    // Dark from the server's first byte, not only after hydration.
    expect(await response?.text()).toMatch(/<html lang="pt-BR" class="dark"/);
    await expect(page.locator("html")).toHaveClass(DARK);
    await expect(page.getByRole("button", { name: "Ativar tema claro" })).toBeVisible();
  });

  test(
    "without JavaScript the toggle is a plain form post answered by a 303 back to the page",
    { tag: "@no-js-only" },
    async ({ page }) => {
      await page.goto(UNKNOWN_PATH);
      const posted = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/theme" && response.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Ativar tema escuro" }).click();
      const response = await posted;
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe(UNKNOWN_PATH);

      await expect(page).toHaveURL(UNKNOWN_PATH);
      await expect(page.locator("html")).toHaveClass(DARK);
      await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    },
  );
});

test.describe("navigation spinner", () => {
  test("shows while a client navigation waits for its data, then goes away", { tag: "@js-only" }, async ({ page }) => {
    await page.goto(UNKNOWN_PATH);
    await waitForHydration(page);

    // Hold the navigation's data request (/_root.data) until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const requestHeld = new Promise<void>((resolve) => (held = resolve));
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        held();
        await gate;
        await route.continue();
      },
    );

    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await requestHeld;

    const spinner = page.getByRole("status");
    await expect(spinner).toBeVisible();
    await expect(spinner).toContainText("Carregando...");
    // Still on the 404 page while the data is pending.
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();

    release();
    await expect(spinner).toHaveCount(0);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Bem-vindo a Vila Serena" })).toBeVisible();
  });
});

test.describe("health check", () => {
  test("/healthz answers 200 with JSON status ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toMatchObject({ status: "ok" });
  });
});
