// Issue #15's benchmark: `npm run build && npm run bench:scale` (also the end of `npm run bench`).
// Driven by Debian's wrk (a load generator faster than the servers), it prints:
//   1. wrk's own ceiling on this machine: nginx answering a fixed 2-byte page;
//   2. a visitor's cached /businesses and /news/{id} on one Guida server (PGlite demo town,
//      access log on) against bare node:http sending the same bytes (bench/bare-server.mjs);
//   3. residents' writes at a fixed rate (20 residents, one favorite or vote a second each):
//      their CPU per write alone, then visitors' reads/s while they write, against the reads/s
//      with no writes (the page cache's hit ratio printed beside, named as such);
//   4. on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL): visitors' and signed-in
//      /businesses for 1 server and for WEB_CONCURRENCY=2.
// Each figure also gives the server's CPU time per request (the process and its workers, from
// /proc), which a busy machine disturbs far less than req/s, and the load average when it ran.
// Environment: BENCH_SECONDS (5), BENCH_CONNECTIONS (64). Results: bench/results/scale.md.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { cpuSecondsOf, freePort, request, sleep, startProcess, stopProcess, waitFor200 } from "./lib/proc.mjs";
import { runWrk } from "./lib/wrk.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PASSWORD = "guida2026";
const DATABASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-bench-scale-"));
const rows = [];
const started = [];
/** wrk's own ceiling, printed beside each ratio: a figure near it says "wrk-bound". */
let ceilingRps = 0;

function which(command) {
  return ["/usr/bin", "/usr/sbin", "/usr/local/bin"].map((dir) => path.join(dir, command)).find((p) => fs.existsSync(p));
}

/** CPU seconds of a process and of every process it started (WEB_CONCURRENCY's workers). */
function treeCpuSeconds(pid) {
  let total = cpuSecondsOf(pid) ?? 0;
  let children = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // Not Linux, or gone: the process's own time is all there is.
  }
  for (const child of children) total += treeCpuSeconds(child);
  return total;
}

/**
 * One wrk run: requests per second, whatever the script printed, and (given the server's
 * pid) the server's CPU microseconds per request.
 */
async function wrk(url, { headers = {}, script, env = {}, connections = CONNECTIONS, pid, seconds = SECONDS } = {}) {
  // A page not yet cached is rendered once, then answered from the cache: warm it first, so
  // the figure is the steady state, not 64 connections queued behind one first render.
  for (let i = 0; i < 2; i++) await request(url, { headers }).catch(() => {});
  const cpuBefore = pid ? treeCpuSeconds(pid) : 0;
  const run = await runWrk(url, { threads: 2, connections, seconds, headers, script, env });
  const cpu = pid ? treeCpuSeconds(pid) - cpuBefore : 0;
  const cpuUs = pid && run.requests ? Math.round((cpu / run.requests) * 1e6) : null;
  return { rps: run.rps, non2xx: run.non2xx, stdout: run.stdout, cpuUs, load: os.loadavg()[0] };
}

/** One row of the table: req/s, the server's CPU per request, and the machine's 1-minute load average then. */
function record(what, run, note = "") {
  const row = { what, rps: Math.round(run.rps), cpuUs: run.cpuUs ?? null, load: run.load ?? os.loadavg()[0], note };
  rows.push(row);
  console.log(`${what}: ${row.rps.toLocaleString("en")} req/s, ${row.cpuUs ?? "–"} µs CPU/req, load ${row.load.toFixed(1)} ${note}`);
}

async function startGuida(name, env) {
  const port = await freePort();
  const handle = startProcess({
    command: process.execPath,
    args: ["server.js"],
    cwd: ROOT,
    env: { NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), RATE_LIMIT_SCALE: "10000", ...env },
    logFile: path.join(tmp, `${name}.log`),
  });
  started.push(handle);
  await waitFor200(handle, `http://127.0.0.1:${port}/healthz`, 300_000);
  return { url: `http://127.0.0.1:${port}`, handle };
}

