// From a town to a city (issue #17): `npm run build && npm run bench:city` (and the end of `npm run bench`).
//
// Builds the demo town at 1× and at BENCH_TOWN_SCALE× (100) — through BENCH_TOWN=N, the same
// SQL paths the app uses — on PGlite and on PostgreSQL, starts the production server on each
// and measures every page cold: the servers measured for the table run with their caches off
// (SERVER_CACHES=off-in-production, docs/performance.md), so every timed GET renders the page
// from the database, one request at a time, BENCH_CITY_SAMPLES times (30); the p50 is the
// figure. The server's access log (ACCESS_LOG_SQL=on) confirms each timed request reached the
// database. At the large scale on PGlite it then restarts the server on the same folder, caches
// on (embeddedEngineRows), for the time from start to first 200, the memory after a heavy
// resident's pages, and a cached page's and a static file's p99 while two connections search
// without pause.
//
// PostgreSQL: BENCH_DATABASE_URL (a superuser URL; the bench creates and drops its own
// databases), else a throw-away cluster from scripts/test-postgres.sh, else skipped.
// Writes bench/results/city.json and city.md.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { loadTest } from "./lib/load.mjs";
import { freePort, memoryOf, request, serverNode, sleep, startProcess, stopProcess, waitFor200 } from "./lib/proc.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "bench", "results");
const SCALE = Number(process.env.BENCH_TOWN_SCALE ?? 100);
const SAMPLES = Number(process.env.BENCH_CITY_SAMPLES ?? 30);
const HEAVY_EMAIL = "larissa.duarte@exemplo.com.br";
const PASSWORD = "guida2026";
const NODE = serverNode();
const log = (message) => process.stderr.write(`[bench:city] ${message}\n`);
const running = new Set();
const cleanups = [];

if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
  log("error: no production build: run `npm run build` first");
  process.exit(1);
}
fs.mkdirSync(path.join(RESULTS, "logs"), { recursive: true });

/** A folder of the bench's own, removed when it ends. */
function tmpDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function launch(name, env) {
  const logFile = path.join(RESULTS, "logs", `city-${name}.log`);
  fs.writeFileSync(logFile, "");
  const handle = startProcess({
    command: NODE,
    args: ["server.js"],
    cwd: ROOT,
    logFile,
    env: { NODE_ENV: "production", HOST: "127.0.0.1", ACCESS_LOG: "all", ACCESS_LOG_SQL: "on", RATE_LIMIT_SCALE: "1000", ...env },
  });
  handle.logFile = logFile;
  running.add(handle);
  handle.exited.then(() => running.delete(handle));
  return handle;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function signIn(base) {
  const response = await request(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email: HEAVY_EMAIL, password: PASSWORD }).toString(),
  });
  const cookie = (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("guida_session="));
  if (response.status !== 303 || !cookie) throw new Error(`sign-in as ${HEAVY_EMAIL} answered ${response.status}`);
  return cookie;
}

/** What a server measured for the cold table runs with: no page or read kept, every request renders. */
const CACHES_OFF = { SERVER_CACHES: "off-in-production" };

