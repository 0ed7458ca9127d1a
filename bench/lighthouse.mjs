// Lighthouse (mobile) on Guida's main pages: `npm run build && npm run bench:lighthouse`.
//
// Starts the production build on loopback with the demo town in a throw-away data folder,
// then runs the Lighthouse CLI once per page (LIGHTHOUSE_RUNS times, median by performance
// score, when set) in headless Chromium, and prints the four category scores with LCP, TBT
// and CLS. Writes bench/results/lighthouse.json (and lighthouse.md), and each page's full
// Lighthouse report under bench/results/lighthouse-reports/ for diagnosis.
//
// Lighthouse 13 and the Node ≥ 22.19 it needs are not in package.json (a `node` package
// would put node_modules/.bin/node first on every npm script's PATH): install them beside the
// project, in LIGHTHOUSE_HOME (default ~/.cache/guida-lighthouse), with
// `npm i --prefix ~/.cache/guida-lighthouse node@24 lighthouse@13`, or into this project with
// `npm i --no-save node@24 lighthouse@13` (npm ci removes them again). Lighthouse runs on that
// Node (…/node_modules/node/bin/node) or LIGHTHOUSE_NODE; the server under test runs on the
// Node that `node server.js` uses (see serverNode() in lib/proc.mjs). Chromium: CHROME_PATH,
// default /usr/bin/chromium.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, nodeVersion, request, serverNode, sleep, startProcess, stopProcess, waitFor200 } from "./lib/proc.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "bench", "results");
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const log = (message) => process.stderr.write(`[lighthouse] ${message}\n`);
const INSTALL_HINT = "run `npm i --prefix ~/.cache/guida-lighthouse node@24 lighthouse@13` first (or set LIGHTHOUSE_HOME)";
/** Where node@24 and lighthouse@13 are installed: LIGHTHOUSE_HOME, ~/.cache/guida-lighthouse, or this project. */
const LIGHTHOUSE_HOME = [process.env.LIGHTHOUSE_HOME, path.join(os.homedir(), ".cache", "guida-lighthouse"), ROOT]
  .filter(Boolean)
  .find((home) => fs.existsSync(path.join(home, "node_modules", "lighthouse", "cli", "index.js")));

function lighthouseNode() {
  const candidates = [process.env.LIGHTHOUSE_NODE, path.join(LIGHTHOUSE_HOME ?? ROOT, "node_modules", "node", "bin", "node"), process.execPath].filter(Boolean);
  for (const bin of candidates) {
    const version = nodeVersion(bin);
    const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
    if (major > 22 || (major === 22 && minor >= 19)) return { bin, version };
  }
  throw new Error(
    `Lighthouse 13 needs Node ≥ 22.19 and none was found (tried ${candidates.join(", ")}): ${INSTALL_HINT} (kept out of package.json so npm ci and the tests stay on the machine's Node), or set LIGHTHOUSE_NODE`,
  );
}


