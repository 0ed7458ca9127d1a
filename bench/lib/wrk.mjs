// wrk (Debian's, a C load generator far cheaper than the servers it loads): one run and the
// figures its report gives. bench/scale.mjs and bench/live.mjs both drive it through here.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";

/** Where wrk is installed, or null (apt-get install wrk). */
export const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => fs.existsSync(p)) ?? null;

const TO_MS = { us: 0.001, ms: 1, s: 1000 };

/**
 * One wrk run against `url`: requests per second, requests, non-2xx answers, timeouts, and
 * (with `latency`, wrk's --latency distribution) the p99 in ms; `stdout` for what a script printed.
 */
export async function runWrk(url, { threads, connections, seconds, headers = {}, script, env = {}, latency = false }) {
  if (!WRK) throw new Error("wrk is needed: apt-get install wrk");
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${seconds}s`, "--timeout", "10s"];
  if (latency) args.push("--latency");
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  const { stdout } = await promisify(execFile)(WRK, [...args, url], { env: { ...process.env, ...env }, maxBuffer: 1 << 20 });
  // The distribution's own line (" 99% 1.23ms"), not a thread-statistics column ending in 99%.
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\b/m.exec(stdout);
  return {
    stdout,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
    timeouts: Number(/Socket errors:.*timeout (\d+)/.exec(stdout)?.[1] ?? 0),
    p99Ms: p99 ? Number(p99[1]) * TO_MS[p99[2]] : null,
  };
}
