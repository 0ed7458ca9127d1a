#!/usr/bin/env node
// Load test: `npm run load` (after `npm run build`).
//
// Starts the production server (`node server.js`) on 127.0.0.1 with a fresh data folder
// (the demo town is seeded into it), then drives LOAD_CONNECTIONS (200) concurrent
// connections for LOAD_SECONDS (60) of mixed traffic with autocannon: visitors reading
// pages, residents signing in, adding and removing favorites, voting in polls and
// publishing posts. The same traffic runs twice against the same server so the memory
// after each round can be compared (a leak grows round after round). Afterwards every
// post the server acknowledged (303) is fetched back: nothing may be lost.
//
// Prints a summary and writes bench/results/load.json. Loopback only; every wait bounded.

import autocannon from "autocannon";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../bench/lib/proc.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECONDS = positive("LOAD_SECONDS", 60);
const CONNECTIONS = positive("LOAD_CONNECTIONS", 200);
const ROUNDS = 2;
const PASSWORD = "guida2026";
const RESULTS = path.join(ROOT, "bench", "results", "load.json");

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

const log = (message) => console.log(`[load] ${message}`);
const mb = (bytes) => (bytes === null ? null : Math.round(bytes / 1024 / 1024));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

function rssBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}


async function waitFor(condition, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------------------------------------------------------------------------------------
// The server

const buildFile = path.join(ROOT, "build", "server", "index.js");
if (!fs.existsSync(buildFile)) {
  log("no build yet: running react-router build");
  execFileSync(process.execPath, [path.join(ROOT, "node_modules", ".bin", "react-router"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
    timeout: 300_000,
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-load-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: dataDir,
  SEED_DEMO: "auto",
  // Every request comes from 127.0.0.1: production limits would refuse the load itself.
  RATE_LIMIT_SCALE: "1000",
  ACCESS_LOG: "off",
};
for (const name of ["DATABASE_URL", "SUPABASE_URL", "SUPABASE_ANON_KEY", "PUBLIC_URL", "SMTP_URL", "TRUST_PROXY"]) delete env[name];

let output = "";
const server = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once("close", (code, signal) => resolve({ code, signal })));
let stopped = false;
const cleanup = () => {
  if (!stopped && server.exitCode === null) server.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.once("SIGINT", () => {
  cleanup();
  process.exit(130);
});

async function http(pathname, { method = "GET", body, headers = {} } = {}) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    body,
    headers: body ? { "Content-Type": "application/x-www-form-urlencoded", ...headers } : headers,
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function main() {
  log(`starting the server on ${base} with a fresh data folder (the demo town is seeded first)`);
  const startedAt = Date.now();
  await waitFor(() => /listening on/.test(output) || server.exitCode !== null, "the server to listen", 300_000);
  if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
  // The demo pictures render in the background after the seed: let them finish, so the
  // load measures requests, not image encoding.
  await waitFor(() => !fs.existsSync(path.join(dataDir, "seed-artwork.json")), "the demo artwork", 300_000);
  log(`ready in ${Math.round((Date.now() - startedAt) / 1000)} s`);

  // ---- what the traffic needs: ids, accounts, sessions, polls
  const ids = (html, pattern) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]))];
  const businessIds = ids((await http("/businesses")).text + (await http("/businesses?pagina=2")).text, /href="\/business\/([0-9a-f-]{36})"/g);
  const newsIds = ids((await http("/news")).text, /href="\/news\/([0-9a-f-]{36})"/g);
  const usernames = ids((await http("/users")).text, /href="\/u\/([a-z0-9_]{3,20})"/g);
  // The demo residents' e-mails follow their usernames (server/seed/seed-data.ts).
  const emails = usernames.map((u) => `${u.replace(/_/g, ".")}@exemplo.com.br`);
  if (businessIds.length === 0 || newsIds.length === 0 || emails.length === 0) throw new Error("the demo town is missing: no businesses, news or residents found");

  const sessions = [];
  for (const email of emails.slice(0, 20)) {
    const response = await http("/login", { method: "POST", body: new URLSearchParams({ intent: "signin", email, password: PASSWORD }).toString() });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("guida_session="));
    if (response.status === 303 && cookie) sessions.push({ email, cookie: cookie.split(";")[0] });
  }
  if (sessions.length === 0) throw new Error("no demo resident could sign in");
  const signInEmails = sessions.map((s) => s.email);

  const notes = [];
  const polls = [];
  const postsPage = await http("/posts", { headers: { Cookie: sessions[0].cookie } });
  if (postsPage.status === 200) {
    // Each vote form: a hidden postId, then one submit button per option (optionId).
    const parts = postsPage.text.split(/name="postId"/).slice(1);
    for (const part of parts) {
      const postId = /^\s*value="([0-9a-f-]{36})"/.exec(part)?.[1];
      const options = [...part.matchAll(/<button[^>]*value="([0-9a-f-]{36})"[^>]*name="optionId"|<button[^>]*name="optionId"[^>]*value="([0-9a-f-]{36})"/g)].map((m) => m[1] ?? m[2]);
      if (postId && options.length) polls.push({ postId, options });
    }
    if (polls.length === 0) notes.push("no poll found on /posts: votes skipped");
  } else {
    notes.push(`/posts answered ${postsPage.status}: votes skipped`);
  }
  const createPostPage = await http("/create-post", { headers: { Cookie: sessions[0].cookie } });
  const canPost = createPostPage.status === 200;
  if (!canPost) notes.push(`/create-post answered ${createPostPage.status}: new posts skipped`);
  for (const note of notes) log(`note: ${note}`);
  log(`${businessIds.length} businesses, ${newsIds.length} news, ${sessions.length} signed-in residents, ${polls.length} polls`);

  // ---- the traffic mix
  const form = (fields) => new URLSearchParams(fields).toString();
  const formHeaders = (cookie) => ({ "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) });
  const created = new Set();
  const scenarios = [
    {
      name: "visitors",
      share: 0.8,
      requests: [
        { method: "GET", path: "/" },
        { method: "GET", path: "/businesses" },
        { method: "GET", setupRequest: (req) => ({ ...req, path: `/business/${pick(businessIds)}` }) },
        { method: "GET", setupRequest: (req) => ({ ...req, path: `/news/${pick(newsIds)}` }) },
      ],
    },
    {
      name: "sign-in",
      share: 0.02,
      requests: [
        {
          method: "POST",
          path: "/login",
          setupRequest: (req) => ({ ...req, headers: formHeaders(), body: form({ intent: "signin", email: pick(signInEmails), password: PASSWORD }) }),
        },
      ],
    },
    {
      name: "favorites",
      share: 0.08,
      requests: ["add", "remove"].map((intent) => ({
        method: "POST",
        path: "/favorites",
        setupRequest: (req, context) => {
          // The same resident and business for the add and its remove.
          if (intent === "add") Object.assign(context, { session: pick(sessions), itemId: pick(businessIds) });
          return {
            ...req,
            headers: formHeaders(context.session.cookie),
            body: form({ intent, itemType: "business", itemId: context.itemId, redirectTo: "/favorites" }),
          };
        },
      })),
    },
  ];
  if (polls.length) {
    scenarios.push({
      name: "votes",
      share: 0.06,
      requests: [
        {
          method: "POST",
          path: "/posts",
          setupRequest: (req) => {
            const poll = pick(polls);
            return {
              ...req,
              headers: formHeaders(pick(sessions).cookie),
              body: form({ intent: "vote", postId: poll.postId, optionId: pick(poll.options), redirectTo: "/posts" }),
            };
          },
        },
      ],
    });
  }
  if (canPost) {
    scenarios.push({
      name: "new posts",
      share: 0.03,
      requests: [
        {
          method: "POST",
          path: "/create-post",
          setupRequest: (req) => ({
            ...req,
            headers: formHeaders(pick(sessions).cookie),
            body: form({ content: `Teste de carga ${Date.now()}-${Math.random().toString(36).slice(2)}: alguém viu o ônibus das 7h?` }),
          }),
          onResponse: (status, _body, _context, headers) => {
            const location = headers.location ?? headers.Location;
            if (status === 303 && typeof location === "string" && /^\/posts\/[0-9a-f-]{36}$/.test(location)) created.add(location);
          },
        },
      ],
    });
  }
  // Connections per scenario: the shares of the total, at least one each, visitors take the rest.
  for (const scenario of scenarios.slice(1)) scenario.connections = Math.max(1, Math.round(CONNECTIONS * scenario.share));
  scenarios[0].connections = Math.max(1, CONNECTIONS - scenarios.slice(1).reduce((sum, s) => sum + s.connections, 0));

  const rssBefore = rssBytes(server.pid);
  log(`RSS before: ${mb(rssBefore)} MB`);
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`round ${round}/${ROUNDS}: ${CONNECTIONS} connections for ${SECONDS} s (${scenarios.map((s) => `${s.name} ${s.connections}`).join(", ")})`);
    let peak = rssBytes(server.pid) ?? 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(server.pid) ?? 0)), 250);
    // Every response time of every scenario, for exact overall percentiles.
    const latencies = [];
    const results = await Promise.all(
      scenarios.map((scenario) => {
        const instance = autocannon({
          url: base,
          title: scenario.name,
          connections: scenario.connections,
          duration: SECONDS,
          timeout: 30,
          requests: scenario.requests,
        });
        instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
        return instance;
      }),
    );
    clearInterval(sampler);
    // Let the last responses settle before reading memory.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    rounds.push(summarise(round, results, latencies, peak, rssBytes(server.pid)));
    const r = rounds.at(-1);
    log(`round ${round}: ${r.requests} requests (${r.rps}/s), errors ${r.errors.total}, p99 ${r.latencyMs.p99} ms, RSS after ${r.rssAfterMb} MB (peak ${r.rssPeakMb} MB)`);
  }

  // ---- nothing lost: every acknowledged post is there, and the server is healthy
  const health = await http("/healthz");
  const missing = [];
  const createdList = [...created];
  for (let i = 0; i < createdList.length; i += 20) {
    const batch = createdList.slice(i, i + 20);
    const statuses = await Promise.all(batch.map((location) => http(location).then((r) => r.status)));
    batch.forEach((location, j) => statuses[j] !== 200 && missing.push(location));
  }
  log(`acknowledged posts: ${createdList.length}, missing afterwards: ${missing.length}; /healthz ${health.status}`);

  stopped = true;
  server.kill("SIGTERM");
  const exit = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve({ code: "timeout" }), 30_000))]);

  const [first, second] = [rounds[0], rounds[1]];
  const growth = first && second && first.rssAfterBytes ? (second.rssAfterBytes - first.rssAfterBytes) / first.rssAfterBytes : null;
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 10) / 10),
    config: { seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, scenarios: scenarios.map((s) => ({ name: s.name, connections: s.connections })) },
    notes,
    rssBeforeMb: mb(rssBefore),
    rounds: rounds.map(({ rssAfterBytes: _, ...r }) => r),
    leakCheck: growth === null ? null : { rssGrowthRound2VsRound1: Math.round(growth * 1000) / 10 + "%", withinTenPercent: Math.abs(growth) <= 0.1 },
    durability: { acknowledgedPosts: createdList.length, missingPosts: missing.length, missing: missing.slice(0, 20) },
    healthzAfter: health.status,
    shutdown: exit,
  };
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);

  console.log("\n=== Guida load test ===");
  console.log(`${CONNECTIONS} connections × ${SECONDS} s × ${ROUNDS} rounds on ${os.cpus().length} CPUs (load average at end ${report.loadAverageAtEnd.join(" ")})`);
  for (const r of rounds) {
    console.log(
      `round ${r.round}: ${r.requests} requests, ${r.rps} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, ` +
        `errors ${r.errors.total} (status ≥ 400: ${r.errors.status4xx5xx}, socket: ${r.errors.socket}, timeouts: ${r.errors.timeouts}), RSS after ${r.rssAfterMb} MB, peak ${r.rssPeakMb} MB`,
    );
    for (const s of r.scenarios) console.log(`   ${s.name.padEnd(10)} ${String(s.requests).padStart(7)} req  p99 ${s.p99} ms  statuses ${JSON.stringify(s.statuses)}`);
  }
  console.log(`RSS before ${report.rssBeforeMb} MB; after round 1 ${first?.rssAfterMb} MB, after round 2 ${second?.rssAfterMb} MB` + (report.leakCheck ? ` (${report.leakCheck.rssGrowthRound2VsRound1}: ${report.leakCheck.withinTenPercent ? "within 10%, no leak seen" : "MORE than 10%"})` : ""));
  console.log(`acknowledged posts ${createdList.length}, missing ${missing.length}; /healthz ${health.status}; shutdown ${JSON.stringify(exit)}`);
  for (const note of notes) console.log(`note: ${note}`);
  console.log(`written to ${path.relative(process.cwd(), RESULTS)}`);

  const failed = rounds.some((r) => r.errors.total > 0) || missing.length > 0 || health.status !== 200 || exit.code !== 0;
  return failed ? 1 : 0;
}

