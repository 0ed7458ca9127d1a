// Process helpers for the benchmarks: which Node runs the servers, CPU pinning,
// starting and stopping a server, waiting for its first 200, reading its memory and CPU.
import net from "node:net";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * The Node binary that runs the servers under test. `npm run …` puts node_modules/.bin
 * first on PATH, where the `node` devDependency (Node 24, for Lighthouse) lives, so
 * process.execPath is not what `node server.js` runs in production. Default: the first
 * `node` on PATH outside node_modules; BENCH_NODE overrides.
 */
export function serverNode() {
  if (process.env.BENCH_NODE) return process.env.BENCH_NODE;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir || dir.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const candidate = path.join(dir, "node");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return process.execPath;
}

export function nodeVersion(bin) {
  try {
    return execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/**
 * CPU pinning: the server on core 0, the load generator on core 1, when the machine
 * has two cores or more and util-linux's taskset works. Otherwise nothing is pinned.
 */
export function pinningPlan() {
  // A run re-executed under taskset by bench/run.mjs inherits the plan it was given.
  if (process.env.BENCH_SERVER_CORE && process.env.BENCH_CLIENT_CORE) {
    return { enabled: true, serverCore: Number(process.env.BENCH_SERVER_CORE), clientCore: Number(process.env.BENCH_CLIENT_CORE), inherited: true };
  }
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  if (process.platform !== "linux") return { enabled: false, reason: `not Linux (${process.platform})`, cores };
  if (cores < 2) return { enabled: false, reason: `only ${cores} core available`, cores };
  try {
    execFileSync("taskset", ["-c", "0", "true"], { stdio: "ignore" });
  } catch {
    return { enabled: false, reason: "taskset (util-linux) not found or not permitted", cores };
  }
  return { enabled: true, serverCore: 0, clientCore: 1, cores };
}

/** The cores this process may run on (Linux), e.g. "1" or "0-1". */
export function currentAffinity() {
  try {
    const status = fs.readFileSync("/proc/self/status", "utf8");
    return /Cpus_allowed_list:\s*(\S+)/.exec(status)?.[1] ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Starts a server process (pinned to `core` when given) and returns a handle. Output
 * goes to `logFile` so a failing start can be diagnosed.
 */
export function startProcess({ command, args, env, cwd, core, logFile }) {
  const started = performance.now();
  const file = core === undefined ? command : "taskset";
  const argv = core === undefined ? args : ["-c", String(core), command, ...args];
  const out = fs.openSync(logFile, "a");
  const child = spawn(file, argv, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, pid: child.pid, started, exited, logFile };
}

/** SIGTERM, then SIGKILL after `graceMs`. Resolves when the process is gone. */
export async function stopProcess(handle, graceMs = 15_000) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return handle.exited;
  handle.child.kill("SIGTERM");
  const timer = setTimeout(() => handle.child.kill("SIGKILL"), graceMs);
  const result = await handle.exited;
  clearTimeout(timer);
  return result;
}

/** One GET without keep-alive: { status, headers, body }. */
export function request(url, { headers = {}, method = "GET", body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    if (body) req.write(body);
    req.end();
  });
}

/**
 * Polls `url` until it answers 200; returns milliseconds since the process was spawned.
 * Fails when the process exits first or after `timeoutMs`.
 */
export async function waitFor200(handle, url, timeoutMs = 120_000) {
  let exited = false;
  handle.exited.then(() => (exited = true));
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (exited) throw new Error(`server exited before answering 200 (see ${handle.logFile})`);
    try {
      const res = await request(url);
      if (res.status === 200) return performance.now() - handle.started;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms (see ${handle.logFile})`);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** VmRSS and VmHWM (peak) of a process in MiB, from /proc (Linux only). */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (name) => Number(new RegExp(`${name}:\\s*(\\d+)\\s*kB`).exec(status)?.[1] ?? NaN);
    return { rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 };
  } catch {
    return { rssMiB: null, peakMiB: null };
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) used so far by a process, from /proc/<pid>/stat. */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Busy and total CPU seconds of the whole machine so far, from /proc/stat (Linux only). */
export function machineCpuSeconds() {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy / TICKS_PER_SECOND, total: (busy + idle + iowait) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** A TCP port free on 127.0.0.1 right now, for a server about to start. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
