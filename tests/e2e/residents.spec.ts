import type { Page } from "@playwright/test";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "../../app/lib/tooltip";
import { demoUserByUsername, expect, open, signIn, test, town, waitForHydration } from "./helpers";

/**
 * What residents tripped over on a 360 px phone (issue #16, part B): when a closed business
 * opens, services with a page of their own, designed placeholders for missing photos, full
 * driver names on home, the first listing image fetched first, toasts that fit the screen
 * and icon tooltips with the spec's timings.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const reporter = demoUserByUsername("larissa_duarte");

/** "07:00" as a resident says it on the badge: "7:00". */
const said = (hhmm: string) => `${Number(hhmm.slice(0, 2))}:${hhmm.slice(3)}`;

test.describe("opening status", () => {
  // Open on Monday and on Tuesday: Monday after closing it opens "amanhã".
  const shop = town.businesses.find((b) => {
    const { monday, tuesday } = b.openingHours ?? {};
    return monday?.open && tuesday?.open && monday.closesAt! < "22:00" && monday.opensAt! <= "10:00";
  })!;
  const monday = shop.openingHours!.monday!;
  const tuesday = shop.openingHours!.tuesday!;
  const badgeOnList = (page: Page) => page.getByRole("link").filter({ hasText: shop.name }).locator("[data-open]");

  test("a closed business says when it opens, an open one until when, on the list and the profile @js-only", async ({ page }) => {
    // Monday 23:00 in São Paulo (UTC−3 all year): closed, opens tomorrow.
    await page.clock.setFixedTime(new Date("2026-11-24T02:00:00Z"));
    await open(page, `/businesses?categoria=${encodeURIComponent(shop.category)}`, true);
    const closed = `Fechado · abre amanhã às ${said(tuesday.opensAt!)}`;
    await expect(badgeOnList(page)).toHaveText(closed);
    await page.getByRole("link").filter({ hasText: shop.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: shop.name })).toBeVisible();
    await expect(page.locator("article header [data-open]")).toHaveText(closed);

    // Monday 10:00: open until today's closing time.
    await page.clock.setFixedTime(new Date("2026-11-23T13:00:00Z"));
    await open(page, `/businesses?categoria=${encodeURIComponent(shop.category)}`, true);
    await expect(badgeOnList(page)).toHaveText(`Aberto · fecha às ${said(monday.closesAt!)}`);
    // The badge sits under the name: the name is not squeezed to nothing on a phone.
    const name = page.getByRole("link").filter({ hasText: shop.name }).getByText(shop.name, { exact: true });
    expect((await name.boundingBox())!.width).toBeGreaterThan(150);
  });

  test("without JavaScript the server's badge says until when or since when", async ({ page }) => {
    await page.goto(`/businesses?categoria=${encodeURIComponent(shop.category)}`);
    await expect(badgeOnList(page)).toHaveText(/^(Aberto · fecha às \d{1,2}:\d\d|Fechado · abre (hoje|amanhã|segunda|terça|quarta|quinta|sexta|sábado|domingo) às? \d{1,2}:\d\d)$/);
  });
});

test.describe("services", () => {
  const service = town.services.find((s) => s.phone && s.whatsapp && s.priceInfo)!;

  test("a service has its own page, reached from the list and from search", async ({ page, javaScriptEnabled }) => {
    await open(page, `/services?categoria=${encodeURIComponent(service.category)}`, javaScriptEnabled);
    await page.getByRole("link", { name: service.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/service/${UUID}$`));
    const path = new URL(page.url()).pathname;
    await expect(page).toHaveTitle(`${service.name} · ${service.category} em Vila Serena · Guida`);
    await expect(page.getByRole("heading", { level: 1, name: service.name })).toBeVisible();
    await expect(page.getByRole("link", { name: service.category, exact: true })).toBeVisible();
    await expect(page.getByText(service.priceInfo, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ligar", exact: true })).toHaveAttribute("href", /^tel:/);
    await expect(page.getByRole("link", { name: "WhatsApp", exact: true })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${service.whatsapp}\\?text=`));
    await expect(page.getByRole("link", { name: "Compartilhar no WhatsApp" })).toHaveAttribute("href", new RegExp(encodeURIComponent(path).replace(/%2F/g, "(%2F|/)")));

    await open(page, `/search?q=${encodeURIComponent(service.name)}`, javaScriptEnabled);
    await expect(page.getByRole("region", { name: /^Serviços/ }).getByRole("link").filter({ hasText: service.name })).toHaveAttribute("href", path);
  });

  test("an unknown service is the 404 page", async ({ page }) => {
    expect((await page.goto("/service/00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);
    expect((await page.goto("/service/nao-e-um-id"))?.status()).toBe(404);
  });
});

test.describe("home", () => {
  test("the available drivers' cards show each driver's whole name", async ({ page, javaScriptEnabled }) => {
    await open(page, "/", javaScriptEnabled);
    const cards = page.getByRole("region", { name: "Motoristas disponíveis" }).getByRole("listitem");
    const names = (await cards.locator("span.font-semibold").allTextContents()).map((n) => n.trim());
    const fullNames = new Set(town.drivers.map((d) => d.name));
    for (const name of names) expect(fullNames, `"${name}" is a driver's whole name`).toContain(name);
    // Several drivers work 07:00–22:00 every day: in those hours the section is never empty.
    const hour = Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hour12: false, timeZone: "America/Sao_Paulo" }).format(new Date()));
    if (hour >= 7 && hour < 22) expect(names.length).toBeGreaterThan(0);
  });
});

