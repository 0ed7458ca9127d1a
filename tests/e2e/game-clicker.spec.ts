import type { Page } from "@playwright/test";
import { CLICKER_STORAGE_KEY } from "../../app/game/clicker";
import { expect, noscriptStyles, test } from "./helpers";

/**
 * /game/clicker, a browser-only page: filled in by JavaScript, so most tests are @js-only;
 * without JavaScript it must still answer 200 with its server skeleton and say it needs it.
 */

/** The game mounts only after hydration, so its button being there means it is live. */
async function openGame(page: Page) {
  await page.goto("/game/clicker");
  const bake = page.getByRole("button", { name: "Assar pão de queijo" });
  await expect(bake).toBeVisible();
  return { bake, score: page.getByTestId("clicker-score"), perTap: page.getByTestId("clicker-per-tap") };
}

async function savedGame(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), CLICKER_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

test.describe("clicker game", () => {
  test("the score survives a reload", { tag: "@js-only" }, async ({ page }) => {
    const { bake, score } = await openGame(page);
    await expect(score).toHaveText("0");
    for (let i = 0; i < 7; i++) await bake.click();
    await expect(score).toHaveText("7");
    expect(await savedGame(page)).toMatchObject({ points: 7, baked: 7, best: 7 });

    await page.reload();
    await expect(page.getByRole("button", { name: "Assar pão de queijo" })).toBeVisible();
    await expect(score).toHaveText("7");
    await expect(page.getByTestId("clicker-best")).toHaveText("7");
  });

  test("buying an upgrade spends its price and raises the points per tap", { tag: "@js-only" }, async ({ page }) => {
    const { bake, score, perTap } = await openGame(page);
    const queijo = page.getByRole("button", { name: /Queijo da Serra/ });
    await expect(perTap).toHaveText("+1");
    await expect(queijo).toHaveAttribute("data-affordable", "false");

    // Not affordable yet: nothing is bought, the page says how much is missing.
    await queijo.click();
    await expect(page.getByText("Faltam 10 pães de queijo para Queijo da Serra.")).toBeVisible();
    await expect(perTap).toHaveText("+1");

    for (let i = 0; i < 10; i++) await bake.click();
    await expect(score).toHaveText("10");
    await expect(queijo).toHaveAttribute("data-affordable", "true");
    await queijo.click();

    await expect(score).toHaveText("0");
    await expect(perTap).toHaveText("+2");
    await expect(queijo).toContainText("nível 1");
    // The next level costs more (10 × 1,5 = 15) and is out of reach again.
    await expect(queijo).toContainText("15");
    await expect(queijo).toHaveAttribute("data-affordable", "false");

    await bake.click();
    await expect(score).toHaveText("2");
    expect(await savedGame(page)).toMatchObject({ points: 2, levels: { queijo: 1 } });
  });

  test("Space and Enter on the focused button bake, and upgrades are buttons too", { tag: "@js-only" }, async ({ page }) => {
    const { bake, score, perTap } = await openGame(page);
    await bake.focus();
    await page.keyboard.press("Space");
    await expect(score).toHaveText("1");
    await page.keyboard.press("Enter");
    await expect(score).toHaveText("2");
    for (let i = 0; i < 8; i++) await page.keyboard.press("Enter");
    await expect(score).toHaveText("10");

    // Tab reaches the first upgrade right after the button; Enter buys it.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: /Queijo da Serra/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(perTap).toHaveText("+2");
    await expect(score).toHaveText("0");
  });

  test("reset asks for confirmation in the page, then starts over keeping the best score", { tag: "@js-only" }, async ({ page }) => {
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const { bake, score } = await openGame(page);
    for (let i = 0; i < 3; i++) await bake.click();
    await expect(score).toHaveText("3");

    await page.getByRole("button", { name: "Recomeçar jogo" }).click();
    const question = page.getByRole("group", { name: /Recomeçar do zero\?/ });
    await expect(question).toBeVisible();
    // The confirmation takes focus on its safe choice.
    await expect(question.getByRole("button", { name: "Cancelar" })).toBeFocused();
    await question.getByRole("button", { name: "Cancelar" }).click();
    await expect(question).toHaveCount(0);
    await expect(score).toHaveText("3");

    await page.getByRole("button", { name: "Recomeçar jogo" }).click();
    await page.getByRole("button", { name: "Sim, recomeçar" }).click();
    await expect(score).toHaveText("0");
    await expect(page.getByTestId("clicker-best")).toHaveText("3");
    await expect(page.getByRole("button", { name: "Recomeçar jogo" })).toBeFocused();
    expect(dialogs, "no window.confirm").toBe(0);

    await page.reload();
    await expect(page.getByRole("button", { name: "Assar pão de queijo" })).toBeVisible();
    await expect(score).toHaveText("0");
    await expect(page.getByTestId("clicker-best")).toHaveText("3");
  });

  test("answers 200 with its title and rules; without JavaScript it says the game needs it", async ({
    page,
    javaScriptEnabled,
  }) => {
    const response = await page.goto("/game/clicker");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Pão de Queijo Clicker/);
    await expect(page.getByRole("heading", { level: 1, name: "Pão de Queijo Clicker" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Como jogar" })).toBeVisible();
    // Playwright's text matching skips <noscript>, so the notice is found by CSS.
    const needsJs = page.locator("noscript p");
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Assar pão de queijo" })).toBeVisible();
      await expect(needsJs).toHaveCount(0);
    } else {
      await expect(needsJs).toBeVisible();
      await expect(needsJs).toHaveText("Este jogo precisa de JavaScript. Ative o JavaScript no navegador para jogar.");
      // No promise of a game that will never load: the notice alone, no empty boxes.
      await expect(page.getByText("Carregando o jogo…")).toBeHidden();
      await expect(page.locator('main [aria-hidden="true"]')).toBeHidden();
    }
    expect(noscriptStyles(await response!.text())).toEqual([]);
  });
});
