// Guida's benchmark suite: `npm run build && npm run bench` (not part of `npm test`).
//
// Starts the production build on loopback with the demo town in a throw-away data folder
// and measures, with autocannon (BENCH_CONNECTIONS connections, BENCH_SECONDS per figure;
// bodies counted, not decoded: see lib/load.mjs), each benchmarked URL with and without
// `Accept-Encoding: br, gzip`, as a visitor and as a signed-in resident, on three servers
// running side by side (measured one after the other for each cell, so a row's figures
// share the machine's conditions):
//   guida  – `node server.js` (server/http/app.ts: static files, shared HTML cache, compression, ETag)
//   stock  – bench/stock-server.mjs: the same React Router build behind @react-router/node's
//            createRequestListener (react-router-serve minus express/compression/logging)
//   bare   – bench/bare-server.mjs: node:http answering with the bytes guida sent, captured first
// plus first-view JavaScript per page, the server's memory after the run and the time from
// start to first 200 on an existing data folder. Writes bench/results/latest.json and latest.md.
//
// Environment: BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_FULL=1 (also measure the
// variants that are identical by construction), BENCH_NODE (Node binary for the servers),
// BENCH_KEEP_DATA=1 (keep the data folder), BENCH_EMAIL (demo resident to sign in as).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadTest } from "./lib/load.mjs";
import { createFirstViewCalculator, modulesNamedInHtml } from "./lib/first-view-js.mjs";
import {
  cpuSecondsOf,
  currentAffinity,
  machineCpuSeconds,
  freePort,
  memoryOf,
  nodeVersion,
  pinningPlan,
  request,
  serverNode,
  sleep,
  startProcess,
  stopProcess,
  waitFor200,
} from "./lib/proc.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "bench", "results");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Math.max(1, Math.min(3, SECONDS / 5));
const FULL = process.env.BENCH_FULL === "1";
const EMAIL = process.env.BENCH_EMAIL ?? "larissa.duarte@exemplo.com.br";
const PASSWORD = "guida2026";
const ACCEPT = "br, gzip";

// ---- pin the load generator: re-run this script under taskset on the client core --------
const plan = pinningPlan();
if (plan.enabled && !plan.inherited) {
  const run = spawnSync("taskset", ["-c", String(plan.clientCore), process.execPath, ...process.execArgv, import.meta.filename, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_SERVER_CORE: String(plan.serverCore), BENCH_CLIENT_CORE: String(plan.clientCore) },
  });
  process.exit(run.status ?? 1);
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

function fail(message) {
  throw new Error(message);
}

if (!Number.isFinite(SECONDS) || SECONDS <= 0) {
  log(`error: BENCH_SECONDS must be a positive number (got ${process.env.BENCH_SECONDS})`);
  process.exit(1);
}
if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js")) || !fs.existsSync(path.join(ROOT, "build", "client"))) {
  log("error: no production build: run `npm run build` first");
  process.exit(1);
}


