import type { Browser, Page } from "@playwright/test";
import { demoUserByKey, expect, open, pageFor, test, town, type DemoUser } from "./helpers";

/**
 * Issue #30's reviews in the browser at 360 px, JavaScript on ("js": fetcher forms) and off
 * ("no-js": plain form posts, 303 back to the review): a resident reviews a business, a
 * service and a driver (a review without stars is refused in Portuguese with the text kept),
 * a second create from another tab is a 409 pointing at the first, the review is changed, the
 * owner is notified and answers once, and the average and count move on the page and in the list.
 *
 * The reviewer owns another business: the demo town's owners review nothing (server/seed/
 * seed-reviews.ts), so they start without a review of their own. Residents kept clear of the
 * businesses and hours specs' (which sign in the first four owners and edit the last two).
 */
const USED_ELSEWHERE = new Set([
  "antonio_batista", "bia_moreira", "camila_nogueira", "fe_carvalho", "helena_martins", "ju_pereira",
  "larissa_duarte", "lucas_araujo", "rafael_goncalves", "thiago_cardoso", "tiao_rodrigues", town.users[3]!.key,
]);
const owned = town.businesses.filter((b) => b.ownerKey && !USED_ELSEWHERE.has(b.ownerKey));
const reviewerOf = (javaScriptEnabled: boolean) => demoUserByKey((javaScriptEnabled ? owned[6]! : owned[7]!).ownerKey!);

type Listing = {
  /** How the 409 names it ("este negócio"). */
  noun: string;
  name: string;
  listPath: string;
  /** Who answers; null where the demo town gives the listing no owner (its drivers). */
  owner: DemoUser | null;
};

const businessOf = (javaScriptEnabled: boolean): Listing => {
  const business = javaScriptEnabled ? owned[4]! : owned[5]!;
  return {
    noun: "este negócio",
    name: business.name,
    listPath: `/businesses?categoria=${encodeURIComponent(business.category)}`,
    owner: demoUserByKey(business.ownerKey!),
  };
};
// Services whose owners the other specs sign in only as actors (comments, favorites, moderation), never to count their notifications.
const serviceOf = (javaScriptEnabled: boolean): Listing => {
  const service = town.services.find((s) => s.ownerKey === (javaScriptEnabled ? "henrique_castro" : "isa_freitas"))!;
  return {
    noun: "este serviço",
    name: service.name,
    listPath: `/services?categoria=${encodeURIComponent(service.category)}`,
    owner: demoUserByKey(service.ownerKey!),
  };
};
// The demo town's drivers have no owner: the owner's answer on a driver's page is the authorization matrix's.
const driverOf = (javaScriptEnabled: boolean): Listing => {
  const driver = town.drivers[javaScriptEnabled ? 0 : 1]!;
  return { noun: "este motorista", name: driver.name, listPath: `/drivers/${driver.vehicleKind}`, owner: null };
};


/** The listing's count as the page says it ("3 avaliações"), 0 before the first review. */
async function countOn(page: Page): Promise<number> {
  const total = page.getByTestId("total-avaliacoes");
  if ((await total.count()) === 0) return 0;
  return Number((await total.innerText()).replace(/\D/g, ""));
}

const reviewCard = (page: Page, who: DemoUser) => page.getByRole("article", { name: `Avaliação de ${who.fullName}` });
/** A text as the review shows it (not the same text in its edit form's field). */
const shown = (page: Page, who: DemoUser, text: string) => reviewCard(page, who).locator("p").filter({ hasText: text });

