import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
// @ts-expect-error -- a plain .mjs module of the bench, shared with tests/unit/js-budget.test.ts
import { checkFirstViewBudget, createFirstViewCalculator, FIRST_VIEW_BUDGET_KIB } from "../../bench/lib/first-view-js.mjs";
import { HYDRATED_MARK } from "../../app/lib/early-events";
import { PUBLIC_PAGES } from "../../scripts/public-pages";
import { expect, test, waitForHydration } from "./helpers";

/**
 * The first view's JavaScript budget (issue #29) over the production build this suite runs
 * on: every script a first visit downloads before the page is hydrated (the entry, each
 * matching route's module and its imports, the page's inline part of the route manifest), each gzip -9, at most
 * FIRST_VIEW_BUDGET_KIB (125 KiB) per public page. /mapa has its own budget (the map issue).
 * A failure names the files and the app's modules that fill the page (bench/lib/first-view-js.mjs;
 * tests/unit/js-budget.test.ts shows it failing on a planted 20 KiB import).
 *
 * The browser half checks that the list is the whole truth: no script outside it is
 * requested before hydration.
 */

const CLIENT = path.resolve(import.meta.dirname, "../../build/client");

/**
 * /mapa's own budget (issue #33): its first view is the page's scripts and then the map's
 * (Leaflet and the page's map code, imported once the page is hydrated), gzip -9, manifest included.
 */
const MAP_BUDGET_KIB = 170;

/**
 * Pages still over the 125 KiB goal, each held at what it weighs today so that nothing grows
 * while the rest is cut (issue #29 stays open for them): lower a line when a page shrinks,
 * delete it when the page fits. /login carries zod and conform for its forms.
 */
const STILL_OVER: Record<string, number> = {
  // Since routeDiscovery "lazy" (react-router.config.ts) a page carries only its own routes' part of
  // the route manifest: routes added elsewhere no longer weigh on every page (-2.2 KiB each).
  // Issue #32: the open badge reads the duty rota (core/duty.ts): / +0.1, /businesses +0.4, /business +0.5 KiB.
  "/": 126.7, // the holiday and special-date rule in the open badge (+1.0 KiB) and the duty pharmacy's card (+1.8 KiB, issue #32)
  "/businesses": 127.4, // the same; the cards' rating line (issue #30's reviews): +0.6 KiB; "Perto de mim" (issue #33: the geolocation button, the neighbourhood form): +1.2 KiB
  "/business/any": 130.4, // the same; the reviews and their forms, hydrated with the page (issue #30): +2.6 KiB
  "/drivers/todos": 127.6, // "Perto de mim" (issue #33): +1.2 KiB; core/business-hours.ts is shared with the drivers' badge (issue #32); the cards' rating line (issue #30): +0.5 KiB
  "/driver/any": 129.8, // the same; the reviews and their forms, hydrated with the page (issue #30): +2.6 KiB
  "/news/any": 126.7, // the comments hydrate with the page (issue #30; a lazy chunk lost taps: comments.tsx)
  "/posts": 125.4,
  "/posts/any": 127.4, // the comments, hydrated with the page (issue #30; a lazy chunk lost taps: comments.tsx)
  "/sell-items": 126.1,
  "/service/any": 126.1, // the reviews and their forms, hydrated with the page (issue #30): +3.7 KiB
  "/sell-items/any": 125.3,
  "/login": 163.8, // zod and conform for its forms (~35 KiB): see docs/performance.md
};

type Budget = { rows: { path: string; kib: number; limit: number; files: number }[]; failures: string[] };
type Calculator = { forPath(path: string): { files: string[]; routeIds: string[]; totalGzipBytes: number }; manifestUrl: string };

test.describe("first-view JavaScript budget", () => {
  test("every public page's first view is within its budget", { tag: "@js-only" }, () => {
    const { rows, failures } = checkFirstViewBudget(CLIENT, PUBLIC_PAGES, { budgetKiB: FIRST_VIEW_BUDGET_KIB, limits: STILL_OVER }) as Budget;
    test.info().annotations.push({ type: "first-view KiB", description: rows.map((r) => `${r.path} ${r.kib.toFixed(1)}`).join(", ") });
    expect(failures, failures.join("\n\n")).toEqual([]);
    // A stale exception is one nobody lowers: each must still be over the goal.
    for (const row of rows.filter((r) => r.path in STILL_OVER)) expect(row.kib, `${row.path} now fits: delete its line`).toBeGreaterThan(FIRST_VIEW_BUDGET_KIB);
  });

  test("/mapa's first view, the map's scripts included, is within its own budget", { tag: "@js-only" }, async ({ page }) => {
    const calculator = createFirstViewCalculator(CLIENT) as Calculator;
    await page.goto("/mapa");
    await waitForHydration(page);
    await expect(page.locator(".leaflet-marker-icon").first()).toBeAttached();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => /^\/assets\/leaflet-map-[^/]+\.js$/.test(pathname)),
    );
    // The page did load the map's chunk (Leaflet and the map code): it is counted with the page's own first view.
    expect(scripts).toHaveLength(1);
    const view = calculator.forPath("/mapa");
    const bytes = view.totalGzipBytes + zlib.gzipSync(fs.readFileSync(path.join(CLIENT, scripts[0]!)), { level: 9 }).length;
    test.info().annotations.push({ type: "first-view KiB", description: `/mapa ${(bytes / 1024).toFixed(1)} (${view.files.length + 1} files)` });
    expect(bytes / 1024).toBeLessThanOrEqual(MAP_BUDGET_KIB);
  });

  for (const pathname of ["/", "/businesses", "/sell-items", "/posts", "/news"]) {
    test(`${pathname} asks for no script outside the counted ones before it is hydrated`, { tag: "@js-only" }, async ({ page }) => {
      const calculator = createFirstViewCalculator(CLIENT) as Calculator;
      const counted = new Set([...calculator.forPath(pathname).files, calculator.manifestUrl]);
      await page.goto(pathname);
      await waitForHydration(page);
      // Every script asked for before hydration committed (the root's mark), from the page's
      // own resource timing: what effects import after it is not the first view.
      const requested = await page.evaluate((mark) => {
        const hydratedAt = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
        return performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime < hydratedAt && /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => new URL(entry.name).pathname);
      }, HYDRATED_MARK);
      expect(requested.filter((file) => !counted.has(file))).toEqual([]);
      expect(requested.length).toBeGreaterThan(0);
    });
  }
});