function summarise(round, results, latencies, peak, rssAfter) {
  const scenarios = results.map((result) => {
    const statuses = {};
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count);
    return { name: result.title, requests: result.requests.total, p99: result.latency.p99, statuses, errors: result.errors, timeouts: result.timeouts };
  });
  const requests = scenarios.reduce((sum, s) => sum + s.requests, 0);
  const status4xx5xx = scenarios.reduce((sum, s) => sum + Object.entries(s.statuses).filter(([code]) => Number(code) >= 400).reduce((n, [, c]) => n + c, 0), 0);
  // autocannon counts timeouts among its errors.
  const socket = results.reduce((sum, r) => sum + r.errors - r.timeouts, 0);
  const timeouts = results.reduce((sum, r) => sum + r.timeouts, 0);
  const sorted = Float64Array.from(latencies).sort();
  const percentile = (p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]) : null);
  return {
    round,
    requests,
    rps: Math.round(requests / SECONDS),
    latencyMs: { p50: percentile(50), p90: percentile(90), p99: percentile(99), max: sorted.length ? Math.round(sorted[sorted.length - 1]) : null },
    errors: { total: status4xx5xx + socket + timeouts, status4xx5xx, socket, timeouts },
    rssAfterBytes: rssAfter,
    rssAfterMb: mb(rssAfter),
    rssPeakMb: mb(peak),
    scenarios,
  };
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`[load] failed: ${error instanceof Error ? error.stack : String(error)}`);
  if (output) console.error(`[load] server output (last 3000 characters):\n${output.slice(-3000)}`);
} finally {
  cleanup();
}
process.exit(code);
