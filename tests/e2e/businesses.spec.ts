import type { Page } from "@playwright/test";
import sharp from "sharp";
import { telHref } from "../../app/lib/contact-links";
import type { SeedBusiness } from "../../server/seed/seed-data";
import { demoUserByKey, expect, open, signIn, test, town } from "./helpers";

/**
 * Businesses against the production server: the list (filter, pages), a profile (hours,
 * contact links, the open badge on a fixed clock), the town search and the owner's photo
 * page. Everything runs in the "js" and "no-js" projects unless tagged.
 */

const seedNames = new Set(town.businesses.map((b) => b.name));
const bakeries = town.businesses.filter((b) => b.category === "Padaria");
const DAYS = [
  ["sunday", "Domingo"],
  ["monday", "Segunda"],
  ["tuesday", "Terça"],
  ["wednesday", "Quarta"],
  ["thursday", "Quinta"],
  ["friday", "Sexta"],
  ["saturday", "Sábado"],
] as const;

/** The hours table's text for one day, written out from the seed (not from the app). */
function expectedHours(business: SeedBusiness, day: (typeof DAYS)[number][0]) {
  const hours = business.openingHours?.[day];
  return hours?.open ? `${hours.opensAt} – ${hours.closesAt}` : "Fechado";
}

// Residents other spec files sign in with: keep clear of them (sign-ins are rate-limited).
const USED_ELSEWHERE = new Set([
  "antonio_batista", "bia_moreira", "camila_nogueira", "fe_carvalho", "helena_martins", "ju_pereira",
  "larissa_duarte", "lucas_araujo", "rafael_goncalves", "thiago_cardoso", "tiao_rodrigues", town.users[3]!.key,
]);
const ownedBusinesses = town.businesses.filter((b) => b.ownerKey && !USED_ELSEWHERE.has(b.ownerKey));

const businessList = (page: Page) => page.locator("ul").filter({ has: page.locator('a[href^="/business/"]') });

test.describe("business list and profile", () => {
  test("lists seeded businesses, filters by category and pages on", async ({ page, javaScriptEnabled }) => {
    const response = await open(page, "/businesses", javaScriptEnabled);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Negócios" })).toBeVisible();
    const items = businessList(page).getByRole("listitem");
    await expect(items).toHaveCount(20);
    const firstText = await items.first().innerText();
    expect([...seedNames].some((name) => firstText.includes(name)), `"${firstText}" names a seeded business`).toBe(true);

    // Keyset pages (issue #17): "Próxima" starts after the last business shown, "Anterior"
    // ends before the first, plain links either way; an old ?pagina=2 link shows the same page.
    await page.getByRole("link", { name: "Próxima →" }).click();
    await expect(page).toHaveURL(/\/businesses\?depois=[0-9a-f-]{36}&pagina=2$/);
    // With JavaScript the URL changes before React commits the new list: wait for the list
    // itself to change before reading it (both pages hold 20 items).
    await expect(items.first()).not.toHaveText(firstText, { useInnerText: true });
    await expect(items).toHaveCount(20);
    const secondPage = await items.allInnerTexts();
    await page.getByRole("link", { name: "← Anterior" }).click();
    await expect(page).toHaveURL(/\/businesses$/);
    await expect(items.first()).toHaveText(firstText, { useInnerText: true });
    await open(page, "/businesses?pagina=2", javaScriptEnabled);
    expect(await items.allInnerTexts()).toEqual(secondPage);
    await page.getByRole("link", { name: "Próxima →" }).click();
    await expect(page).toHaveURL(/\/businesses\?depois=[0-9a-f-]{36}&pagina=3$/);
    await page.getByRole("link", { name: "← Anterior" }).click();
    await expect(page).toHaveURL(/\/businesses\?antes=[0-9a-f-]{36}&pagina=2$/);
    await expect(items).toHaveText(secondPage, { useInnerText: true });

    await page.getByLabel("Categoria").selectOption("Padaria");
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    await expect(page).toHaveURL(/\/businesses\?categoria=Padaria$/);
    await expect(items).toHaveCount(bakeries.length);
    for (const bakery of bakeries) await expect(businessList(page).getByText(bakery.name, { exact: true })).toBeVisible();
    const notBakery = town.businesses.find((b) => b.category !== "Padaria")!;
    await expect(page.getByText(notBakery.name, { exact: true })).toHaveCount(0);
  });

  test("a profile shows category, the week's hours from the seed and contact links", async ({ page, javaScriptEnabled }) => {
    const bakery = bakeries.find((b) => b.openingHours && b.phone && b.whatsapp)!;
    await open(page, "/businesses?categoria=Padaria", javaScriptEnabled);
    await businessList(page).getByText(bakery.name, { exact: true }).click();
    await expect(page).toHaveURL(/\/business\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: bakery.name })).toBeVisible();
    await expect(page.getByText(`${bakery.category} · ${bakery.neighbourhood}`, { exact: true })).toBeVisible();

    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(7);
    for (const [day, label] of DAYS) {
      const row = rows.filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${label}`) }) });
      await expect(row.getByRole("cell")).toHaveText(expectedHours(bakery, day));
    }
    await expect(page.getByRole("link", { name: "Ligar", exact: true })).toHaveAttribute("href", telHref(bakery.phone));
    await expect(page.getByRole("link", { name: "WhatsApp", exact: true })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/${bakery.whatsapp}\\?text=`),
    );
  });

  test("the open badge and today's row follow the page's clock @js-only", async ({ page }) => {
    const mondayOpen = town.businesses.find((b) => {
      const monday = b.openingHours?.monday;
      return monday?.open && monday.opensAt! <= "10:00" && monday.closesAt! > "10:00";
    })!;
    const sundayClosed = town.businesses.find((b) => b.openingHours?.sunday?.open === false)!;
    const badge = page.locator("article header [data-open]");

    // Monday 10:00 in São Paulo.
    await page.clock.setFixedTime(new Date("2026-11-23T13:00:00Z"));
    await open(page, `/businesses?categoria=${encodeURIComponent(mondayOpen.category)}`, true);
    await businessList(page).getByText(mondayOpen.name, { exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: mondayOpen.name })).toBeVisible();
    await expect(badge).toHaveText(`Aberto · fecha às ${saidTime(mondayOpen.openingHours!.monday!.closesAt!)}`);
    await expect(page.getByRole("row", { name: /^Segunda/ })).toHaveAttribute("aria-current", "date");

    // Sunday 12:00 in São Paulo, a business that does not open on Sundays.
    await page.clock.setFixedTime(new Date("2026-11-22T15:00:00Z"));
    await open(page, `/businesses?categoria=${encodeURIComponent(sundayClosed.category)}`, true);
    await businessList(page).getByText(sundayClosed.name, { exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: sundayClosed.name })).toBeVisible();
    const monday = sundayClosed.openingHours!.monday!;
    await expect(badge).toHaveText(monday.open ? `Fechado · abre amanhã às ${saidTime(monday.opensAt!)}` : /^Fechado/);
    await expect(page.getByRole("row", { name: /^Domingo/ })).toHaveAttribute("aria-current", "date");
    await expect(page.locator('tr[aria-current="date"]')).toHaveCount(1);
  });
});

