import { townDate } from "../../core/business-hours";
import { demoRota } from "../../server/seed/seed-data";
import { expect, open, test } from "./helpers";

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