async function signIn(base, email) {
  const res = await request(`${base}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email, password: PASSWORD }).toString(),
  });
  const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("guida_session="));
  if (res.status !== 303 || !cookie) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return cookie.split(";")[0];
}

const text = async (url, headers = {}) => (await request(url, { headers })).body.toString("utf8");

/** 1. The generator's ceiling: nginx answering "ok" from memory. */
async function ceiling() {
  const port = await freePort();
  const conf = path.join(tmp, "nginx.conf");
  fs.writeFileSync(
    conf,
    `pid ${tmp}/nginx.pid; error_log ${tmp}/nginx-error.log; ${process.getuid?.() === 0 ? "user root;" : ""} worker_processes 1;
     events { worker_connections 4096; }
     http { access_log off; ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${tmp}/${t};`).join(" ")}
       server { listen 127.0.0.1:${port}; location / { return 200 "ok"; } } }`,
  );
  const nginx = spawn(which("nginx"), ["-e", `${tmp}/nginx-error.log`, "-p", tmp, "-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    if (await request(`http://127.0.0.1:${port}/`).then(() => true, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  ceilingRps = (await wrk(`http://127.0.0.1:${port}/`)).rps;
  record("wrk's ceiling (nginx, 2-byte page, 1 worker)", { rps: ceilingRps, load: os.loadavg()[0] });
  nginx.kill("SIGTERM");
}

/** 2 and 3: one server on the PGlite demo town. */
async function onPGlite() {
  const guida = await startGuida("pglite", { DATA_DIR: path.join(tmp, "pglite") });
  // A first start renders the demo town's pictures in the background (sharp, and writes that
  // drop cached pages): measured meanwhile, a cache hit looked several times dearer than it is.
  const artwork = path.join(tmp, "pglite", "seed-artwork.json");
  for (const deadline = Date.now() + 240_000; fs.existsSync(artwork) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 250));
  const newsId = /href="\/news\/([0-9a-f-]{36})"/.exec(await text(`${guida.url}/news`))[1];
  const pages = ["/businesses", `/news/${newsId}`];
  const accept = { "Accept-Encoding": "br, gzip" };
  // The bytes Guida sends, for the bare server.
  const captured = [];
  for (const page of pages) {
    await request(`${guida.url}${page}`, { headers: accept });
    const res = await request(`${guida.url}${page}`, { headers: accept });
    const file = path.join(tmp, `bare-${captured.length}`);
    fs.writeFileSync(file, res.body);
    const variant = res.headers["content-encoding"] ?? "identity";
    captured.push({ path: page, variant, user: "visitor", status: 200, contentType: res.headers["content-type"], file });
  }
  fs.writeFileSync(path.join(tmp, "bare.json"), JSON.stringify(captured));
  const barePort = await freePort();
  const bare = startProcess({
    command: process.execPath,
    args: [path.join(ROOT, "bench", "bare-server.mjs"), path.join(tmp, "bare.json")],
    cwd: ROOT,
    env: { PORT: String(barePort), HOST: "127.0.0.1" },
    logFile: path.join(tmp, "bare.log"),
  });
  started.push(bare);
  await waitFor200(bare, `http://127.0.0.1:${barePort}/businesses`, 30_000).catch(() => {});
  // A fresh process's first seconds (JIT, the start's garbage) are not its steady state.
  for (const page of pages) await wrk(`${guida.url}${page}`, { headers: accept, seconds: 2 });
  for (const page of pages) {
    const bareRun = await wrk(`http://127.0.0.1:${barePort}${page}`, { headers: accept, pid: bare.pid });
    const guidaRun = await wrk(`${guida.url}${page}`, { headers: accept, pid: guida.handle.pid });
    const byCpu = bareRun.cpuUs && guidaRun.cpuUs ? `, ${(bareRun.cpuUs / guidaRun.cpuUs).toFixed(2)} by CPU per request` : "";
    record(`bare node:http ${page.replace(newsId, "{id}")}`, bareRun);
    record(
      `Guida cache hit, visitor ${page.replace(newsId, "{id}")}`,
      guidaRun,
      `(${(guidaRun.rps / bareRun.rps).toFixed(2)} of bare${byCpu}; wrk's ceiling ${Math.round(ceilingRps).toLocaleString("en")})`,
    );
  }

  // 3. The mixed load: 20 residents, favorites and votes.
  const usernames = [...new Set((await text(`${guida.url}/users`)).match(/(?<=href="\/u\/)[a-z0-9_]+/g) ?? [])].slice(0, 20);
  const cookies = [];
  for (const username of usernames) cookies.push(await signIn(guida.url, `${username.replace(/_/g, ".")}@exemplo.com.br`));
  const items = [...new Set((await text(`${guida.url}/businesses`)).match(/(?<=href="\/business\/)[0-9a-f-]{36}/g) ?? [])];
  const votes = [];
  for (const post of [...new Set((await text(`${guida.url}/posts`)).match(/(?<=href="\/posts\/)[0-9a-f-]{36}/g) ?? [])].slice(0, 6)) {
    const html = await text(`${guida.url}/posts/${post}`, { Cookie: cookies[0] });
    for (const tag of html.match(/<button[^>]*name="optionId"[^>]*>/g) ?? []) votes.push(`${post}:${/\bvalue="([^"]+)"/.exec(tag)[1]}`);
  }
  const mixedPages = ["/", "/businesses", "/businesses?pagina=2", "/news", `/news/${newsId}`, "/drivers/all", "/services", "/sell-items", "/posts"];
  const env = { WRK_PAGES: mixedPages.join(" ") };
  const script = path.join(ROOT, "bench", "lib", "visitor-reads.lua");
  const hitRatio = (out) => {
    const [, hits, misses] = /HITS hits=(\d+) misses=(\d+)/.exec(out).map(Number);
    return hits / Math.max(1, hits + misses);
  };
  const pid = guida.handle.pid;
  const readOnly = await wrk(guida.url, { script, env, pid });
  record("visitors' reads/s, no writes (9 pages)", readOnly, `(page cache hit ratio ${hitRatio(readOnly.stdout).toFixed(3)}; wrk's ceiling ${Math.round(ceilingRps).toLocaleString("en")})`);
  // The residents' writes alone, at the fixed rate: the server's CPU per write.
  const cpuBefore = treeCpuSeconds(pid);
  const alone = await residentsWriting(guida.url, cookies, items, votes, SECONDS * 1000);
  const cpuPerWriteUs = Math.round(((treeCpuSeconds(pid) - cpuBefore) / Math.max(1, alone.answered)) * 1e6);
  record(`${cookies.length} residents writing once a second each, alone`, { rps: alone.answered / SECONDS, cpuUs: cpuPerWriteUs }, `(writes/s; CPU per write; ${alone.failed} not 303)`);
  // The same writes while visitors read as fast as wrk can ask.
  const writing = residentsWriting(guida.url, cookies, items, votes, SECONDS * 1000 + 500);
  const mixed = await wrk(guida.url, { script, env, pid });
  const during = await writing;
  record(
    `visitors' reads/s while ${cookies.length} residents write once a second each`,
    mixed,
    `(${(mixed.rps / readOnly.rps).toFixed(2)} of the reads/s with no writes; ${(during.answered / (SECONDS + 0.5)).toFixed(1)} writes/s answered 303, ${during.failed} not; hit ratio ${hitRatio(mixed.stdout).toFixed(3)})`,
  );
  await stopProcess(guida.handle);
}

/**
 * Residents writing at a fixed rate, as a town does: each of them once a second (a favorite
 * added or removed, or a vote), for `ms`. Sent from this process with a bounded number in
 * flight, so the rate is the residents', not the server's: a slow answer delays only its writer.
 */
async function residentsWriting(base, cookies, items, votes, ms) {
  const until = performance.now() + ms;
  let answered = 0;
  let failed = 0;
  const resident = async (cookie, n) => {
    for (let i = 0; performance.now() < until; i++) {
      const began = performance.now();
      const vote = votes.length && (i + n) % 2 === 0 ? votes[(i * 7 + n) % votes.length].split(":") : null;
      const body = vote
        ? new URLSearchParams({ intent: "vote", postId: vote[0], optionId: vote[1], redirectTo: "/posts" })
        : new URLSearchParams({ intent: i % 4 < 2 ? "add" : "remove", itemType: "business", itemId: items[(i + n) % items.length], redirectTo: "/favorites" });
      const res = await request(`${base}${vote ? `/posts/${vote[0]}` : "/favorites"}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base, "Sec-Fetch-Site": "same-origin" },
        body: body.toString(),
      }).catch(() => ({ status: 0 }));
      if (res.status === 303) answered++;
      else failed++;
      await sleep(Math.max(0, 1000 - (performance.now() - began)));
    }
  };
  // Spread over the first second, as residents do not all tap at once.
  await Promise.all(cookies.map(async (cookie, n) => {
    await sleep((1000 * n) / cookies.length);
    await resident(cookie, n);
  }));
  return { answered, failed };
}

/** 4. One server against WEB_CONCURRENCY=2, on PostgreSQL. */
async function onPostgres() {
  if (!DATABASE) {
    console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    return;
  }
  const { default: postgres } = await import("postgres");
  const admin = postgres(DATABASE, { max: 1, onnotice: () => {} });
  const name = `guida_bench_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(DATABASE);
  url.pathname = `/${name}`;
  try {
    await promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli.ts", "seed"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(tmp, "pg"), NODE_ENV: "production" },
    });
    for (const workers of [1, 2]) {
      const guida = await startGuida(`pg-${workers}`, {
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(tmp, "pg"),
        MEDIA_DIR: path.join(tmp, "pg", "media"),
        WEB_CONCURRENCY: String(workers),
      });
      const cookie = await signIn(guida.url, "larissa.duarte@exemplo.com.br");
      const accept = { "Accept-Encoding": "br, gzip" };
      const pid = guida.handle.pid;
      record(`PostgreSQL, ${workers} process(es): visitor /businesses`, await wrk(`${guida.url}/businesses`, { headers: accept, pid }));
      record(
        `PostgreSQL, ${workers} process(es): signed-in /businesses`,
        await wrk(`${guida.url}/businesses`, { headers: { ...accept, Cookie: cookie }, pid }),
        "(CPU: Guida's processes only, not PostgreSQL's)",
      );
      await stopProcess(guida.handle);
    }
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

try {
  if (!which("wrk") || !which("nginx")) throw new Error("wrk and nginx are needed: apt-get install wrk nginx");
  console.log(`wrk, 2 threads, ${CONNECTIONS} connections, ${SECONDS} s per figure, on ${os.cpus().length} cores`);
  await ceiling();
  await onPGlite();
  await onPostgres();
  fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
  const table = [
    "| measured | req/s | server CPU µs/req | load avg | note |",
    "|---|---:|---:|---:|---|",
    ...rows.map((r) => `| ${r.what} | ${r.rps.toLocaleString("en")} | ${r.cpuUs ?? "–"} | ${r.load.toFixed(1)} | ${r.note} |`),
  ].join("\n");
  fs.writeFileSync(path.join(ROOT, "bench", "results", "scale.md"), `${table}\n`);
  console.log(`\n${table}`);
} finally {
  for (const handle of started) await stopProcess(handle, 5_000);
  fs.rmSync(tmp, { recursive: true, force: true });
}