/** "07:00" as the badge says it: "7:00". */
function saidTime(hhmm: string): string {
  return `${Number(hhmm.slice(0, 2))}:${hhmm.slice(3)}`;
}

test.describe("search", () => {
  test("finds accented names without accents, from the header form too", async ({ page, javaScriptEnabled }) => {
    const acai = town.businesses.find((b) => b.name.includes("Açaí"))!;
    await open(page, "/search?q=acai", javaScriptEnabled);
    const businesses = page.getByRole("region", { name: /^Negócios/ });
    await expect(businesses.getByRole("link").filter({ hasText: acai.name })).toBeVisible();

    await page.getByRole("search").getByRole("searchbox").fill("xyzzy-quimera");
    await page.getByRole("search").getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=xyzzy-quimera$/);
    await expect(page.getByText(/Nada encontrado para “xyzzy-quimera”/)).toBeVisible();

    await page.getByRole("search").getByRole("searchbox").fill("acai");
    await page.getByRole("search").getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=acai$/);
    await expect(businesses.getByRole("link").filter({ hasText: acai.name })).toBeVisible();
  });
});

test.describe("business photos", () => {
  test("visitors are invited to sign in", async ({ page, javaScriptEnabled }) => {
    await open(page, "/update-business-images", javaScriptEnabled);
    await expect(page.getByRole("link", { name: "Entrar para continuar" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fupdate-business-images",
    );
  });

  test("the owner replaces the logo; a text file is refused; another resident gets 403", async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }) => {
    // One business and one outsider per project: the projects share the database.
    const [business, outsiderBusiness] = javaScriptEnabled
      ? [ownedBusinesses[0]!, ownedBusinesses[2]!]
      : [ownedBusinesses[1]!, ownedBusinesses[3]!];
    const owner = demoUserByKey(business.ownerKey!);
    const outsider = demoUserByKey(outsiderBusiness.ownerKey!);

    await signIn(page, owner.email, "/update-business-images", javaScriptEnabled);
    const section = page.getByRole("region", { name: business.name });
    const profileHref = await section.getByRole("link", { name: business.name }).getAttribute("href");
    const businessId = profileHref!.split("/").pop()!;

    await open(page, profileHref!, javaScriptEnabled);
    const logo = page.getByRole("img", { name: `Logo de ${business.name}` });
    const logoBefore = await logo.getAttribute("src");

    await open(page, "/update-business-images", javaScriptEnabled);
    const logoForm = section.locator("form").filter({ has: page.getByLabel(/^Logo \(/) });
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c33" } }).png().toBuffer();
    await logoForm.getByLabel(/^Logo \(/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await logoForm.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Logo atualizado.", { exact: true })).toBeVisible();

    await open(page, profileHref!, javaScriptEnabled);
    await expect(logo).toHaveAttribute("src", /.+/);
    expect(await logo.getAttribute("src")).not.toBe(logoBefore);

    const notAnImage = "Esse arquivo não é uma imagem que conseguimos abrir (use JPG, PNG ou WebP).";
    await open(page, "/update-business-images", javaScriptEnabled);
    await logoForm
      .getByLabel(/^Logo \(/)
      .setInputFiles({ name: "notas.png", mimeType: "image/png", buffer: Buffer.from("isto não é uma imagem\n") });
    await logoForm.getByRole("button", { name: "Enviar" }).click();
    await expect(section.getByRole("alert")).toHaveText(notAnImage);
    const textUpload = await page.request.post("/update-business-images", {
      multipart: {
        businessId,
        kind: "logo",
        image: { name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("só texto") },
      },
    });
    expect(textUpload.status()).toBe(400);
    expect(await textUpload.text()).toContain(notAnImage);

    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    try {
      const other = await context.newPage();
      await signIn(other, outsider.email, "/update-business-images", javaScriptEnabled);
      const forbidden = await other.request.post("/update-business-images", {
        multipart: {
          businessId,
          kind: "logo",
          image: { name: "logo.png", mimeType: "image/png", buffer: png },
        },
      });
      expect(forbidden.status()).toBe(403);
      expect(await forbidden.text()).toContain("Só o dono do negócio pode trocar as fotos.");
    } finally {
      await context.close();
    }
  });
});