test.describe("reviews", () => {
  test.describe.configure({ timeout: 120_000 });

  test("review a business, a second create is a 409, change it, the owner answers, the count moves", async ({ browser, javaScriptEnabled }) => {
    await reviewListing(browser, javaScriptEnabled, businessOf(javaScriptEnabled));
  });

  test("review a service, a second create is a 409, change it, the owner answers, the count moves", async ({ browser, javaScriptEnabled }) => {
    await reviewListing(browser, javaScriptEnabled, serviceOf(javaScriptEnabled));
  });

  test("review a driver, a second create is a 409, change it, the count moves", async ({ browser, javaScriptEnabled }) => {
    await reviewListing(browser, javaScriptEnabled, driverOf(javaScriptEnabled));
  });
});

async function reviewListing(browser: Browser, javaScriptEnabled: boolean, listing: Listing) {
  const reviewer = reviewerOf(javaScriptEnabled);
  const visitor = await pageFor(browser, null);
  await open(visitor, listing.listPath, javaScriptEnabled);
  const path = (await visitor.getByRole("link", { name: new RegExp(listing.name) }).first().getAttribute("href"))!;
  await open(visitor, path, javaScriptEnabled);
  const before = await countOn(visitor);

  // No stars: refused in Portuguese, the text kept; then 2 stars.
  const them = await pageFor(browser, reviewer);
  await open(them, path, javaScriptEnabled);
  const text = "Atendimento demorado, mas resolveram meu problema.";
  await them.getByLabel("Conte como foi (opcional)").fill(text);
  await them.getByRole("button", { name: "Publicar avaliação" }).click();
  await expect(them.getByText("Escolha de 1 a 5 estrelas.")).toBeVisible();
  await expect(them.getByLabel("Conte como foi (opcional)")).toHaveValue(text);
  await them.getByText("2 ★", { exact: true }).click();
  await them.getByRole("button", { name: "Publicar avaliação" }).click();
  await expect(them).toHaveURL(new RegExp(`${path}#avaliacao-[0-9a-f-]{36}$`));
  await expect(them.getByText("Avaliação publicada.").first()).toBeVisible();
  await expect(shown(them, reviewer, text)).toBeVisible();

  // Another tab still showing the form: its create answers 409 and points at the review.
  const again = await them.request.post(path, { form: { intent: "review", form: "review", stars: "5", body: "De novo" }, maxRedirects: 0 });
  expect(again.status()).toBe(409);
  const answer = await again.text();
  expect(answer).toContain(`Você já avaliou ${listing.noun}.`);
  expect(answer).toMatch(/href="#avaliacao-[0-9a-f-]{36}"/);

  // Changed: 5 stars and a new text replace the first.
  await open(them, path, javaScriptEnabled);
  const card = reviewCard(them, reviewer);
  await card.getByText("Editar avaliação").click();
  await card.getByText("5 ★", { exact: true }).click();
  const changed = "Voltei e fui muito bem atendido. Recomendo!";
  await card.getByLabel("Conte como foi (opcional)").fill(changed);
  await card.getByRole("button", { name: "Salvar avaliação" }).click();
  await expect(them.getByText("Avaliação atualizada.").first()).toBeVisible();
  await expect(shown(them, reviewer, changed)).toBeVisible();
  await expect(reviewCard(them, reviewer).getByRole("img", { name: "5 de 5 estrelas" })).toBeVisible();
  await expect(shown(them, reviewer, text)).toHaveCount(0);

  // The owner hears of it and answers once, publicly.
  const reply = "Obrigado pela visita! Volte sempre.";
  if (listing.owner) {
    const ownerPage = await pageFor(browser, listing.owner);
    await open(ownerPage, "/notifications", javaScriptEnabled);
    await expect(ownerPage.getByText(`Nova avaliação de ${listing.name}`).first()).toBeVisible();
    await open(ownerPage, path, javaScriptEnabled);
    const theirs = reviewCard(ownerPage, reviewer);
    await theirs.getByText("Responder", { exact: true }).click();
    await theirs.getByLabel(`Resposta pública a ${reviewer.fullName}`).fill(reply);
    await theirs.getByRole("button", { name: "Publicar resposta" }).click();
    await expect(shown(ownerPage, reviewer, reply)).toBeVisible();
    await expect(reviewCard(ownerPage, reviewer).getByText("Responder", { exact: true })).toHaveCount(0);
  }

  // Everyone sees the new count on the page and in the list.
  await open(visitor, path, javaScriptEnabled);
  expect(await countOn(visitor)).toBe(before + 1);
  if (listing.owner) await expect(shown(visitor, reviewer, reply)).toBeVisible();
  await open(visitor, listing.listPath, javaScriptEnabled);
  // The card: a business's link holds its rating line, a service's and a driver's sit beside it.
  const listed = visitor.getByRole("listitem").filter({ has: visitor.getByRole("link", { name: new RegExp(listing.name) }) }).first();
  await expect(listed).toContainText(before + 1 === 1 ? "(1 avaliação)" : `(${before + 1} avaliações)`);
}

