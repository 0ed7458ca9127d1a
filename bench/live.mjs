// The live stream under load (issue #19), part of `npm run bench` (or alone: `npm run bench:live`).
//
// Starts the production build on loopback with the demo town in a throw-away data folder,
// opens BENCH_STREAMS (5,000) GET /events streams as visitors following one poll and the
// /posts feed, holds them for BENCH_LIVE_SECONDS (60), and meanwhile: every few seconds one
// write (a resident's vote that moves the poll, or a new post), timing from the moment the
// write is sent (before its commit: the figure can only overstate) until the event reaches
// each stream that should get it; the server's RSS before, with the streams open and at the
// end; and the page throughput (wrk when installed, else autocannon; BENCH_SECONDS) of /posts
// — a visitor's, answered from the page cache, and a resident's — without and with the
// streams open. The generator (this process: the 5,000 clients) reports its own CPU beside
// the server's, so a slow figure can be told apart from a busy generator.
// BENCH_LIVE_PROFILE=1 runs the server under `node --cpu-prof` and prints where its time
// went (bench/results/profiles/live.cpuprofile). Writes bench/results/live.json and live.md.
//
// File descriptors: the server and this generator each hold one socket per stream. The soft
// limit is raised here up to the hard one (re-running under `ulimit -n`); if the hard limit
// itself is too low the bench stops and says how to raise it (ulimit -Hn, systemd
// LimitNOFILE, docker --ulimit nofile=N:N).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { loadTest } from "./lib/load.mjs";
import { runWrk, WRK } from "./lib/wrk.mjs";
import { summarizeProfile } from "./profile.mjs";
import { cpuSecondsOf, freePort, memoryOf, request, serverNode, sleep, startProcess, stopProcess, waitFor200 } from "./lib/proc.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "bench", "results");
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5_000);
const HOLD_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 60);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EMAIL = process.env.BENCH_EMAIL ?? "larissa.duarte@exemplo.com.br";
const PASSWORD = "guida2026";
const PROFILE = process.env.BENCH_LIVE_PROFILE === "1";
/** One write this often while the streams are held. */
const WRITE_EVERY_MS = 4_000;
/** A stream that has not had the event this long after the write counts as missed. */
const EVENT_DEADLINE_MS = 10_000;

const log = (message) => process.stderr.write(`[bench:live] ${message}\n`);

// ---- file descriptors ---------------------------------------------------------------------
function fileLimits() {
  const line = fs.readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith("Max open files"));
  const [soft, hard] = (line ?? "").trim().split(/\s+/).slice(3, 5).map((v) => (v === "unlimited" ? Infinity : Number(v)));
  return { soft, hard };
}
const needed = STREAMS + 1_024;
const limits = fileLimits();
if (limits.soft < needed) {
  if (limits.hard < needed || process.env.BENCH_LIVE_RAISED === "1") {
    log(`error: ${STREAMS} streams need ${needed} open files per process; the hard limit is ${limits.hard}.`);
    log("raise it first: `ulimit -Hn 65536` as root, LimitNOFILE=65536 (systemd), or docker run --ulimit nofile=65536:65536");
    process.exit(1);
  }
  log(`raising the open-file limit from ${limits.soft} to ${needed} (hard limit ${limits.hard})`);
  const run = spawnSync("sh", ["-c", `ulimit -n ${needed} && exec "$@"`, "sh", process.execPath, import.meta.filename], {
    stdio: "inherit",
    env: { ...process.env, BENCH_LIVE_RAISED: "1" },
  });
  process.exit(run.status ?? 1);
}

if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
  log("error: no production build: run `npm run build` first");
  process.exit(1);
}

// ---- helpers --------------------------------------------------------------------------------
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null);
const fmt = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? "–" : Number(n).toFixed(digits));

/**
 * The write being timed: its kind, when it was sent, and how many streams have had its event.
 * Each stream notes the arrival itself, so waiting costs no scan of 5,000 streams' histories.
 */