const NODE = serverNode();
fs.mkdirSync(path.join(RESULTS, "logs"), { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-bench-data-"));
const stockDataDir = `${dataDir}-stock`;
const captureDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-bench-pages-"));
const serverCore = plan.enabled ? plan.serverCore : undefined;
const running = new Set();
const cleanup = () => {
  for (const handle of running) handle.child.kill("SIGKILL");
  fs.rmSync(captureDir, { recursive: true, force: true });
  if (process.env.BENCH_KEEP_DATA !== "1") {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(stockDataDir, { recursive: true, force: true });
  }
};
process.once("SIGINT", () => {
  cleanup();
  process.exit(130);
});

async function launch(name, args, port, extraEnv = {}) {
  const logFile = path.join(RESULTS, "logs", `${name}.log`);
  fs.writeFileSync(logFile, "");
  const handle = startProcess({
    command: NODE,
    args,
    cwd: ROOT,
    core: serverCore,
    logFile,
    env: { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ACCESS_LOG: "off", ...extraEnv },
  });
  running.add(handle);
  handle.exited.then(() => running.delete(handle));
  return handle;
}

/**
 * One autocannon figure, with the CPU the server and the load generator used meanwhile,
 * and what every other process on the machine used (a busy machine spoils the figures).
 * CPU percentages are of one core.
 */
async function measure(url, headers, pid, seconds = SECONDS) {
  const serverCpu0 = cpuSecondsOf(pid);
  const machine0 = machineCpuSeconds();
  const clientCpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const result = await loadTest({ url, connections: CONNECTIONS, duration: seconds, headers, timeout: 10 });
  const wall = (performance.now() - wall0) / 1000;
  const clientCpu = process.cpuUsage(clientCpu0);
  const serverCpu1 = cpuSecondsOf(pid);
  const machine1 = machineCpuSeconds();
  const serverSeconds = serverCpu0 === null || serverCpu1 === null ? null : serverCpu1 - serverCpu0;
  const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  const otherSeconds = machine0 && machine1 && serverSeconds !== null ? Math.max(0, machine1.busy - machine0.busy - serverSeconds - clientSeconds) : null;
  return {
    reqPerSec: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSec: Math.round(result.throughput.average),
    serverCpuPct: serverSeconds === null ? null : Math.round((serverSeconds / wall) * 100),
    // CPU per request is steadier than req/s when other processes compete for the cores.
    serverCpuUsPerReq: serverSeconds === null || !result.requests.total ? null : Math.round((serverSeconds * 1e6) / result.requests.total),
    clientCpuPct: Math.round((clientSeconds / wall) * 100),
    otherCpuPct: otherSeconds === null ? null : Math.round((otherSeconds / wall) * 100),
  };
}

const VARIANTS = [
  { user: "visitor", encoding: "identity" },
  { user: "visitor", encoding: "br" },
  { user: "signed-in", encoding: "identity" },
  { user: "signed-in", encoding: "br" },
];

function headersFor(variant, cookie) {
  const headers = {};
  if (variant.encoding !== "identity") headers["accept-encoding"] = ACCEPT;
  if (variant.user === "signed-in") headers.cookie = cookie;
  return headers;
}

const ratio = (a, b) => (a && b && b.reqPerSec > 0 ? a.reqPerSec / b.reqPerSec : null);
const fmt = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? "–" : Number(n).toFixed(digits));
const flag = (figure) => (figure && (figure.non2xx || figure.errors || figure.timeouts) ? "!" : "");
const kib = (bytes) => (bytes / 1024).toFixed(1);

async function main() {
  const startedAt = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  log(`servers on ${NODE} (${nodeVersion(NODE)}); load generator on ${process.version}`);
  log(plan.enabled ? `pinning: server on core ${plan.serverCore}, load generator on core ${plan.clientCore} (now on ${currentAffinity()})` : `no pinning: ${plan.reason}`);
  log(`${CONNECTIONS} connections, ${SECONDS} s per figure, data folder ${dataDir}`);

  // ---- 1. first start: seeds the demo town, renders its artwork; ids and a session ------
  let port = await freePort();
  let base = `http://127.0.0.1:${port}`;
  let guida = await launch("guida-first-start", ["server.js"], port);
  const firstStartMs = await waitFor200(guida, `${base}/`, 180_000);
  log(`first start (empty folder, seeding): first 200 after ${fmt(firstStartMs)} ms; waiting for the demo artwork`);
  const artwork = path.join(dataDir, "seed-artwork.json");
  const artworkDeadline = Date.now() + 240_000;
  while (fs.existsSync(artwork) && Date.now() < artworkDeadline) await sleep(250);
  if (fs.existsSync(artwork)) log("warning: demo artwork still rendering after 240 s; going on");

  const businesses = await request(`${base}/businesses`);
  const businessId = /href="\/business\/([^"/?#]+)"/.exec(businesses.body.toString())?.[1];
  const news = await request(`${base}/news`);
  const newsId = /href="\/news\/([^"/?#]+)"/.exec(news.body.toString())?.[1];
  // Signed in before the folder is copied for the stock server, so the session is in both.
  const signin = await request(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email: EMAIL, password: PASSWORD }).toString(),
  });
  const sessionCookie = (signin.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("guida_session="));
  if (signin.status !== 303 || !sessionCookie) fail(`sign-in as ${EMAIL} answered ${signin.status} without a guida_session cookie`);
  log(`business ${businessId ?? "(none found)"}, news ${newsId ?? "(none found)"}, signed in as ${EMAIL}`);
  await stopProcess(guida);
  // One server per data folder (PGlite): the stock server gets a copy of the same town.
  fs.cpSync(dataDir, stockDataDir, { recursive: true, filter: (src) => path.basename(src) !== "guida.lock" });

  // ---- 2. second start on the existing folder: the timed one, then the benchmark --------
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  guida = await launch("guida", ["server.js"], port);
  const secondStartMs = await waitFor200(guida, `${base}/`);
  log(`second start (existing folder): first 200 after ${fmt(secondStartMs)} ms`);
  const profile = await request(`${base}/profile`, { headers: { cookie: sessionCookie } });
  if (profile.status !== 200) fail(`signed-in GET /profile answered ${profile.status}`);

  const candidates = [
    { label: "/", path: "/" },
    { label: "/businesses", path: "/businesses" },
    { label: "/business/{id}", path: businessId ? `/business/${businessId}` : null },
    { label: "/sell-items", path: "/sell-items" },
    { label: "/posts", path: "/posts" },
    { label: "/news/{id}", path: newsId ? `/news/${newsId}` : null },
    { label: "/businesses.data", path: "/businesses.data" },
  ];

  // ---- 3. capture each page's bytes (for the bare server and the JS cross-check) --------
  const notes = [];
  const routes = [];
  const captured = [];
  for (const candidate of candidates) {
    if (!candidate.path) {
      notes.push(`${candidate.label}: skipped, no id found on the list page`);
      continue;
    }
    const probe = await request(`${base}${candidate.path}`);
    if (probe.status !== 200) {
      notes.push(`${candidate.label}: skipped, ${candidate.path} answered ${probe.status}${probe.status === 404 ? " (route not built yet)" : ""}`);
      continue;
    }
    const route = { ...candidate, responses: {} };
    for (const variant of VARIANTS) {
      // Twice: the first fills the shared cache, the second is what the benchmark sees.
      await request(`${base}${candidate.path}`, { headers: headersFor(variant, sessionCookie) });
      const res = await request(`${base}${candidate.path}`, { headers: headersFor(variant, sessionCookie) });
      const key = `${variant.user}/${variant.encoding}`;
      const encoding = res.headers["content-encoding"] ?? "identity";
      route.responses[key] = {
        status: res.status,
        contentType: res.headers["content-type"],
        contentEncoding: encoding,
        bytes: res.body.length,
        xCache: res.headers["x-cache"] ?? null,
      };
      if (res.status !== 200) notes.push(`${candidate.label} ${key}: answered ${res.status}`);
      const file = path.join(captureDir, `${captured.length}.bin`);
      fs.writeFileSync(file, res.body);
      captured.push({ path: candidate.path, variant: encoding, user: variant.user, status: res.status, contentType: res.headers["content-type"], file });
      if (variant.user === "visitor" && variant.encoding === "identity") route.html = res.body.toString();
    }
    routes.push(route);
  }
  if (!routes.length) fail("no page answered 200");
  fs.writeFileSync(path.join(captureDir, "pages.json"), JSON.stringify(captured));

  // ---- 4. first-view JavaScript ------------------------------------------------------
  const manifestUrl = /\/assets\/manifest-[\w-]+\.js/.exec(routes[0]?.html ?? "")?.[0];
  const js = createFirstViewCalculator(path.join(ROOT, "build", "client"), manifestUrl);
  const firstViewJs = [];
  for (const route of routes) {
    if (route.path.endsWith(".data")) continue;
    const fv = js.forPath(route.path);
    const inHtml = modulesNamedInHtml(route.html ?? "");
    const missingFromHtml = fv.files.filter((f) => !inHtml.has(f));
    const extraInHtml = [...inHtml].filter((f) => !fv.files.includes(f) && f !== js.manifestUrl);
    firstViewJs.push({ page: route.label, path: route.path, ...fv, htmlCrossCheck: { missingFromHtml, extraInHtml } });
  }

  // ---- 5. the baselines, running beside guida (idle until their turn) -----------------
  port = await freePort();
  const stockBase = `http://127.0.0.1:${port}`;
  const stock = await launch("stock", ["bench/stock-server.mjs", "build/server/index.js"], port, { DATA_DIR: stockDataDir });
  const stockStartMs = await waitFor200(stock, `${stockBase}/`);
  port = await freePort();
  const bareBase = `http://127.0.0.1:${port}`;
  const bare = await launch("bare", ["bench/bare-server.mjs", path.join(captureDir, "pages.json")], port);
  await waitFor200(bare, `${bareBase}${routes[0].path}`);

  // ---- 6. measurements: per page and variant, guida then stock then bare, back to back, so
  // the three figures of a row share the machine's conditions. Stock does not compress, so
  // Accept-Encoding changes nothing there; bare's signed-in bytes differ from the visitor's
  // by a few hundred bytes. Those cells are measured only with BENCH_FULL=1.
  const servers = [
    { name: "guida", handle: guida, base, measures: () => true },
    { name: "stock", handle: stock, base: stockBase, measures: (v) => FULL || v.encoding === "identity", sameAs: { "visitor/br": "visitor/identity", "signed-in/br": "signed-in/identity" } },
    { name: "bare", handle: bare, base: bareBase, measures: (v) => FULL || v.user === "visitor", sameAs: { "signed-in/identity": "visitor/identity", "signed-in/br": "visitor/br" } },
  ];
  const results = { guida: {}, stock: {}, bare: {} };
  for (const route of routes) {
    for (const server of servers) {
      await measure(`${server.base}${route.path}`, {}, server.handle.pid, WARMUP_SECONDS);
      results[server.name][route.label] = {};
    }
    for (const variant of VARIANTS) {
      const key = `${variant.user}/${variant.encoding}`;
      for (const server of servers) {
        if (!server.measures(variant)) continue;
        const figure = await measure(`${server.base}${route.path}`, headersFor(variant, sessionCookie), server.handle.pid);
        results[server.name][route.label][key] = figure;
        log(
          `${server.name.padEnd(5)} ${route.label.padEnd(17)} ${key.padEnd(18)} ${fmt(figure.reqPerSec).padStart(6)} req/s  p50 ${fmt(figure.p50Ms, 1)} ms  p99 ${fmt(figure.p99Ms, 1)} ms  ` +
            `CPU server ${fmt(figure.serverCpuPct)}% (${fmt(figure.serverCpuUsPerReq)} µs/req) client ${fmt(figure.clientCpuPct)}% others ${fmt(figure.otherCpuPct)}%` +
            `${figure.non2xx || figure.errors ? `  non-2xx ${figure.non2xx} errors ${figure.errors} timeouts ${figure.timeouts}` : ""}`,
        );
      }
    }
    for (const server of servers) {
      const byKey = results[server.name][route.label];
      for (const [key, source] of Object.entries(server.sameAs ?? {})) {
        if (!byKey[key] && byKey[source]) byKey[key] = { ...byKey[source], sameAs: source };
      }
    }
  }

  const clientBound = Object.entries(results.bare).flatMap(([page, byKey]) =>
    Object.entries(byKey).filter(([, f]) => !f.sameAs && f.clientCpuPct >= 90).map(([key]) => `${page} ${key}`),
  );
  if (clientBound.length)
    notes.push(
      `bare: the load generator used ≥ 90% of its core for ${clientBound.join(", ")}; there bare's req/s is a floor of what it can serve, ` +
        `so %bare flatters guida (compare CPU µs/req).`,
    );

  const guidaMemory = memoryOf(guida.pid);
  const stockMemory = memoryOf(stock.pid);
  log(`after the run: guida RSS ${fmt(guidaMemory.rssMiB)} MiB (peak ${fmt(guidaMemory.peakMiB)} MiB), stock RSS ${fmt(stockMemory.rssMiB)} MiB`);
  await Promise.all([stopProcess(guida), stopProcess(stock), stopProcess(bare)]);

  // ---- 7. ratios, targets, files -------------------------------------------------------
  const rows = [];
  for (const route of routes) {
    for (const variant of VARIANTS) {
      const key = `${variant.user}/${variant.encoding}`;
      const g = results.guida[route.label]?.[key];
      const s = results.stock[route.label]?.[key];
      const b = results.bare[route.label]?.[key];
      const identity = results.guida[route.label]?.[`${variant.user}/identity`];
      rows.push({
        page: route.label,
        path: route.path,
        user: variant.user,
        encoding: variant.encoding === "identity" ? "none" : ACCEPT,
        bytes: route.responses[key]?.bytes,
        contentEncoding: route.responses[key]?.contentEncoding,
        xCache: route.responses[key]?.xCache,
        guida: g,
        stock: s,
        bare: b,
        guidaVsStock: ratio(g, s),
        guidaVsBare: ratio(g, b),
        compressedVsIdentity: variant.encoding !== "identity" ? ratio(g, identity) : null,
      });
    }
  }

  const row = (page, user, encoding) => rows.find((r) => r.page === page && r.user === user && r.encoding === (encoding === "identity" ? "none" : ACCEPT));
  const targets = [];
  const target = (name, pass, measured) => targets.push({ name, pass, measured });
  for (const page of ["/businesses", "/news/{id}"]) {
    const figures = ["identity", "br"].map((e) => row(page, "visitor", e)).filter(Boolean);
    if (figures.length)
      target(
        `visitors' ${page} ≥ 40% of bare node:http`,
        figures.every((r) => r.guidaVsBare >= 0.4),
        figures.map((r) => `${r.encoding === "none" ? "plain" : "br"} ${fmt(r.guidaVsBare * 100)}%`).join(", "),
      );
  }
  {
    const plain = row("/businesses", "signed-in", "identity");
    const br = row("/businesses", "signed-in", "br");
    if (plain)
      target(
        "signed-in /businesses ≥ 1.5× stock (no Accept-Encoding: neither compresses)",
        plain.guidaVsStock >= 1.5,
        `${fmt(plain.guidaVsStock, 2)}× (with br, guida compressing vs stock not: ${fmt(br?.guidaVsStock, 2)}×)`,
      );
  }
  {
    const costs = rows.filter((r) => r.compressedVsIdentity !== null);
    const worst = costs.reduce((a, b) => (b.compressedVsIdentity < a.compressedVsIdentity ? b : a), costs[0]);
    if (worst)
      target(
        "compression costs ≤ 25% of throughput (every page, visitor and signed-in)",
        costs.every((r) => r.compressedVsIdentity >= 0.75),
        `worst ${worst.page} ${worst.user}: −${fmt((1 - worst.compressedVsIdentity) * 100)}%` +
          `; over 25%: ${costs.filter((r) => r.compressedVsIdentity < 0.75).map((r) => `${r.page} ${r.user}`).join(", ") || "none"}`,
      );
  }
  {
    const cached = rows.filter((r) => r.user === "visitor" && r.guida);
    const worst = cached.reduce((a, b) => (b.guida.p99Ms > a.guida.p99Ms ? b : a), cached[0]);
    if (worst)
      target(
        `p99 < 50 ms at ${CONNECTIONS} connections for cached (visitor) pages`,
        cached.every((r) => r.guida.p99Ms < 50),
        `worst ${worst.page} ${worst.encoding === "none" ? "plain" : "br"}: ${fmt(worst.guida.p99Ms, 1)} ms`,
      );
  }
  target("RSS < 600 MB after the run", guidaMemory.rssMiB !== null && guidaMemory.rssMiB * 1.048576 < 600, `${fmt(guidaMemory.rssMiB * 1.048576)} MB (${fmt(guidaMemory.rssMiB)} MiB)`);
  target("start to first 200 < 3 s on an existing data folder", secondStartMs < 3000, `${fmt(secondStartMs)} ms`);

  const report = {
    startedAt: startedAt.toISOString(),
    durationSeconds: Math.round((performance.now() - t0) / 1000),
    settings: { loadGenerator: "autocannon (programmatic), response bodies counted but not decoded (bench/lib/load.mjs)", secondsPerFigure: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, full: FULL, acceptEncoding: ACCEPT, signedInAs: EMAIL },
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}` },
    node: { servers: `${NODE} (${nodeVersion(NODE)})`, loadGenerator: process.version },
    pinning: plan.enabled ? { server: plan.serverCore, loadGenerator: plan.clientCore } : { disabled: plan.reason },
    baselines: {
      guida: "node server.js — the production server (server/http/app.ts)",
      stock:
        "node bench/stock-server.mjs — node:http + createRequestListener(@react-router/node) on the same build, no load context; " +
        "react-router-serve minus express, compression and morgan (react-router-serve cannot load build/server/index.js, which exports only start())",
      bare: "node bench/bare-server.mjs — node:http answering with the bytes guida sent for each URL and encoding",
    },
    load: {
      loadavgBefore: loadBefore.map((n) => Math.round(n * 100) / 100),
      loadavgAfter: os.loadavg().map((n) => Math.round(n * 100) / 100),
      otherProcessesCpuPct: average(rows.flatMap((r) => [r.guida, r.stock, r.bare]).filter(Boolean).map((f) => f.otherCpuPct)),
      ...(() => {
        const figures = Object.values(results).flatMap((byRoute) => Object.values(byRoute).flatMap((byKey) => Object.values(byKey)));
        const bad = figures.filter((f) => !f.sameAs && (f.non2xx || f.errors || f.timeouts));
        return { figuresWithErrors: bad.length };
      })(),
    },
    startup: { firstStartSeedingMs: Math.round(firstStartMs), secondStartMs: Math.round(secondStartMs), stockFirst200Ms: Math.round(stockStartMs) },
    memory: { guida: guidaMemory, stock: stockMemory },
    notes,
    rows,
    firstViewJs: firstViewJs.map(({ files, ...rest }) => ({ ...rest, files })),
    manifest: js.manifestUrl,
    targets,
  };
  fs.writeFileSync(path.join(RESULTS, "latest.json"), JSON.stringify(report, null, 2) + "\n");
  const md = markdown(report);
  fs.writeFileSync(path.join(RESULTS, "latest.md"), md);
  process.stdout.write(md);
  log(`wrote bench/results/latest.json and latest.md in ${report.durationSeconds} s`);
}

function average(values) {
  const xs = values.filter((v) => typeof v === "number");
  return xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null;
}

function markdown(report) {
  const lines = [];
  const s = report.settings;
  lines.push(`### Benchmark ${report.startedAt.slice(0, 16).replace("T", " ")} UTC`, "");
  lines.push(
    `${report.machine.cpus} × ${report.machine.model}, ${report.machine.memoryGiB} GiB; servers on Node ${report.node.servers.split("(")[1]?.replace(")", "") ?? ""}, ` +
      `${"disabled" in report.pinning ? `no pinning (${report.pinning.disabled})` : `server pinned to core ${report.pinning.server}, autocannon to core ${report.pinning.loadGenerator}`}; ` +
      `${s.connections} connections, ${s.secondsPerFigure} s per figure. req/s and p50/p99 latency in ms; ` +
      `"br" = \`Accept-Encoding: ${s.acceptEncoding}\`. ×stock and %bare are guida's rate over the baseline's in the same run; ` +
      `CPU µs/req is the server process's CPU time per answered request (steadier than req/s when other processes compete).`,
    "",
  );
  const busy = report.load.otherProcessesCpuPct;
  if (busy !== null && busy > 10)
    lines.push(
      `> **Warning:** other processes used ${busy}% of a core on average during the measurements ` +
        `(load average ${report.load.loadavgBefore[0]} before, ${report.load.loadavgAfter[0]} after): these figures are not comparable with a quiet machine's.`,
      "",
    );
  if (report.load.figuresWithErrors) lines.push(`> **Warning:** ${report.load.figuresWithErrors} figures had errors, timeouts or non-2xx answers (marked !; see latest.json).`, "");
  lines.push("| Page | Who | AE | Bytes | Guida req/s | p50 / p99 | Stock req/s | p50 / p99 | Bare req/s | ×stock | %bare | br vs none | CPU µs/req guida · stock · bare |");
  lines.push("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const r of report.rows) {
    if (!r.guida) continue;
    lines.push(
      `| \`${r.page}\` | ${r.user} | ${r.encoding === "none" ? "–" : "br"} | ${kib(r.bytes)} KiB | ${fmt(r.guida.reqPerSec)}${flag(r.guida)} | ${fmt(r.guida.p50Ms)} / ${fmt(r.guida.p99Ms)} | ` +
        `${r.stock ? fmt(r.stock.reqPerSec) : "–"}${r.stock?.sameAs ? "¹" : flag(r.stock)} | ${r.stock ? `${fmt(r.stock.p50Ms)} / ${fmt(r.stock.p99Ms)}` : "–"} | ` +
        `${r.bare ? fmt(r.bare.reqPerSec) : "–"}${r.bare?.sameAs ? "²" : flag(r.bare)} | ${r.guidaVsStock === null ? "–" : `${fmt(r.guidaVsStock, 2)}×`} | ` +
        `${r.guidaVsBare === null ? "–" : `${fmt(r.guidaVsBare * 100)}%`} | ${r.compressedVsIdentity === null ? "" : `${fmt((r.compressedVsIdentity - 1) * 100)}%`} | ` +
        `${fmt(r.guida.serverCpuUsPerReq)} · ${fmt(r.stock?.serverCpuUsPerReq)} · ${fmt(r.bare?.serverCpuUsPerReq)} |`,
    );
  }
  lines.push("");
  if (!report.settings.full)
    lines.push(
      "¹ stock does not compress, so its figure without Accept-Encoding stands for both. ² bare measured with the visitor's bytes (`BENCH_FULL=1` measures every cell).",
      "",
    );
  lines.push("| Page | First-view JS (gzip -9) | files | + route manifest | total |", "|---|--:|--:|--:|--:|");
  for (const f of report.firstViewJs) {
    lines.push(`| \`${f.page}\` | ${kib(f.gzipBytes)} KiB | ${f.files.length} | ${kib(f.manifestGzipBytes)} KiB | ${kib(f.totalGzipBytes)} KiB |`);
  }
  lines.push("");
  lines.push(
    `Memory after the run: guida RSS ${fmt(report.memory.guida.rssMiB)} MiB (peak ${fmt(report.memory.guida.peakMiB)} MiB), stock ${fmt(report.memory.stock.rssMiB)} MiB. ` +
      `Start to first 200 on \`/\`: ${report.startup.secondStartMs} ms on an existing data folder (first start with seeding: ${report.startup.firstStartSeedingMs} ms).`,
    "",
  );
  for (const note of report.notes) lines.push(`- ${note}`);
  if (report.notes.length) lines.push("");
  lines.push("| Target | Result | Measured |", "|---|---|---|");
  for (const t of report.targets) lines.push(`| ${t.name} | ${t.pass ? "pass" : "**FAIL**"} | ${t.measured} |`);
  lines.push("");
  return lines.join("\n");
}

try {
  await main();
} catch (error) {
  log(`error: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  cleanup();
}