/** The averages the cards of a list show ("★ Nota 4,5 (12 avaliações)"), one per rated card. */
async function averagesShown(page: Page): Promise<number[]> {
  const texts = await page.getByRole("main").getByRole("listitem").allInnerTexts();
  return texts.flatMap((text) => {
    const found = /(\d),(\d) \(\d+ avaliaç/.exec(text);
    return found ? [Number(`${found[1]}.${found[2]}`)] : [];
  });
}

test.describe("4+ estrelas", () => {
  test("the directory lists narrow to listings shown with 4,0 or more, and the filter stays on the next links", async ({ page, javaScriptEnabled }) => {
    // Businesses and services: a box of the GET filter form.
    for (const list of ["/businesses", "/services"]) {
      await open(page, list, javaScriptEnabled);
      const unfiltered = await page.getByRole("main").getByRole("listitem").count();
      await page.getByLabel("4+ estrelas").check();
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/[?&]estrelas=4(&|$)/);
      await expect(page.getByLabel("4+ estrelas")).toBeChecked();
      // With JavaScript the URL changes before React commits the filtered list: retried until it has.
      await expect(async () => {
        const averages = await averagesShown(page);
        expect(averages.length, `${list}: top-rated cards`).toBeGreaterThan(0);
        expect(averages.length, `${list}: fewer than all`).toBeLessThan(unfiltered);
        expect(averages.every((average) => average >= 4), `${list}: ${averages.join(", ")}`).toBe(true);
        // Every card shown is rated: an unrated listing is never "4+".
        expect(await page.getByRole("main").locator('li:has(a[href^="/business/"]), li:has(a[href^="/service/"])').count()).toBe(averages.length);
      }).toPass({ timeout: 10_000 });
    }

    // Drivers: links beside the vehicle ones, each keeping the other filter.
    await open(page, "/drivers/all", javaScriptEnabled);
    const ratings = page.getByRole("navigation", { name: "Filtrar por nota" });
    await ratings.getByRole("link", { name: "4+ estrelas" }).click();
    await expect(page).toHaveURL(/\/drivers\/all\?estrelas=4$/);
    // One current page, the vehicle filter's link (the bottom bar has no /drivers link);
    // the chosen note is the current one of its pair.
    await expect(ratings.getByRole("link", { name: "4+ estrelas" })).toHaveAttribute("aria-current", "true");
    await expect(ratings.getByRole("link", { name: "Todas as notas" })).not.toHaveAttribute("aria-current");
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Filtrar motoristas" }).getByRole("link", { name: "Todos", exact: true })).toHaveAttribute("aria-current", "page");
    expect((await averagesShown(page)).every((average) => average >= 4)).toBe(true);
    await page.getByRole("navigation", { name: "Filtrar motoristas" }).getByRole("link", { name: "Moto", exact: true }).click();
    await expect(page).toHaveURL(/\/drivers\/moto\?estrelas=4$/);
    await ratings.getByRole("link", { name: "Todas as notas" }).click();
    await expect(page).toHaveURL(/\/drivers\/moto$/);
  });
});