function runLighthouse(nodeBin, url, outFile) {
  const cli = path.join(LIGHTHOUSE_HOME, "node_modules", "lighthouse", "cli", "index.js");
  const args = [
    cli,
    url,
    "--output=json",
    `--output-path=${outFile}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    "--quiet",
  ];
  return new Promise((resolve, reject) => {
    execFile(nodeBin, args, { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROME }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`lighthouse failed on ${url}: ${error.message}\n${stderr}`));
      else resolve(JSON.parse(fs.readFileSync(outFile, "utf8")));
    });
  });
}

/** Audits that cost points in a category, with their titles, for the report. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "notApplicable")
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue }));
}

function summarize(label, pagePath, lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    page: label,
    path: pagePath,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    fcpMs: audit("first-contentful-paint"),
    speedIndexMs: audit("speed-index"),
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    failing: Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(lhr, c)])),
    runWarnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent ?? null,
  };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) throw new Error("no production build: run `npm run build` first");
  if (!fs.existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (set CHROME_PATH)`);
  if (!LIGHTHOUSE_HOME) throw new Error(`Lighthouse is not installed: ${INSTALL_HINT}`);
  const lh = lighthouseNode();
  const loadBefore = os.loadavg();
  const NODE = serverNode();
  log(`lighthouse on ${lh.bin} (${lh.version}), server on ${NODE} (${nodeVersion(NODE)}), chromium ${CHROME}`);

  fs.mkdirSync(path.join(RESULTS, "logs"), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-lighthouse-data-"));
  const workDir = path.join(RESULTS, "lighthouse-reports");
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(RESULTS, "logs", "lighthouse-server.log");
  fs.writeFileSync(logFile, "");
  const server = startProcess({
    command: NODE,
    args: ["server.js"],
    cwd: ROOT,
    logFile,
    env: { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ACCESS_LOG: "off" },
  });
  try {
    await waitFor200(server, `${base}/`, 180_000);
    // The demo pictures render in the background after the first start; pages without them would flatter LCP.
    const artwork = path.join(dataDir, "seed-artwork.json");
    const deadline = Date.now() + 240_000;
    while (fs.existsSync(artwork) && Date.now() < deadline) await sleep(250);

    const businessId = /href="\/business\/([^"/?#]+)"/.exec((await request(`${base}/businesses`)).body.toString())?.[1];
    const newsId = /href="\/news\/([^"/?#]+)"/.exec((await request(`${base}/news`)).body.toString())?.[1];
    const pages = [
      { label: "/", path: "/" },
      { label: "/businesses", path: "/businesses" },
      { label: "/business/{id}", path: businessId ? `/business/${businessId}` : null },
      { label: "/sell-items", path: "/sell-items" },
      { label: "/posts", path: "/posts" },
      { label: "/news/{id}", path: newsId ? `/news/${newsId}` : null },
    ];
    const results = [];
    const notes = [];
    for (const page of pages) {
      if (!page.path) {
        notes.push(`${page.label}: skipped, no id found on the list page`);
        continue;
      }
      const probe = await request(`${base}${page.path}`);
      if (probe.status !== 200) {
        notes.push(`${page.label}: skipped, ${page.path} answered ${probe.status}`);
        continue;
      }
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const name = page.label.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "home";
        const lhr = await runLighthouse(lh.bin, `${base}${page.path}`, path.join(workDir, `${name}${RUNS > 1 ? `-${i + 1}` : ""}.json`));
        runs.push(summarize(page.label, page.path, lhr));
      }
      // Scores and timings from the median run by performance; CLS is the worst of the runs
      // (a shift that happens only when hydration lands after the first paint is still a shift).
      const clsMax = Math.max(...runs.map((r) => r.cls ?? 0));
      runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = runs[Math.floor(runs.length / 2)];
      results.push({
        ...median,
        cls: clsMax,
        runs: RUNS > 1 ? runs.map((r) => ({ performance: r.scores.performance, lcpMs: r.lcpMs, tbtMs: r.tbtMs, cls: r.cls, benchmarkIndex: r.benchmarkIndex })) : undefined,
      });
      log(
        `${page.label.padEnd(15)} perf ${median.scores.performance} a11y ${median.scores.accessibility} bp ${median.scores["best-practices"]} seo ${median.scores.seo}  ` +
          `LCP ${Math.round(median.lcpMs)} ms  TBT ${Math.round(median.tbtMs)} ms  CLS ${clsMax.toFixed(3)}${RUNS > 1 ? " (worst run)" : ""}`,
      );
    }

    const targets = [
      { name: "performance ≥ 0.95 on every page", pass: results.every((r) => r.scores.performance >= 0.95) },
      { name: "accessibility 1.0 on every page", pass: results.every((r) => r.scores.accessibility === 1) },
      { name: "best practices 1.0 on every page", pass: results.every((r) => r.scores["best-practices"] === 1) },
      { name: "SEO 1.0 on every page", pass: results.every((r) => r.scores.seo === 1) },
      { name: "CLS 0 on every page", pass: results.every((r) => r.cls === 0) },
    ];
    const report = {
      startedAt: new Date().toISOString(),
      lighthouse: results[0]?.lighthouseVersion ?? null,
      node: { lighthouse: lh.version, server: nodeVersion(NODE) },
      chrome: { path: CHROME, flags: CHROME_FLAGS, userAgent: results[0]?.userAgent ?? null },
      mode: "mobile (Lighthouse default: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown)",
      runsPerPage: RUNS,
      loadavgBefore: loadBefore.map((n) => Math.round(n * 100) / 100),
      loadavgAfter: os.loadavg().map((n) => Math.round(n * 100) / 100),
      notes,
      pages: results,
      targets,
    };
    fs.writeFileSync(path.join(RESULTS, "lighthouse.json"), JSON.stringify(report, null, 2) + "\n");
    const md = markdown(report);
    fs.writeFileSync(path.join(RESULTS, "lighthouse.md"), md);
    process.stdout.write(md);
    log("wrote bench/results/lighthouse.json and lighthouse.md");
  } finally {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function benchmarkIndexes(report) {
  const all = report.pages.flatMap((p) => (p.runs ? p.runs.map((r) => r.benchmarkIndex) : [p.benchmarkIndex])).filter((n) => typeof n === "number");
  if (!all.length) return "–";
  const lo = Math.round(Math.min(...all));
  const hi = Math.round(Math.max(...all));
  return lo === hi ? String(lo) : `${lo}–${hi} (a low index means other processes were busy)`;
}

function markdown(report) {
  const score = (s) => (s === null || s === undefined ? "–" : s === 1 ? "1.00" : `**${s.toFixed(2)}**`);
  const lines = [
    `### Lighthouse ${report.lighthouse}, mobile, ${report.startedAt.slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Headless Chromium (${report.chrome.userAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? report.chrome.path}), ` +
      `${report.runsPerPage > 1 ? `${report.runsPerPage} runs per page: scores, LCP and TBT of the median run by performance, CLS the worst run's` : "one run per page"}; ` +
      `CPU benchmark index ${benchmarkIndexes(report)}; ` +
      `load average ${report.loadavgBefore[0]} before, ${report.loadavgAfter[0]} after. Bold: below target.`,
    "",
    "| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const p of report.pages) {
    const perf = p.scores.performance;
    lines.push(
      `| \`${p.page}\` | ${perf >= 0.95 ? perf.toFixed(2) : `**${perf?.toFixed(2)}**`} | ${score(p.scores.accessibility)} | ${score(p.scores["best-practices"])} | ${score(p.scores.seo)} | ` +
        `${(p.lcpMs / 1000).toFixed(2)} s | ${Math.round(p.tbtMs)} ms | ${p.cls === 0 ? "0" : `**${p.cls.toFixed(3)}**`} |`,
    );
  }
  lines.push("");
  for (const note of report.notes) lines.push(`- ${note}`);
  const lost = new Map();
  for (const p of report.pages)
    for (const [category, audits] of Object.entries(p.failing))
      for (const a of audits) {
        if (category === "performance") continue;
        const key = `${category}: ${a.title} (\`${a.id}\`)`;
        lost.set(key, [...(lost.get(key) ?? []), p.page]);
      }
  if (lost.size) {
    lines.push("Audits that cost points outside performance:", "");
    for (const [key, pages] of lost) lines.push(`- ${key} — ${pages.map((p) => `\`${p}\``).join(", ")}`);
    lines.push("");
  }
  lines.push("| Target | Result |", "|---|---|");
  for (const t of report.targets) lines.push(`| ${t.name} | ${t.pass ? "pass" : "**FAIL**"} |`);
  lines.push("");
  return lines.join("\n");
}

try {
  await main();
} catch (error) {
  log(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