/** The pages of the issue's table, with the ids and the deep keyset link found on this town. */
async function pagesOf(base, cookie, businesses) {
  const first = (await request(`${base}/businesses`)).body.toString();
  const businessId = /href="\/business\/([^"/?#]+)"/.exec(first)?.[1];
  const newsId = /href="\/news\/([^"/?#]+)"/.exec((await request(`${base}/news`)).body.toString())?.[1];
  // Issue #30: a post with its comments, a service's and a driver's page with their reviews.
  const postId = /href="\/posts\/([^"/?#]+)"/.exec((await request(`${base}/posts`)).body.toString())?.[1];
  const serviceId = /href="\/service\/([^"/?#]+)"/.exec((await request(`${base}/services`)).body.toString())?.[1];
  const driverId = /href="\/driver\/([^"/?#]+)"/.exec((await request(`${base}/drivers/all`)).body.toString())?.[1];
  // The deepest page a resident reaches by "Próxima": at 100×, page 300 of 320.
  const deepPage = Math.max(2, Math.min(300, Math.ceil(businesses / 20) - 1));
  const before = (await request(`${base}/businesses?pagina=${deepPage - 1}`)).body.toString();
  const next = /<a[^>]*href="(\/businesses\?[^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="(\/businesses\?[^"]*)"/.exec(before);
  const deep = (next?.[1] ?? next?.[2] ?? `/businesses?pagina=${deepPage}`).replace(/&amp;/g, "&");
  return [
    { label: "/businesses (page 1)", path: "/businesses" },
    { label: "/businesses (page 300 by Próxima)", path: deep, table: `/businesses?pagina=${deepPage}` },
    { label: "/ (home)", path: "/" },
    { label: "/search?q=padaria", path: "/search?q=padaria" },
    { label: "/favorites (heavy resident)", path: "/favorites", cookie },
    { label: "/business/{id}", path: `/business/${businessId}` },
    { label: "/sell-items", path: "/sell-items" },
    { label: "/posts", path: "/posts" },
    { label: "/news", path: "/news" },
    { label: "/notifications (heavy resident)", path: "/notifications", cookie },
    { label: "/profile (heavy resident)", path: "/profile", cookie },
    { label: "/news/{id}", path: `/news/${newsId}` },
    // Issue #30: comments and reviews, and the lists' "4+ estrelas".
    { label: "/posts/{id} (comments)", path: `/posts/${postId}` },
    { label: "/service/{id} (reviews)", path: `/service/${serviceId}` },
    { label: "/driver/{id} (reviews)", path: `/driver/${driverId}` },
    { label: "/businesses?estrelas=4", path: "/businesses?estrelas=4" },
    { label: "/services?estrelas=4", path: "/services?estrelas=4" },
  ];
}

/** Cold p50/p99 of one page, on a server whose caches are off. */
async function measureCold(handle, base, page) {
  const times = [];
  const ids = [];
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const response = await request(`${base}${page.path}`, { headers: page.cookie ? { cookie: page.cookie } : {} });
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    bytes = response.body.length;
    ids.push(response.headers["x-request-id"]);
  }
  await sleep(200);
  const lines = fs.readFileSync(handle.logFile, "utf8").split("\n");
  const cold = ids.filter((id) => lines.some((l) => l.includes(`"requestId":"${id}"`) && /"sql":[1-9]/.test(l))).length;
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes, cold, samples: SAMPLES };
}