const round = { id: 0, kind: "", arrived: 0 };

/** One open /events stream: when the current round's event reached it, and its heartbeats. */
function openStream(url) {
  return new Promise((resolve) => {
    const stream = { status: 0, heartbeats: 0, buffer: "", events: 0, round: -1, arrivedAt: 0, ended: false, req: null };
    const req = http.get(url, { agent: false }, (res) => {
      stream.status = res.statusCode ?? 0;
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        const now = performance.now();
        stream.buffer += chunk;
        let end;
        while ((end = stream.buffer.indexOf("\n\n")) >= 0) {
          const block = stream.buffer.slice(0, end);
          stream.buffer = stream.buffer.slice(end + 2);
          if (block.startsWith(":")) stream.heartbeats += 1;
          const kind = /^event: (\w+)$/m.exec(block)?.[1];
          if (!kind) continue;
          stream.events += 1;
          if (kind === round.kind && stream.round !== round.id) {
            stream.round = round.id;
            stream.arrivedAt = now;
            round.arrived += 1;
          }
        }
      });
      res.on("close", () => (stream.ended = true));
      resolve(stream);
    });
    req.on("error", () => {
      stream.ended = true;
      resolve(stream);
    });
    stream.req = req;
  });
}

async function form(base, pathname, fields, cookie) {
  return request(`${base}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-bench-live-"));
  fs.mkdirSync(path.join(RESULTS, "logs"), { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profDir = PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), "guida-live-prof-")) : null;
  const server = startProcess({
    command: serverNode(),
    args: [...(profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []), "server.js"],
    cwd: ROOT,
    logFile: path.join(RESULTS, "logs", "live.log"),
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ACCESS_LOG: "off",
      RATE_LIMIT_SCALE: "100",
      EVENTS_MAX_STREAMS: String(STREAMS + 100),
    },
  });
  try {
    await waitFor200(server, `${base}/`, 240_000);
    const artwork = path.join(dataDir, "seed-artwork.json");
    const deadline = Date.now() + 240_000;
    while (fs.existsSync(artwork) && Date.now() < deadline) await sleep(250);

    const signin = await form(base, "/login", { intent: "signin", email: EMAIL, password: PASSWORD }, "");
    const cookie = (signin.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("guida_session="));
    if (!cookie) throw new Error(`sign-in as ${EMAIL} answered ${signin.status}`);
    // The poll every stream follows: the first one in the feed, with its options.
    const feed = (await request(`${base}/posts`, { headers: { cookie } })).body.toString();
    const pollAt = feed.search(/id="enquete-[0-9a-f-]{36}"/);
    const pollId = /id="enquete-([0-9a-f-]{36})"/.exec(feed)?.[1];
    const postId = [...feed.slice(0, pollAt).matchAll(/id="post-([0-9a-f-]{36})"/g)].at(-1)?.[1];
    const options = [...feed.slice(pollAt).matchAll(/<button[^>]*value="([0-9a-f-]{36})"[^>]*name="optionId"/g)].map((m) => m[1]).slice(0, 2);
    const newestPost = /id="post-([0-9a-f-]{36})"/.exec(feed)?.[1];
    if (!pollId || !postId || options.length < 2 || !newestPost) throw new Error("no poll with two options on /posts");

    const throughput = async (label, headers) => {
      // Warm: a visitor's /posts is then answered from the page cache (X-Cache: HIT).
      await request(`${base}/posts`, { headers });
      const warm = await request(`${base}/posts`, { headers });
      const figure = WRK ? await wrkRun(`${base}/posts`, headers) : await autocannonRun(`${base}/posts`, headers);
      figure.cache = warm.headers["x-cache"] ?? "none";
      log(`${label}: ${fmt(figure.reqPerSec)} req/s, p99 ${fmt(figure.p99Ms)} ms, ${figure.errors} errors (${figure.tool}, cache ${figure.cache})`);
      return figure;
    };
    const pagesBefore = { visitor: await throughput("/posts as a visitor, no streams", {}), resident: await throughput("/posts signed in, no streams", { cookie }) };
    const rssBefore = memoryOf(server.pid).rssMiB;

    // ---- open the streams, in batches so the listen backlog never overflows -------------
    const url = `${base}/events?enquetes=${pollId}&feed=${newestPost}`;
    const streams = [];
    const openedAt = performance.now();
    for (let i = 0; i < STREAMS; i += 250) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(250, STREAMS - i) }, () => openStream(url)))));
    }
    const refused = streams.filter((s) => s.status !== 200).length;
    if (refused) throw new Error(`${refused} of ${STREAMS} streams were refused`);
    // Every stream's first values (poll and feed) have arrived: all are live.
    while (streams.some((s) => s.events < 2) && performance.now() - openedAt < 600_000) await sleep(100);
    const openSeconds = (performance.now() - openedAt) / 1000;
    const rssOpen = memoryOf(server.pid).rssMiB;
    log(`${STREAMS} streams open and live in ${fmt(openSeconds, 1)} s; server RSS ${fmt(rssBefore)} → ${fmt(rssOpen)} MiB`);

    // ---- hold them: one write every few seconds, each timed to every stream --------------
    // The resident's vote starts on the second option, so each measured vote moves it.
    await form(base, "/posts", { intent: "vote", postId, optionId: options[1], redirectTo: "/posts" }, cookie);
    let votesFor = 0;
    const delays = [];
    const delaysFromAnswer = [];
    // The server's CPU per write, from sending it until its event reached every stream: the
    // delay an idle core would give, whatever else the machine runs meanwhile.
    const cpuMsPerRound = [];
    // The generator's own CPU over the same span: if it neared a whole core, the delays
    // would be its own slowness, not the server's.
    const generatorCpuMsPerRound = [];
    const generatorAtHold = process.cpuUsage();
    const holdStartedAt = performance.now();
    let missed = 0;
    let rounds = 0;
    const holdUntil = performance.now() + HOLD_SECONDS * 1000;
    let pagesWithStreams = null;
    while (performance.now() < holdUntil) {
      const kind = rounds % 2 === 0 ? "poll" : "feed";
      Object.assign(round, { id: rounds, kind, arrived: 0 });
      const cpuBefore = cpuSecondsOf(server.pid);
      const generatorBefore = process.cpuUsage();
      const sentAt = performance.now();
      const answer =
        kind === "poll"
          ? await form(base, "/posts", { intent: "vote", postId, optionId: options[(votesFor = 1 - votesFor) === 1 ? 0 : 1], redirectTo: "/posts" }, cookie)
          : await form(base, "/create-post", { content: `Bench ao vivo ${rounds}` }, cookie);
      const answeredAt = performance.now();
      if (answer.status !== 303) throw new Error(`the ${kind} write answered ${answer.status}`);
      const roundDeadline = sentAt + EVENT_DEADLINE_MS;
      while (round.arrived < STREAMS && performance.now() < roundDeadline) await sleep(20);
      const cpuAfter = cpuSecondsOf(server.pid);
      const generatorUsed = process.cpuUsage(generatorBefore);
      generatorCpuMsPerRound.push((generatorUsed.user + generatorUsed.system) / 1000);
      if (cpuBefore !== null && cpuAfter !== null) cpuMsPerRound.push((cpuAfter - cpuBefore) * 1000);
      for (const s of streams) {
        if (s.round !== rounds) missed += 1;
        else {
          delays.push(s.arrivedAt - sentAt);
          delaysFromAnswer.push(s.arrivedAt - answeredAt);
        }
      }
      rounds += 1;
      // The page figures, once, in the middle of the hold.
      if (!pagesWithStreams && performance.now() > holdUntil - (HOLD_SECONDS * 1000) / 2) {
        pagesWithStreams = {
          visitor: await throughput(`/posts as a visitor, ${STREAMS} streams open`, {}),
          resident: await throughput(`/posts signed in, ${STREAMS} streams open`, { cookie }),
        };
      }
      const rest = sentAt + WRITE_EVERY_MS - performance.now();
      if (rest > 0) await sleep(rest);
    }
    const generatorHold = process.cpuUsage(generatorAtHold);
    const generatorShare = (generatorHold.user + generatorHold.system) / 1000 / (performance.now() - holdStartedAt);
    const rssEnd = memoryOf(server.pid).rssMiB;
    const peak = memoryOf(server.pid).peakMiB;
    const stillOpen = streams.filter((s) => !s.ended).length;
    const minHeartbeats = Math.min(...streams.map((s) => s.heartbeats));
    delays.sort((a, b) => a - b);
    delaysFromAnswer.sort((a, b) => a - b);
    const result = {
      date: new Date().toISOString(),
      streams: STREAMS,
      holdSeconds: HOLD_SECONDS,
      rounds,
      eventsExpected: rounds * STREAMS,
      eventsMissed: missed,
      delayMs: { p50: quantile(delays, 0.5), p90: quantile(delays, 0.9), p99: quantile(delays, 0.99), max: delays.at(-1) ?? null },
      // The commit lies between the write being sent and its answer: the true figure is between these two.
      delayFromAnswerMs: {
        p50: quantile(delaysFromAnswer, 0.5),
        p90: quantile(delaysFromAnswer, 0.9),
        p99: quantile(delaysFromAnswer, 0.99),
        max: delaysFromAnswer.at(-1) ?? null,
      },
      rssMiB: { before: rssBefore, open: rssOpen, end: rssEnd, peak, growth: rssEnd - rssBefore },
      stillOpenAtEnd: stillOpen,
      serverCpuMsPerWrite: median(cpuMsPerRound),
      generator: { cpuMsPerWrite: median(generatorCpuMsPerRound), shareOfCoreDuringHold: generatorShare, inWorkerThreads: false },
      minHeartbeatsPerStream: minHeartbeats,
      openSeconds,
      pages: { before: pagesBefore, withStreams: pagesWithStreams },
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
    };
    for (const s of streams) s.req?.destroy();
    report(result);
  } finally {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (profDir) printProfile(profDir);
  }
}

const median = (values) => (values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] : null);

/** wrk (a C load generator, far cheaper than the server): requests per second and p99. */
async function wrkRun(url, headers) {
  const run = await runWrk(url, { threads: 1, connections: CONNECTIONS, seconds: LOAD_SECONDS, headers, latency: true });
  return { tool: "wrk", reqPerSec: run.rps, p99Ms: run.p99Ms, errors: run.non2xx + run.timeouts };
}

async function autocannonRun(url, headers) {
  const result = await loadTest({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, headers, timeout: 10 });
  return {
    tool: "autocannon",
    reqPerSec: Math.round((result.requests.total / result.duration) * 10) / 10,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Where the server's main thread spent the run (BENCH_LIVE_PROFILE=1). */
function printProfile(profDir) {
  const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) return log("no .cpuprofile written");
  const outDir = path.join(RESULTS, "profiles");
  fs.mkdirSync(outDir, { recursive: true });
  fs.copyFileSync(path.join(profDir, file), path.join(outDir, "live.cpuprofile"));
  const summary = summarizeProfile(JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")));
  fs.rmSync(profDir, { recursive: true, force: true });
  log(`profile: bench/results/profiles/live.cpuprofile (${summary.totalMs} ms sampled)`);
  for (const p of summary.packages) log(`  ${String(p.pct).padStart(5)}%  ${p.name}`);
  for (const f of summary.functions) log(`  ${String(f.pct).padStart(5)}%  ${f.name}`);
}

function report(r) {
  const ok = (pass) => (pass ? "✓" : "✗");
  const lines = [
    `# Live streams (${r.date})`,
    "",
    `${r.streams} GET /events streams held ${r.holdSeconds} s on one server (loopback, ${r.cpus} cores shared with the generator; load average ${r.loadAverage.map((n) => n.toFixed(1)).join(" ")} at the end).`,
    "",
    "| Figure | Value | Target |",
    "|---|---|---|",
    `| Writes (votes and new posts), events expected | ${r.rounds}, ${r.eventsExpected} | |`,
    `| Events missed (not within ${EVENT_DEADLINE_MS / 1000} s) | ${r.eventsMissed} | 0 ${ok(r.eventsMissed === 0)} |`,
    `| Write sent → event at the stream (the commit is after the send: an upper bound), p50 / p90 / p99 / max | ${fmt(r.delayMs.p50)} / ${fmt(r.delayMs.p90)} / ${fmt(r.delayMs.p99)} / ${fmt(r.delayMs.max)} ms | p99 < 1000 ms ${ok(r.delayMs.p99 !== null && r.delayMs.p99 < 1000)} |`,
    `| Write answered → event at the stream, p50 / p90 / p99 / max (negative: the event came first) | ${fmt(r.delayFromAnswerMs.p50)} / ${fmt(r.delayFromAnswerMs.p90)} / ${fmt(r.delayFromAnswerMs.p99)} / ${fmt(r.delayFromAnswerMs.max)} ms | |`,
    `| Server CPU per write, from sending it to its event at all ${r.streams} streams (median) | ${fmt(r.serverCpuMsPerWrite)} ms | |`,
    `| Generator (this process, all ${r.streams} clients) CPU per write (median); its share of one core over the hold | ${fmt(r.generator.cpuMsPerWrite)} ms; ${fmt(r.generator.shareOfCoreDuringHold * 100)} % | well under 100 % |`,
    `| Server RSS before / streams open / end (peak) | ${fmt(r.rssMiB.before)} / ${fmt(r.rssMiB.open)} / ${fmt(r.rssMiB.end)} (${fmt(r.rssMiB.peak)}) MiB | |`,
    `| RSS growth | ${fmt(r.rssMiB.growth)} MiB | < 300 MB ${ok(r.rssMiB.growth * 1.048576 < 300)} |`,
    `| Streams still open at the end, fewest heartbeats on one | ${r.stillOpenAtEnd}, ${r.minHeartbeatsPerStream} | ${r.streams} ${ok(r.stillOpenAtEnd === r.streams)} |`,
    `| Time to open all streams | ${fmt(r.openSeconds, 1)} s | |`,
    `| /posts visitor req/s (p99), no streams → streams open (${r.pages.before.visitor.tool}, ${CONNECTIONS} connections; cache ${r.pages.before.visitor.cache}) | ${fmt(r.pages.before.visitor.reqPerSec)} (${fmt(r.pages.before.visitor.p99Ms)} ms) → ${fmt(r.pages.withStreams?.visitor.reqPerSec)} (${fmt(r.pages.withStreams?.visitor.p99Ms)} ms) | |`,
    `| /posts signed-in req/s (p99), no streams → streams open | ${fmt(r.pages.before.resident.reqPerSec)} (${fmt(r.pages.before.resident.p99Ms)} ms) → ${fmt(r.pages.withStreams?.resident.reqPerSec)} (${fmt(r.pages.withStreams?.resident.p99Ms)} ms) | |`,
    "",
  ];
  fs.writeFileSync(path.join(RESULTS, "live.json"), JSON.stringify(r, null, 2));
  fs.writeFileSync(path.join(RESULTS, "live.md"), lines.join("\n"));
  process.stdout.write(lines.join("\n"));
}

main().catch((error) => {
  log(`error: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
