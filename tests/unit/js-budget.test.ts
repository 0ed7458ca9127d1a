import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs module of the bench, shared with tests/e2e/js-budget.spec.ts
import { checkFirstViewBudget, FIRST_VIEW_BUDGET_KIB } from "../../bench/lib/first-view-js.mjs";

/**
 * The first-view budget's check over a build written here, outside app/ and server/: a
 * client build's layout (assets/, the route manifest, build/chunk-modules.json) with files
 * of known gzip -9 sizes. The real build is checked by tests/e2e/js-budget.spec.ts, after
 * `npm run build`; this proves the check fails, and names the culprit, when a 20 KiB (after
 * gzip) import is planted in the root.
 */

type Budget = { rows: { path: string; kib: number; limit: number }[]; failures: string[] };
const check = checkFirstViewBudget as (dir: string, paths: string[], options?: { budgetKiB?: number; limits?: Record<string, number> }) => Budget;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** JavaScript-looking text whose gzip -9 is about `kib` KiB (random base64 keeps ~6 bits a character). */
function incompressible(kib: number): string {
  const characters = Math.ceil((kib * 1024 * 8) / 6);
  return `export const x="${crypto.randomBytes(Math.ceil((characters * 3) / 4)).toString("base64")}";\n`;
}

function writeBuild(extraRootImport?: { kib: number; module: string }) {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), "guida-js-budget-"));
  dirs.push(build);
  const client = path.join(build, "client");
  fs.mkdirSync(path.join(client, "assets"), { recursive: true });
  const files: Record<string, { kib: number; module: string }> = {
    "/assets/entry.client-A1.js": { kib: 100, module: "node_modules/react-dom/cjs/react-dom-client.production.js" },
    "/assets/root-B2.js": { kib: 8, module: "app/root.tsx" },
    "/assets/home-C3.js": { kib: 4, module: "app/routes/home.tsx" },
  };
  const rootImports: string[] = [];
  if (extraRootImport) {
    files["/assets/planted-D4.js"] = extraRootImport;
    rootImports.push("/assets/planted-D4.js");
  }
  const modules: Record<string, [string, number][]> = {};
  for (const [file, { kib, module }] of Object.entries(files)) {
    const text = incompressible(kib);
    fs.writeFileSync(path.join(client, file), text);
    modules[file] = [[module, text.length]];
  }
  const manifest = {
    entry: { module: "/assets/entry.client-A1.js", imports: [] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root-B2.js", imports: rootImports },
      "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home-C3.js", imports: [] },
    },
  };
  fs.writeFileSync(path.join(client, "assets", "manifest-E5.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  fs.writeFileSync(path.join(build, "chunk-modules.json"), JSON.stringify(modules));
  return client;
}

describe("first-view JavaScript budget", () => {
  it("is 125 KiB per page", () => {
    expect(FIRST_VIEW_BUDGET_KIB).toBe(125);
  });

  it("passes a page under its budget and counts every file the page loads, the manifest included", () => {
    const { rows, failures } = check(writeBuild(), ["/"]);
    expect(failures).toEqual([]);
    expect(rows[0]!.kib).toBeGreaterThan(112);
    expect(rows[0]!.kib).toBeLessThan(FIRST_VIEW_BUDGET_KIB);
  });

  it("fails when an import of 20 KiB after gzip is planted in the root, naming the file and the module", () => {
    const { failures } = check(writeBuild({ kib: 20, module: "app/lib/planted-messages.ts" }), ["/"]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^\/: first-view JavaScript 13\d\.\d KiB .* over its 125 KiB budget/);
    expect(failures[0]).toContain("/assets/planted-D4.js 20.");
    expect(failures[0]).toMatch(/largest modules of the app in them \(before minification\): app\/lib\/planted-messages\.ts/);
  });

  it("holds a page to its own limit when it has one", () => {
    const client = writeBuild();
    expect(check(client, ["/"], { limits: { "/": 100 } }).failures[0]).toMatch(/over its 100 KiB budget/);
  });
});
