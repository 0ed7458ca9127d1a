// `npm run build && npm run bench:phone` (not part of `npm test`): a first visit on a low-end
// phone, measured from outside in Chromium over CDP (issue #29). Profile: CPU slowed 6x,
// 400 kbit/s both ways, 400 ms round trip, a 360x740 screen at 2x. Each page is loaded
// PHONE_RUNS times (3) in a fresh browser context (no cache, no service worker); the median
// run is printed with the machine's load average beside it.
//
// - visible: first contentful paint and largest contentful paint (the browser's own entries);
// - interactive: the first moment React's handler is attached to the control the next tap
//   needs (the page's `target` below has a React props object with an `on…` function, or,
//   for the cart, the button exists) AND the root has committed (the theme toggle's effect
//   has written `guida-theme` to localStorage). Polled every 50 ms in the page, so the figure
//   is at most that late; the same definition works on builds older than this bench.
// - JS: bytes on the wire (encoded) of every script requested before interactive, and files.
//
// Environment: PHONE_RUNS (3), PHONE_PAGES ("/,/businesses,/sell-items,/posts"),
// CHROME_PATH (/usr/bin/chromium), PHONE_BASE (measure a server already running there).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { freePort, serverNode, sleep, startProcess, stopProcess, waitFor200 } from "./lib/proc.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "bench", "results");
const RUNS = Number(process.env.PHONE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const PAGES = (process.env.PHONE_PAGES ?? "/,/businesses,/sell-items,/posts").split(",");
const PROFILE = { cpu: 6, kbitPerSecond: 400, rttMs: 400, width: 360, height: 740, scale: 2 };
const DEADLINE_MS = 60_000;

/** The control the next tap needs, per page: its selector, or a function of the DOM. */
const TARGETS = {
  "/": 'form[action="/theme"]',
  "/businesses": 'form[action="/businesses"]',
  "/posts": 'form[action="/favorites"]',
  "/sell-items": 'button[aria-label^="Adicionar ao carrinho"]',
};

const log = (message) => process.stderr.write(`[phone] ${message}\n`);

/**
 * Runs in the page before its own scripts: records when the target first has a React handler
 * and the root has committed. Serialised into the page, so it refers to nothing outside.
 */
function watchInteractive(selector) {
  const handled = (element) => {
    for (const key of Object.keys(element)) {
      if (!key.startsWith("__reactProps$")) continue;
      const props = element[key];
      if (element.tagName === "BUTTON") return true;
      return Object.keys(props).some((name) => name.startsWith("on") && typeof props[name] === "function");
    }
    return false;
  };
  const timer = setInterval(() => {
    let committed = false;
    try {
      committed = localStorage.getItem("guida-theme") !== null;
    } catch {
      committed = false;
    }
    const element = document.querySelector(selector);
    if (committed && element && handled(element)) {
      window.__phoneInteractive = performance.now();
      clearInterval(timer);
    }
  }, 50);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__phoneLcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

async function measureOnce(browser, url, selector) {
  const context = await browser.newContext({
    viewport: { width: PROFILE.width, height: PROFILE.height },
    deviceScaleFactor: PROFILE.scale,
    isMobile: true,
    hasTouch: true,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PROFILE.rttMs,
    downloadThroughput: (PROFILE.kbitPerSecond * 1000) / 8,
    uploadThroughput: (PROFILE.kbitPerSecond * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpu });
  const scripts = new Map();
  const started = new Map();
  cdp.on("Network.requestWillBeSent", (event) => started.set(event.requestId, event.timestamp));
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.set(event.requestId, { url: event.response.url, bytes: 0, at: started.get(event.requestId) });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.bytes = event.encodedDataLength;
  });
  await page.addInitScript(watchInteractive, selector);
  const loadAverage = os.loadavg()[0];
  // The document's own navigation start is the zero of every figure below.
  await page.goto(url, { waitUntil: "commit", timeout: DEADLINE_MS });
  const navigationStart = await cdp.send("Runtime.evaluate", { expression: "performance.timeOrigin", returnByValue: true });
  const interactive = await page
    .waitForFunction(() => window.__phoneInteractive, undefined, { timeout: DEADLINE_MS, polling: 100 })
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  const paint = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    lcp: window.__phoneLcp ?? null,
  }));
  // CDP timestamps are seconds on a monotonic clock; the first request is the document's.
  const firstRequest = Math.min(...started.values());
  const before = [...scripts.values()].filter((s) => interactive !== null && (s.at - firstRequest) * 1000 <= interactive);
  await context.close();
  void navigationStart;
  return {
    fcp: paint.fcp,
    lcp: paint.lcp,
    interactive,
    jsBytes: before.reduce((sum, s) => sum + s.bytes, 0),
    jsFiles: before.length,
    loadAverage,
  };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
