import type { Page } from "@playwright/test";
import { describeOpenStatus, openStatus, townClock, WEEKDAYS, WEEKDAY_LABELS, type OpeningHours, type Weekday } from "../../core/business-hours";
import { demoUserByKey, expect, open, signIn, test, town } from "./helpers";

/**
 * Hours past midnight (issue #32): the owner edits a day to 18:00–02:00 on the hours form and
 * the business's status follows it past midnight; a schedule that makes no sense is refused
 * with the typed values kept. JavaScript on (a fixed page clock, so the boundaries are exact)
 * and off (the server's clock; the badge must say what the rule says at that instant).
 */

// Owners other spec files sign in with, and the businesses they read hours from: keep clear.
const USED_ELSEWHERE = new Set([
  "antonio_batista", "bia_moreira", "camila_nogueira", "fe_carvalho", "helena_martins", "ju_pereira",
  "larissa_duarte", "lucas_araujo", "rafael_goncalves", "thiago_cardoso", "tiao_rodrigues", town.users[3]!.key,
]);
const owned = town.businesses.filter((b) => b.ownerKey && !USED_ELSEWHERE.has(b.ownerKey) && b.category !== "Padaria" && b.openingHours && b.holidayMode !== "special");
// businesses.spec.ts takes the first four; this spec the last two.
const [forJs, forNoJs] = [owned.at(-1)!, owned.at(-2)!];

const badge = (page: Page) => page.locator("article header [data-open]");
const dayBox = (page: Page, day: Weekday) => page.getByRole("checkbox", { name: new RegExp(`^${WEEKDAY_LABELS[day]}`) });
const opensBox = (page: Page, day: Weekday) => page.getByLabel(`${WEEKDAY_LABELS[day]}: abre às`);
const closesBox = (page: Page, day: Weekday) => page.getByLabel(`${WEEKDAY_LABELS[day]}: fecha às`);

/** 23:00 on weekday `day` of the week of 2026-11-22 (a Sunday), as an instant (UTC−3 by the tz database then). */
const at2300 = (day: Weekday) => new Date(Date.UTC(2026, 10, 23 + WEEKDAYS.indexOf(day), 2, 0));

test("the owner sets a day to 18:00–02:00 and the status runs past midnight; nonsense is refused", async ({ page, javaScriptEnabled }) => {
  // Several sign-ins, saves and page loads in one story: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const business = javaScriptEnabled ? forJs : forNoJs;
  const original = business.openingHours!;
  // A day that is neither today, yesterday nor tomorrow in the town, so the town's open count
  // (read by other specs at the real time) does not change while this runs.
  const today = WEEKDAYS.indexOf(townClock(new Date()).weekday);
  const day = WEEKDAYS[(today + 3) % 7]!;
  const next = WEEKDAYS[(today + 4) % 7]!;
  await open(page, `/search?q=${encodeURIComponent(business.name)}`, javaScriptEnabled);
  const path = (await page.getByRole("region", { name: /^Negócios/ }).getByRole("link").filter({ hasText: business.name }).first().getAttribute("href"))!;
  expect(path).toMatch(/^\/business\/[0-9a-f-]{36}$/);
  await signIn(page, demoUserByKey(business.ownerKey!).email, `${path}/editar`, javaScriptEnabled);

  // Opening and closing at the same minute makes no sense: refused, the typed times kept.
  await dayBox(page, day).check();
  await opensBox(page, day).fill("18:00");
  await closesBox(page, day).fill("18:00");
  const [refused] = await Promise.all([
    javaScriptEnabled ? Promise.resolve(null) : page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Salvar" }).click(),
  ]);
  if (refused) expect(refused.status()).toBe(400);
  await expect(page.getByText("Abre e fecha às 18:00: diga horários diferentes", { exact: false })).toBeVisible();
  await expect(opensBox(page, day)).toHaveValue("18:00");
  await expect(closesBox(page, day)).toHaveValue("18:00");

  // 18:00–02:00 is accepted: it closes on the next calendar day.
  await closesBox(page, day).fill("02:00");
  // The next day must not open before 02:00 (the seed's businesses open at 05:00 or later).
  expect(original[next]?.open ? original[next]!.opensAt! >= "02:00" : true).toBe(true);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Negócio atualizado.").first()).toBeVisible();
  await expect(page).toHaveURL(path);
  const hours: OpeningHours = { ...original, [day]: { open: true, opensAt: "18:00", closesAt: "02:00" } };
  await expect(page.getByRole("row", { name: new RegExp(`^${WEEKDAY_LABELS[day]}`) })).toContainText("18:00 – 02:00");

  if (javaScriptEnabled) {
    // The page's clock decides the badge once hydrated: 23:00 that day, 01:59 and 02:00 the next.
    const night = at2300(day);
    for (const [instant, text] of [
      [night, "Aberto · fecha às 2:00"],
      [new Date(night.getTime() + 179 * 60_000), "Aberto · fecha às 2:00"],
      [new Date(night.getTime() + 180 * 60_000), describeOpenStatus(openStatus(hours, new Date(night.getTime() + 180 * 60_000)))],
    ] as const) {
      await page.clock.setFixedTime(instant);
      await open(page, path, true);
      await expect(badge(page)).toHaveText(text);
    }
    expect(describeOpenStatus(openStatus(hours, new Date(night.getTime() + 180 * 60_000)))).toMatch(/^Fechado/);
  } else {
    // The server's clock: the badge says what the rule says at that instant (either reading
    // at a minute boundary).
    const before = describeOpenStatus(openStatus(hours, new Date()));
    await open(page, path, false);
    const after = describeOpenStatus(openStatus(hours, new Date()));
    expect([before, after]).toContain(await badge(page).innerText());
  }

  // Back to the seeded hours, so the demo town stays as other specs read it.
  await open(page, `${path}/editar`, javaScriptEnabled);
  const was = original[day];
  if (was?.open) {
    await opensBox(page, day).fill(was.opensAt!);
    await closesBox(page, day).fill(was.closesAt!);
  } else {
    await dayBox(page, day).uncheck();
  }
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Negócio atualizado.").first()).toBeVisible();
});