test.describe("largest paint", () => {
  for (const [path, image] of [
    ["/", "main img"],
    ["/posts", 'main img[alt^="Imagem do post"]'],
    ["/news", "main article img"],
  ] as const) {
    test(`the first listing image on ${path} is fetched first, not lazily`, async ({ page }) => {
      await page.goto(path);
      const first = page.locator(image).first();
      await expect(first).toHaveAttribute("fetchpriority", "high");
      await expect(first).not.toHaveAttribute("loading", "lazy");
      // Only one image asks to go first.
      await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    });
  }

  // On weak mobile data the phone's few connections carry, first, what the page shows — the
  // stylesheet, then the photos — and only then the scripts that hydrate it: the page is
  // whole without them (every form works with JavaScript off).
  for (const path of ["/", "/posts", "/news", "/businesses"]) {
    test(`${path} loads its stylesheet and photos before the scripts that hydrate it @js-only`, async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Page.enable");
      const asked: { url: string; type: string; priority: string; at: number }[] = [];
      let loadedAt = Number.POSITIVE_INFINITY;
      cdp.on("Network.requestWillBeSent", (event) => {
        asked.push({ url: event.request.url, type: event.type ?? "", priority: event.request.initialPriority, at: event.timestamp });
      });
      cdp.on("Page.loadEventFired", (event) => {
        loadedAt = Math.min(loadedAt, event.timestamp);
      });
      const errors: string[] = [];
      page.on("console", (message) => {
        // React reports a page it could not hydrate as it was written (a minified error).
        if (message.type() === "error" && /hydrat|react\.dev\/errors/i.test(message.text())) errors.push(message.text());
      });
      await page.goto(path);
      await waitForHydration(page);
      expect(errors, "hydration found the page as the server wrote it").toEqual([]);
      const stylesheet = asked.find((r) => r.type === "Stylesheet");
      const scripts = asked.filter((r) => r.type === "Script");
      expect(stylesheet?.priority, "one stylesheet, asked for first").toBe("VeryHigh");
      expect(scripts.length, "the page hydrates with scripts").toBeGreaterThan(0);
      const early = scripts.filter((r) => r.at < loadedAt || r.at < stylesheet!.at).map((r) => r.url);
      expect(early, "no script is asked for before the page has loaded").toEqual([]);
    });
  }
});

test.describe("photo placeholders", () => {
  test("an article without a cover shows its initials, not a grey box, on the list and its page", async ({ page, javaScriptEnabled }) => {
    test.slow();
    const title = `Quermesse ${Date.now().toString(36)} na praça`;
    await signIn(page, reporter.email, "/create-news", javaScriptEnabled);
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Texto", { exact: true }).fill("Barracas de pastel e quentão a partir das 18h.");
    await page.getByRole("button", { name: "Publicar notícia" }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${UUID}$`));
    const initials = `Q${title.split(" ")[1]![0]!.toUpperCase()}`;

    // The newest article, on /news and on home's "Últimas notícias".
    for (const path of ["/news", "/"]) {
      await open(page, path, javaScriptEnabled);
      const card = page.getByRole("listitem").filter({ hasText: title });
      await expect(card.locator("[data-placeholder]")).toHaveText(initials);
      await expect(card.locator("[data-placeholder]")).toBeVisible();
    }

    await page.getByRole("link", { name: title }).click();
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByText("Excluir notícia", { exact: true }).click();
    await page.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(page).toHaveURL("/news");
  });
});

test.describe("toasts at 360 px", { tag: "@js-only" }, () => {
  for (const width of [360, 800]) {
    test(`a toast fits a ${width} px screen, its close button inside it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await signIn(page, reporter.email, "/profile", true);
      await page.getByRole("button", { name: "Sair" }).click();
      await expect(page).toHaveURL("/");
      const toast = page.locator("[data-sonner-toast]");
      await expect(toast).toHaveCount(1);
      const box = (await toast.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // 356 px where there is room; on a phone the screen less a margin each side.
      expect(Math.round(box.width)).toBe(Math.min(356, width - 32));
      const close = (await toast.getByRole("button", { name: /fechar|close/i }).boundingBox())!;
      expect(close.x).toBeGreaterThanOrEqual(box.x);
      expect(close.y).toBeGreaterThanOrEqual(box.y);
      expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
      expect(close.y + close.height).toBeLessThanOrEqual(box.y + box.height);
    });
  }
});

test.describe("icon tooltips", { tag: "@js-only" }, () => {
  test("the first icon hovered shows its tooltip after 700 ms; the next opens within 300 ms", async ({ page }) => {
    const start = new Date("2026-11-23T13:00:00Z");
    await page.clock.install({ time: start });
    await open(page, "/posts", true);
    // From here on the page's time moves only when the test says so.
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    const hearts = page.getByRole("list", { name: "Posts" }).getByRole("button", { name: /^Favoritar/ });
    const tooltip = page.getByRole("tooltip");

    await hearts.nth(0).hover();
    // Radix arrives on the first hover (its trigger then marks the button with its state);
    // React reveals it on a timer, so the page's clock moves in small steps meanwhile.
    let elapsed = 0;
    await expect
      .poll(async () => {
        await page.clock.runFor(10);
        elapsed += 10;
        return hearts.nth(0).getAttribute("data-state");
      }, { intervals: [50] })
      .toMatch(/closed|open/);
    expect(elapsed).toBeLessThan(TOOLTIP_DELAY_MS - 100);
    await page.clock.runFor(TOOLTIP_DELAY_MS - 50 - elapsed);
    await expect(tooltip).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(tooltip).toHaveText("Favoritar");

    await hearts.nth(1).hover();
    await page.clock.runFor(TOOLTIP_SKIP_DELAY_MS);
    await expect(tooltip).toHaveText("Favoritar");
    await expect(hearts.nth(1)).toHaveAttribute("data-state", /open/);
  });
});
