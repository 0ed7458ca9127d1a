import fs from "node:fs";
import { defineConfig, type LaunchOptions } from "@playwright/test";

/**
 * End-to-end tests against the production build: `npm run test:e2e` builds, then this
 * config starts `node server.js` (through tests/e2e/start-server.mjs) on a fresh,
 * throw-away data folder, so every run sees the same freshly seeded demo town.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = Boolean(process.env.CI);

// The Debian/Ubuntu package when present (containers, CI); otherwise Playwright's own
// Chromium from `npx playwright install chromium` (a laptop).
const SYSTEM_CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";
const launchOptions: LaunchOptions = fs.existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    }
  : {};

// Mobile-first app: a small phone screen, Brazilian locale and the town's time zone.
const browserUse = {
  browserName: "chromium" as const,
  viewport: { width: 360, height: 740 },
  locale: "pt-BR",
  timezoneId: "America/Sao_Paulo",
  launchOptions,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The CI adds up pass/fail counts from reports/e2e.json (scripts/test-summary.mjs).
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "js",
      // A service worker answers the page's requests itself, out of reach of page.route()
      // (the spinner test holds a .data request that way): only the "pwa" project runs it.
      use: { ...browserUse, javaScriptEnabled: true, serviceWorkers: "block" },
      grepInvert: /@no-js-only/,
      testIgnore: /(pwa|web-push)\.spec\.ts$/,
    },
    {
      name: "no-js",
      use: { ...browserUse, javaScriptEnabled: false },
      grepInvert: /@js-only/,
      testIgnore: /(pwa|web-push)\.spec\.ts$/,
    },
    {
      name: "pwa",
      use: { ...browserUse, javaScriptEnabled: true, serviceWorkers: "allow" },
      testMatch: /(pwa|web-push)\.spec\.ts$/,
    },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `${BASE_URL}/healthz`,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: "test-results/e2e-data",
      NODE_ENV: "production",
      // Many sign-ins from 127.0.0.1 in one run: the limits themselves are tested elsewhere.
      RATE_LIMIT_SCALE: "100",
      // One line per request would bury the test report; the logs are tested on their own.
      ACCESS_LOG: "off",
      // Every browser connects from 127.0.0.1; the trust rules (issue #25) tell residents
      // apart by network address, so a spec names a resident's address with X-Forwarded-For,
      // as the reverse proxy in front of a real server does. Without the header: 127.0.0.1.
      TRUST_PROXY: "true",
    },
    timeout: 120_000,
    reuseExistingServer: !CI,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM lets the server close PGlite cleanly before the folder is thrown away.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