// Issue #32: holidays and special dates. Owners other than the first test's (the third and
// fourth from the end of the same list), with dates far from today so the town's counts
// other specs read stay as seeded.
const [holidayJs, holidayNoJs] = [owned.at(-3)!, owned.at(-4)!];

test("the owner says what the business does on holidays and adds a vacation; the badge says so", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const business = javaScriptEnabled ? holidayJs : holidayNoJs;
  await open(page, `/search?q=${encodeURIComponent(business.name)}`, javaScriptEnabled);
  const path = (await page.getByRole("region", { name: /^Negócios/ }).getByRole("link").filter({ hasText: business.name }).first().getAttribute("href"))!;
  await signIn(page, demoUserByKey(business.ownerKey!).email, `${path}/editar`, javaScriptEnabled);

  // Closed on holidays.
  await page.getByRole("radio", { name: "Fecha nos feriados" }).check();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Negócio atualizado.").first()).toBeVisible();

  // A vacation whose end comes before its start is refused, the typed dates kept.
  await open(page, `${path}/editar`, javaScriptEnabled);
  await page.getByLabel("De", { exact: true }).fill("2031-01-20");
  await page.getByLabel("Até (opcional)").fill("2031-01-10");
  await page.getByLabel(/^Motivo/).fill("férias coletivas");
  await page.getByRole("button", { name: "Adicionar data especial" }).click();
  await expect(page.getByText("O fim vem antes do início: escolha uma data a partir do início.")).toBeVisible();
  await expect(page.getByLabel("De", { exact: true })).toHaveValue("2031-01-20");
  await expect(page.getByLabel("Até (opcional)")).toHaveValue("2031-01-10");

  // Then the right one: 10–20 January, closed.
  await page.getByLabel("De", { exact: true }).fill("2031-01-10");
  await page.getByLabel("Até (opcional)").fill("2031-01-20");
  await page.getByLabel(/^Motivo/).fill("férias coletivas");
  await page.getByRole("button", { name: "Adicionar data especial" }).click();
  await expect(page.getByText("Data especial adicionada.").first()).toBeVisible();
  await expect(page.getByText("10/01/2031 a 20/01/2031: fechado (férias coletivas)")).toBeVisible();

  if (javaScriptEnabled) {
    // On the page's clock: Finados (Monday 2 November 2026, 10:00) and inside the vacation.
    await page.clock.setFixedTime(new Date("2026-11-02T13:00:00Z"));
    await open(page, path, true);
    await expect(badge(page)).toHaveText("Fechado · feriado de Finados");
    await page.clock.setFixedTime(new Date("2031-01-15T13:00:00Z"));
    await open(page, path, true);
    await expect(badge(page)).toHaveText("Fechado · férias coletivas");
    await page.clock.setFixedTime(new Date());
  }

  // Removed again; the seeded holiday plan back.
  await open(page, `${path}/editar`, javaScriptEnabled);
  await page.getByRole("button", { name: "Remover 10/01/2031 a 20/01/2031: fechado (férias coletivas)" }).click();
  await expect(page.getByText("Data especial removida.").first()).toBeVisible();
  await expect(page.getByText("10/01/2031 a 20/01/2031: fechado (férias coletivas)")).toHaveCount(0);
  const seeded = { closed: "Fecha nos feriados", normal: "Abre no horário de sempre", special: "Abre em horário especial" }[business.holidayMode];
  await page.getByRole("radio", { name: seeded }).check();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Negócio atualizado.").first()).toBeVisible();
});
