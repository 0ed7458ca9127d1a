import type { Page } from "@playwright/test";
import { CLICKER_STORAGE_KEY } from "../../app/game/clicker";
import { formatBytes, webStorageBytes } from "../../app/debug/storage-report";
import { expect, test } from "./helpers";

/**
 * The browser-only extras: the clicker game (/game/clicker) and the storage debug page
 * (/debug/storage). Both are filled in by JavaScript, so most tests are @js-only; without
 * JavaScript each must still answer 200 with its server skeleton and say what it needs.
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

/** <style> elements inside a <noscript> of the body: invalid HTML (the Nu checker flags them). */
function noscriptStyles(html: string): string[] {
  const body = html.slice(html.indexOf("<body"));
  return [...body.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((m) => m[1]!).filter((inner) => inner.includes("<style"));
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

test.describe("storage debug page", () => {
  test("lists a localStorage key with its size in pt-BR and clears localStorage", { tag: "@js-only" }, async ({ page }) => {
    const key = "teste-debug";
    const value = "x".repeat(2500);
    await page.goto("/debug/storage");
    await page.evaluate(([k, v]) => window.localStorage.setItem(k!, v!), [key, value]);
    await page.reload();

    const section = page.getByRole("region", { name: "localStorage", exact: true });
    const row = section.getByRole("row").filter({ hasText: key });
    // (11 + 2500) UTF-16 code units × 2 bytes = 5022 bytes.
    expect(formatBytes(webStorageBytes(key, value))).toBe("4,9 KB");
    await expect(row).toContainText("4,9 KB");

    await section.getByRole("button", { name: "Limpar localStorage" }).click();
    await expect(page.getByText("localStorage limpo.")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await page.evaluate((k) => window.localStorage.getItem(k), key)).toBeNull();
  });

  test("lists a Cache Storage cache with its entries and deletes it", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/debug/storage");
    await page.evaluate(async () => {
      const cache = await caches.open("teste");
      await cache.put("/teste-1", new Response("olá"));
    });
    await page.getByRole("button", { name: "Atualizar" }).click();

    const section = page.getByRole("region", { name: "Cache Storage" });
    const item = section.getByRole("listitem").filter({ has: page.getByText("teste", { exact: true }) });
    await expect(item).toContainText("1 entrada");

    await item.getByRole("button", { name: "Apagar cache teste" }).click();
    await expect(page.getByText("Cache teste apagado.")).toBeVisible();
    await expect(item).toHaveCount(0);
    expect(await page.evaluate(() => caches.has("teste"))).toBe(false);
  });

  test("shows the image cache as empty without creating its database", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/debug/storage");
    const section = page.getByRole("region", { name: "Cache de imagens" });
    await expect(section.getByText("vazio", { exact: true })).toBeVisible();
    // Creating it here would stop the image cache module's own upgrade from ever running.
    const names = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
    expect(names).not.toContain("guida-image-cache");
    await expect(page.getByRole("region", { name: "Espaço usado" })).toContainText(/Usado.+ de /);
  });

  test("summarises image cache records and clears them", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/debug/storage");
    // A database shaped as the image cache module makes it: two records, one expired.
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("guida-image-cache", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("images", { keyPath: "url" });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const now = Date.now();
      const tx = db.transaction("images", "readwrite");
      tx.objectStore("images").put({ url: "/a.webp", blob: new Blob(["a"]), timestamp: now, size: 2048, ttl: 3_600_000 });
      tx.objectStore("images").put({ url: "/b.webp", blob: new Blob(["b"]), timestamp: now - 7_200_000, size: 1024, ttl: 3_600_000 });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    });
    await page.getByRole("button", { name: "Atualizar" }).click();
    const section = page.getByRole("region", { name: "Cache de imagens" });
    const fact = (term: string) => section.locator("dl > div").filter({ has: page.locator("dt", { hasText: term }) }).locator("dd");
    await expect(fact("Imagens")).toHaveText("2");
    await expect(fact("Tamanho total")).toHaveText("3 KB");
    await expect(fact("Expiradas")).toHaveText("1");

    await section.getByRole("button", { name: "Limpar cache de imagens" }).click();
    await expect(section.getByText("vazio", { exact: true })).toBeVisible();
  });

  test("answers 200 with headings and is kept out of search engines", async ({ page, javaScriptEnabled }) => {
    const response = await page.goto("/debug/storage");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Armazenamento deste navegador" })).toBeVisible();
    const sections = ["localStorage", "sessionStorage", "Cache de imagens", "Cache de dados das páginas", "Cache Storage", "Espaço usado"];
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    if (javaScriptEnabled) {
      for (const name of sections) await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
      await expect(page.getByText("Carregando…")).toHaveCount(0);
    } else {
      const needsJs = page.locator("noscript p");
      await expect(needsJs).toBeVisible();
      await expect(needsJs).toHaveText("Esta página precisa de JavaScript para ler o armazenamento do navegador.");
      // The notice alone: no empty sections waiting for a script that will never run.
      for (const name of sections) await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeHidden();
      await expect(page.getByText("Carregando…").first()).toBeHidden();
    }
    expect(noscriptStyles(await response!.text())).toEqual([]);
  });
});
