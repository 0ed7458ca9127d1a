// Starts the production server for the end-to-end tests on a brand-new data folder,
// so the demo town is seeded fresh on every run. Used by playwright.config.ts.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("[e2e] build/server/index.js is missing: run `npm run build` first (or `npm run test:e2e`).");
  process.exit(1);
}

// The first start forks this same script with --seed (server/seed/seed-process.ts): that child
// seeds the folder its parent made fresh, so it must neither empty it (the lock is in it) nor
// start a log of its own (its lines reach the parent's output).
const seedChild = process.argv.includes("--seed");
const dataDir = path.resolve(root, process.env.DATA_DIR ?? "test-results/e2e-data");
if (!seedChild) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`[e2e] fresh data folder: ${dataDir}`);
}
process.env.DATA_DIR = dataDir;

// The server's output also goes to a file the specs read: with no SMTP_URL the e-mail
// confirmation links are written to the log, and a spec follows them as a resident would
// follow the mailed link (tests/e2e/helpers.ts, confirmationLink).
if (!seedChild) {
  const logFile = path.resolve(root, process.env.E2E_SERVER_LOG ?? "test-results/e2e-server.log");
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, "");
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    fs.appendFileSync(logFile, chunk);
    return write(chunk, ...rest);
  };
}

process.chdir(root);
await import("../../server.js");
