// Starts the production server for the end-to-end tests on a brand-new data folder,
// so the demo town is seeded fresh on every run. Used by playwright.config.ts.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("[e2e] build/server/index.js is missing: run `npm run build` first (or `npm run test:e2e`).");
  process.exit(1);
}

const dataDir = path.resolve(root, process.env.DATA_DIR ?? "test-results/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
console.log(`[e2e] fresh data folder: ${dataDir}`);

process.chdir(root);
await import("../../server.js");
