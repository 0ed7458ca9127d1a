// CPU profile of the production server under load, for diagnosing a benchmark figure:
//   node bench/profile.mjs [path] [--signed-in] [--br] [--seconds=10] [--startup]
// Starts `node --cpu-prof server.js` on a throw-away copy of the demo town, loads one URL
// with autocannon (10 connections), stops the server and prints where the main thread's
// time went: by package and by function (self time). --startup profiles only the start
// (until the first 200 on /). The .cpuprofile is kept in bench/results/profiles/ (open it
// in Chrome DevTools › Performance, or speedscope).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadTest } from "./lib/load.mjs";
import { freePort, nodeVersion, request, serverNode, sleep, startProcess, stopProcess, waitFor200 } from "./lib/proc.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const target = args.find((a) => !a.startsWith("--")) ?? "/businesses";
const seconds = Number(option("seconds", 10));
const log = (message) => process.stderr.write(`[profile] ${message}\n`);


/** Self time by function and by package from a .cpuprofile. */
export function summarizeProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const packageOf = (url, name) => {
    if (!url) return name === "(garbage collector)" ? "(gc)" : name === "(idle)" ? "(idle)" : name.startsWith("(") ? name : "(native)";
    if (url.startsWith("node:")) return "node internals";
    const nm = url.lastIndexOf("node_modules/");
    if (nm >= 0) {
      const rest = url.slice(nm + 13).split("/");
      return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    }
    if (url.includes("/build/server/")) return "guida (build/server)";
    return url;
  };
  const fns = new Map();
  const pkgs = new Map();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || "(anonymous)";
    const pkg = packageOf(url, name);
    const key = `${name} ${url ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${lineNumber + 1}` : ""}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({ name: k, ms: Math.round(us / 1000), pct: Math.round((us / total) * 1000) / 10 }));
  return { totalMs: Math.round(total / 1000), packages: top(pkgs, 15), functions: top(fns, 30) };
}

async function main() {
  const NODE = serverNode();
  const outDir = path.join(ROOT, "bench", "results", "profiles");
  fs.mkdirSync(outDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-profile-data-"));
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-profile-"));
  const env = { NODE_ENV: "production", HOST: "127.0.0.1", DATA_DIR: dataDir, ACCESS_LOG: "off" };
  const logFile = path.join(outDir, "server.log");
  try {
    // First start without profiling: seeds the town and renders its artwork.
    let port = await freePort();
    let server = startProcess({ command: NODE, args: ["server.js"], cwd: ROOT, logFile, env: { ...env, PORT: String(port) } });
    await waitFor200(server, `http://127.0.0.1:${port}/`, 180_000);
    while (fs.existsSync(path.join(dataDir, "seed-artwork.json"))) await sleep(250);
    let cookie;
    if (flag("signed-in")) {
      const res = await request(`http://127.0.0.1:${port}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "intent=signin&email=larissa.duarte%40exemplo.com.br&password=guida2026",
      });
      cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("guida_session="));
    }
    let url = target;
    if (url.includes("{id}")) {
      const list = url.startsWith("/business/") ? "/businesses" : "/news";
      const prefix = url.split("{id}")[0];
      const html = (await request(`http://127.0.0.1:${port}${list}`)).body.toString();
      url = prefix + new RegExp(`href="${prefix.replace(/\//g, "\\/")}([^"/?#]+)"`).exec(html)?.[1];
    }
    await stopProcess(server);

    port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startProcess({
      command: NODE,
      args: ["--cpu-prof", `--cpu-prof-dir=${profDir}`, "server.js"],
      cwd: ROOT,
      logFile,
      env: { ...env, PORT: String(port) },
    });
    const startMs = await waitFor200(server, `${base}/`);
    log(`server on ${nodeVersion(NODE)} answered 200 after ${Math.round(startMs)} ms`);
    if (!flag("startup")) {
      const headers = {};
      if (cookie) headers.cookie = cookie;
      if (flag("br")) headers["accept-encoding"] = "br, gzip";
      await loadTest({ url: `${base}${url}`, connections: 10, duration: 1, headers });
      const result = await loadTest({ url: `${base}${url}`, connections: 10, duration: seconds, headers });
      log(`${url} ${cookie ? "signed-in" : "visitor"}${flag("br") ? " br" : ""}: ${Math.round(result.requests.total / result.duration)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    }
    await stopProcess(server);
    const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error("no .cpuprofile written");
    const name = `${flag("startup") ? "startup" : url.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "home"}${cookie ? "-signed-in" : ""}${flag("br") ? "-br" : ""}.cpuprofile`;
    fs.copyFileSync(path.join(profDir, file), path.join(outDir, name));
    const summary = summarizeProfile(JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")));
    console.log(`profile: bench/results/profiles/${name} (${summary.totalMs} ms sampled)\n\nby package (self time):`);
    for (const p of summary.packages) console.log(`  ${String(p.pct).padStart(5)}%  ${p.name}`);
    console.log("\nby function (self time):");
    for (const f of summary.functions) console.log(`  ${String(f.pct).padStart(5)}%  ${f.name}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  try {
    await main();
  } catch (error) {
    log(`error: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  }
}