async function pgliteRun(scale) {
  const dataDir = await buildPGliteTown(scale);
  const env = { DATA_DIR: dataDir, BENCH_TOWN: String(scale) };
  const port = await freePort();
  const handle = launch(`pglite-${scale}x`, { ...env, ...CACHES_OFF, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(handle, `${base}/`, 120_000);
  const result = await measurePages("pglite", scale, handle, base);
  await stopProcess(handle);
  if (scale > 1) result.engine = await embeddedEngineRows(dataDir, scale);
  return result;
}

/** A PGlite folder holding the town at `scale`, built by the server itself (BENCH_TOWN). */
async function buildPGliteTown(scale) {
  const dataDir = tmpDir(`guida-city-${scale}x-`);
  const port = await freePort();
  const handle = launch(`pglite-${scale}x-seed`, { DATA_DIR: dataDir, BENCH_TOWN: String(scale), PORT: String(port) });
  const seedMs = await waitFor200(handle, `http://127.0.0.1:${port}/`, 1_800_000);
  const artwork = path.join(dataDir, "seed-artwork.json");
  for (const deadline = Date.now() + 300_000; fs.existsSync(artwork) && Date.now() < deadline; ) await sleep(500);
  await stopProcess(handle);
  log(`PGlite ${scale}×: built in ${Math.round(seedMs / 1000)} s`);
  return dataDir;
}

// ---- The embedded engine at scale (issue #17): start, memory, and the stall ----
//
// PGlite runs on a thread of its own (server/db/pglite-thread.ts) so that a slow statement
// holds only that thread. These rows say whether it does: a cached page and a static file
// answered while two connections search without pause, plus the start and the memory.
// `BENCH_CITY_ONLY=engine` measures only these (at BENCH_TOWN_SCALE), on a copy of
// BENCH_CITY_PGLITE_DIR when given (a DATA_DIR already grown to that scale) instead of
// building the town first.

/** Start to first 200 on an existing folder, RSS after a heavy resident's pages, and the stall. */
async function embeddedEngineRows(dataDir, scale) {
  const port = await freePort();
  const handle = launch(`pglite-${scale}x-engine`, { DATA_DIR: dataDir, BENCH_TOWN: String(scale), PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  const loadBefore = os.loadavg()[0];
  const startMs = Math.round(await waitFor200(handle, `${base}/`, 120_000));
  const cookie = await signIn(base);
  const pages = await pagesOf(base, cookie, 64 * scale);
  // Every page of the table, the heavy resident's among them, a few times each.
  for (let round = 0; round < 3; round++) {
    for (const page of pages) await request(`${base}${page.path}`, { headers: page.cookie ? { cookie: page.cookie } : {} });
  }
  const { rssMiB, peakMiB } = memoryOf(handle.pid);
  const stall = await servedWhileSearching(base, [pages.find((p) => p.label === "/news/{id}").path, "/favicon.svg"]);
  await stopProcess(handle);
  const rows = { startMs, rssMiB, peakMiB, ...stall, load: [loadBefore, os.loadavg()[0]] };
  log(`PGlite ${scale}× engine: ${JSON.stringify(rows)}`);
  return rows;
}

/** Each path's latency (one connection, in turn) while two other connections search without pause. */
async function servedWhileSearching(base, paths) {
  for (const p of paths) await request(`${base}${p}`);
  const words = ["padaria", "mercado", "farmácia", "pão", "festa", "aula", "bicicleta", "bolo", "feira", "reforma"];
  let n = 0;
  const searching = loadTest({
    url: base,
    connections: 2,
    duration: 4 + 7 * paths.length,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/search?q=${encodeURIComponent(words[n++ % words.length])}&n=${n}` }) }],
  });
  await sleep(1000);
  const served = {};
  for (const p of paths) {
    const result = await loadTest({ url: `${base}${p}`, connections: 1, duration: 6 });
    // Requests still unanswered when the 6 s end are not in the latencies: counted apart.
    served[p] = { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, unanswered: result.timeouts + result.errors, non2xx: result.non2xx };
  }
  const search = await searching;
  return { served, searches: search.requests.total, searchP50: search.latency.p50 };
}

function engineMarkdown(engine, scale) {
  const [cached, file] = Object.entries(engine.served);
  const row = ([p, f]) =>
    f.requests ? `${f.p99} ms (p50 ${f.p50} ms; ${f.requests} requests of \`${p}\`)` : `**none answered in 6 s** (\`${p}\`)`;
  return [
    "",
    `| ${scale}× PGlite | measured | target |`,
    "|---|--:|---|",
    `| RSS after the heavy resident's pages | ${engine.rssMiB?.toFixed(0)} MiB (peak ${engine.peakMiB?.toFixed(0)}) | < 600 MB |`,
    `| start to first 200 (existing folder) | ${engine.startMs} ms | |`,
    `| cached page p99 while 2 connections search | ${row(cached)} | < 10 ms |`,
    `| static file p99 while 2 connections search | ${row(file)} | |`,
    `| searches meanwhile | ${engine.searches} (p50 ${engine.searchP50} ms) | |`,
    `| machine load average (1 min) before → after | ${engine.load.map((l) => l.toFixed(1)).join(" → ")} on ${os.cpus().length} cores | |`,
  ];
}

/** BENCH_CITY_ONLY=engine: the embedded engine's rows alone. */
async function engineOnly() {
  let dataDir;
  if (process.env.BENCH_CITY_PGLITE_DIR) {
    dataDir = tmpDir(`guida-city-${SCALE}x-copy-`);
    fs.cpSync(process.env.BENCH_CITY_PGLITE_DIR, dataDir, { recursive: true });
    for (const lock of ["guida.lock", "guida.lock.json"]) fs.rmSync(path.join(dataDir, lock), { recursive: true, force: true });
  } else {
    dataDir = await buildPGliteTown(SCALE);
  }
  const engine = await embeddedEngineRows(dataDir, SCALE);
  const report = { startedAt: new Date().toISOString(), scale: SCALE, engine };
  fs.writeFileSync(path.join(RESULTS, "city-engine.json"), `${JSON.stringify(report, null, 2)}\n`);
  const md = `${[`### Embedded engine at ${SCALE}× ${report.startedAt.slice(0, 16).replace("T", " ")} UTC`, ...engineMarkdown(engine, SCALE)].join("\n")}\n`;
  fs.writeFileSync(path.join(RESULTS, "city-engine.md"), md);
  process.stdout.write(md);
}

async function measurePages(engine, scale, handle, base) {
  const cookie = await signIn(base);
  // The demo town has 64 businesses; the grown one that many per copy.
  const pages = await pagesOf(base, cookie, 64 * scale);
  const figures = {};
  for (const page of pages) {
    figures[page.label] = await measureCold(handle, base, page);
    log(`${engine} ${scale}× ${page.label}: p50 ${figures[page.label].p50.toFixed(1)} ms, ${(figures[page.label].bytes / 1024).toFixed(1)} KiB`);
  }
  return { figures, cachedPath: pages.find((p) => p.label === "/news/{id}").path };
}

async function postgresAdminUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-city-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const port = await freePort();
  const run = spawnSync(path.join(ROOT, "scripts", "test-postgres.sh"), ["start", dir], { env: { ...process.env, PGPORT_TEST: String(port) }, encoding: "utf8" });
  if (run.status !== 0) return null;
  cleanups.push(() => {
    spawnSync(path.join(ROOT, "scripts", "test-postgres.sh"), ["stop", dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return run.stdout.trim();
}

async function postgresRun(adminUrl, scale) {
  const name = `guida_city_${scale}x_${randomBytes(3).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });
  const t0 = performance.now();
  execFileSync(path.join(ROOT, "node_modules", ".bin", "tsx"), ["server/cli.ts", "seed"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url.toString(), BENCH_TOWN: String(scale), DATA_DIR: tmpDir("guida-city-pgmedia-") },
    stdio: ["ignore", "ignore", "inherit"],
  });
  log(`PostgreSQL ${scale}×: built in ${Math.round((performance.now() - t0) / 1000)} s`);
  const port = await freePort();
  const handle = launch(`postgres-${scale}x`, { DATABASE_URL: url.toString(), PORT: String(port), DATA_DIR: tmpDir("guida-city-pgdata-"), ...CACHES_OFF });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(handle, `${base}/`, 120_000);
  const result = await measurePages("postgres", scale, handle, base);
  await stopProcess(handle);
  return result;
}

function markdown(report) {
  const lines = [`### City benchmark ${report.startedAt.slice(0, 16).replace("T", " ")} UTC`, ""];
  lines.push(
    `Cold p50 per page in ms (${SAMPLES} sequential GETs on a server with SERVER_CACHES=off-in-production: none answered from a cache), ` +
      `demo town (1×) against ${SCALE}× (BENCH_TOWN=${SCALE}). Target: every page's ${SCALE}× p50 within 2× of its 1× p50.`,
    "",
    `| page | PGlite 1× → ${SCALE}× | PostgreSQL 1× → ${SCALE}× | HTML at ${SCALE}× | within 2× |`,
    "|---|--:|--:|--:|---|",
  );
  const labels = Object.keys(report.runs.pglite?.[1]?.figures ?? report.runs.postgres?.[1]?.figures ?? {});
  for (const label of labels) {
    const cell = (engine) => {
      const a = report.runs[engine]?.[1]?.figures[label];
      const b = report.runs[engine]?.[SCALE]?.figures[label];
      if (!a || !b) return { text: "–", ok: true };
      return { text: `${a.p50.toFixed(1)} → ${b.p50.toFixed(1)} (${(b.p50 / a.p50).toFixed(1)}×)`, ok: b.p50 <= 2 * a.p50 };
    };
    const g = cell("pglite");
    const p = cell("postgres");
    const bytes = report.runs.pglite?.[SCALE]?.figures[label]?.bytes ?? report.runs.postgres?.[SCALE]?.figures[label]?.bytes;
    lines.push(`| \`${label}\` | ${g.text} | ${p.text} | ${bytes ? `${(bytes / 1024).toFixed(1)} KiB` : "–"} | ${g.ok && p.ok ? "yes" : "**no**"} |`);
  }
  const big = report.runs.pglite?.[SCALE];
  const fav = big?.figures["/favorites (heavy resident)"];
  if (fav) lines.push("", `\`/favorites\` of the heavy resident at ${SCALE}×: ${(fav.bytes / 1024).toFixed(1)} KiB (target < 50 KB)`);
  if (big?.engine) lines.push(...engineMarkdown(big.engine, SCALE));
  for (const note of report.notes) lines.push("", `- ${note}`);
  return `${lines.join("\n")}\n`;
}

async function main() {
  const report = { startedAt: new Date().toISOString(), scale: SCALE, samples: SAMPLES, runs: { pglite: {}, postgres: {} }, notes: [] };
  for (const scale of [1, SCALE]) report.runs.pglite[scale] = await pgliteRun(scale);
  const adminUrl = await postgresAdminUrl();
  if (adminUrl) {
    for (const scale of [1, SCALE]) report.runs.postgres[scale] = await postgresRun(adminUrl, scale);
  } else {
    report.notes.push("PostgreSQL skipped: set BENCH_DATABASE_URL or install PostgreSQL for scripts/test-postgres.sh");
  }
  for (const [engine, byScale] of Object.entries(report.runs))
    for (const [scale, run] of Object.entries(byScale))
      for (const [label, f] of Object.entries(run.figures))
        if (f.cold < f.samples) report.notes.push(`${engine} ${scale}× ${label}: only ${f.cold} of ${f.samples} timed requests reached the database`);
  fs.writeFileSync(path.join(RESULTS, "city.json"), `${JSON.stringify(report, null, 2)}\n`);
  const md = markdown(report);
  fs.writeFileSync(path.join(RESULTS, "city.md"), md);
  process.stdout.write(md);
}

try {
  if (process.env.BENCH_CITY_ONLY === "engine") await engineOnly();
  else await main();
} catch (error) {
  log(`error: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const handle of running) handle.child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup();
}
