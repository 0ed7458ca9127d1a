import { formatBytes, webStorageBytes } from "../../app/debug/storage-report";
import { expect, noscriptStyles, test } from "./helpers";

/**
 * /debug/storage, a browser-only page: filled in by JavaScript, so most tests are @js-only;
 * without JavaScript it must still answer 200 with its server skeleton and say it needs it.
 */

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