const seconds = (ms) => (ms === null ? "—" : `${(ms / 1000).toFixed(2)} s`);

async function main() {
  let server = null;
  let base = process.env.PHONE_BASE;
  const dataDir = base ? null : fs.mkdtempSync(path.join(os.tmpdir(), "guida-phone-data-"));
  if (!base) {
    if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) throw new Error("no production build: run `npm run build` first");
    fs.mkdirSync(path.join(RESULTS, "logs"), { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const logFile = path.join(RESULTS, "logs", "phone-server.log");
    fs.writeFileSync(logFile, "");
    server = startProcess({
      command: serverNode(),
      args: ["server.js"],
      cwd: ROOT,
      logFile,
      env: { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ACCESS_LOG: "off" },
    });
    await waitFor200(server, `${base}/`, 180_000);
    // The demo pictures render in the background after the first start: wait for them.
    const artwork = path.join(dataDir, "seed-artwork.json");
    for (const deadline = Date.now() + 240_000; fs.existsSync(artwork) && Date.now() < deadline; ) await sleep(250);
  }
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"],
  });
  const rows = [];
  try {
    for (const pathname of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await measureOnce(browser, `${base}${pathname}`, TARGETS[pathname] ?? 'form[action="/theme"]');
        log(`${pathname} run ${i + 1}: visible ${seconds(run.lcp)}, interactive ${seconds(run.interactive)}, JS ${(run.jsBytes / 1024).toFixed(1)} KiB in ${run.jsFiles} files, load ${run.loadAverage.toFixed(2)}`);
        runs.push(run);
      }
      rows.push({
        page: pathname,
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        interactive: median(runs.map((r) => r.interactive)),
        jsKiB: median(runs.map((r) => r.jsBytes)) / 1024,
        jsFiles: median(runs.map((r) => r.jsFiles)),
        loadAverage: median(runs.map((r) => r.loadAverage)),
        failed: runs.filter((r) => r.interactive === null).length,
      });
    }
  } finally {
    await browser.close();
    if (server) await stopProcess(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = [
    `Phone profile: CPU ${PROFILE.cpu}x slower, ${PROFILE.kbitPerSecond} kbit/s, ${PROFILE.rttMs} ms RTT, ${PROFILE.width}x${PROFILE.height} @${PROFILE.scale}x; median of ${RUNS} runs`,
    "",
    "| Page | FCP | LCP (visible) | Interactive | JS before interactive (wire) | files | load average |",
    "|---|--:|--:|--:|--:|--:|--:|",
    ...rows.map(
      (r) =>
        `| \`${r.page}\` | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${seconds(r.interactive)}${r.failed ? ` (${r.failed} runs never)` : ""} | ${r.jsKiB.toFixed(1)} KiB | ${r.jsFiles} | ${r.loadAverage.toFixed(2)} |`,
    ),
  ];
  console.log(lines.join("\n"));
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, "phone.md"), lines.join("\n") + "\n");
}

main().catch((error) => {
  log(error.stack ?? String(error));
  process.exit(1);
});
