import { townDate } from "../../core/business-hours";
import { DEMO_MODERATOR, demoRota } from "../../server/seed/seed-data";
import { demoUserByUsername, expect, open, signIn, test } from "./helpers";

/**
 * The duty pharmacy (issue #32): the home shows today's, with its badge and the ways to reach
 * it, and /farmacias-de-plantao the next days' — JavaScript on and off, at 360 px. The demo
 * town's rota is a 24 h turn from 08:00 (server/seed/seed-data.ts's demoRota), seeded for today.
 */

/** The pharmacy the demo rota puts on duty at the town's present minute. */
function onDutyNow(): { name: string; next: string } {
  const { date, minutes } = townDate(new Date());
  const rota = demoRota(date);
  const current = minutes >= 8 * 60 ? 1 : 0;
  return { name: rota[current]!.name, next: rota[current + 1]!.name };
}

test("the home shows today's duty pharmacy, and the rota page the next days'", async ({ page, javaScriptEnabled }) => {
  const duty = onDutyNow();
  await open(page, "/", javaScriptEnabled);
  const section = page.getByRole("region", { name: "Farmácia de plantão" });
  const card = section.getByRole("article", { name: duty.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/Aberto · plantão até (amanhã às )?8:00/);
  await expect(card.getByRole("link", { name: "Ligar" })).toHaveAttribute("href", /^tel:\+55/);
  await expect(card.getByRole("link", { name: "Como chegar" })).toHaveAttribute("href", /openstreetmap\.org\/search\?query=/);
  // Nothing wider than the phone's screen.
  expect(await section.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(360);

  await section.getByRole("link", { name: "Ver o rodízio" }).click();
  await expect(page).toHaveURL(/\/farmacias-de-plantao$/);
  await expect(page.getByRole("heading", { level: 1, name: "Farmácias de plantão" })).toBeVisible();
  await expect(page.getByRole("region", { name: "De plantão agora" }).getByRole("article", { name: duty.name })).toBeVisible();
  const upcoming = page.getByRole("region", { name: "Próximos plantões" }).getByRole("article");
  await expect(upcoming.first()).toHaveAccessibleName(duty.next);
  await expect(upcoming.first()).toContainText(/Plantão de (hoje|amanhã) às 8:00 até/);
});

test("the moderator imports a rota CSV: one bad line, nothing imported and the line named; then the good file", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const moderator = demoUserByUsername(DEMO_MODERATOR);
  await signIn(page, moderator.email, "/farmacias-de-plantao", javaScriptEnabled);
  // Three and four days ahead, at minutes of this project's own (the other project runs the same story).
  const { date } = townDate(new Date());
  const day = (offset: number) => {
    const d = new Date(Date.parse(`${date}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  };
  const minute = javaScriptEnabled ? "15" : "45";
  const good = [`Farmácia São Benedito,${day(3)} 10:${minute},${day(4)} 10:${minute}`, `Drogaria Saúde & Vida,${day(4)} 10:${minute},${day(5)} 10:${minute}`];
  const upload = (lines: string[]) =>
    page.getByLabel("Arquivo CSV").setInputFiles({ name: "rodizio.csv", mimeType: "text/csv", buffer: Buffer.from(["farmacia,inicio,fim", ...lines].join("\n")) });
  const importForm = page.getByRole("form", { name: "Importar rodízio" });

  await upload([good[0]!, `Farmácia Que Não Existe,${day(5)} 10:${minute},${day(6)} 10:${minute}`, good[1]!]);
  await importForm.getByRole("button", { name: "Importar" }).click();
  const alert = importForm.getByRole("alert");
  await expect(alert).toContainText("Nada foi importado.");
  await expect(alert).toContainText("Linha 3: “Farmácia Que Não Existe” não é uma farmácia do guia");
  const removal = (name: string, when: string) => page.getByRole("button", { name: `Remover o plantão de ${name} de ${when.slice(0, 5)} às 10:${minute}` });
  await expect(removal("Farmácia São Benedito", day(3))).toHaveCount(0);

  await upload(good);
  await importForm.getByRole("button", { name: "Importar" }).click();
  await expect(page.getByText("2 plantões importados.")).toBeVisible();
  await expect(removal("Farmácia São Benedito", day(3))).toHaveCount(1);
  await expect(removal("Drogaria Saúde & Vida", day(4))).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
