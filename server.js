// Guida's one server, in every mode. The server itself is TypeScript (server/http/app.ts).
//   node server.js         production: the build made by `npm run build`
//   node server.js --dev   development (`npm run dev`): the same server, with Vite inside it
//                          compiling the app on request and pushing updates to the browser
//   WEB_CONCURRENCY=N      production on PostgreSQL: N worker processes share the port
import cluster from "node:cluster";
import http from "node:http";

const dev = process.argv.includes("--dev");
// Development always runs as such: React's development build is what HMR and its warnings need.
if (dev) process.env.NODE_ENV = "development";
else process.env.NODE_ENV ??= "production";

if (dev) {
  // Vite in middleware mode, the React Router `node-custom-server` way: it serves the app's
  // modules and HMR; every page still goes through server/http/app.ts, so development has
  // production's pipeline (CSP nonces, caches, limits, cross-site refusals). Its HMR
  // WebSocket shares our port rather than opening a second one.
  const { createServer } = await import("vite");
  const server = http.createServer();
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/http/app.ts");
  await start({ server, vite });
} else if (process.argv.includes("--seed")) {
  // The first start's seeding process, forked by the server (server/seed/seed-process.ts).
  const { runSeedChild } = await import("./build/server/index.js");
  await runSeedChild();
} else if (cluster.isPrimary && workerCount() > 1) {
  await startWorkers(workerCount());
} else {
  const { start } = await import("./build/server/index.js");
  await start();
}

/**
 * The primary's own lines, JSON like every other (server/log.ts logLine): it never loads the
 * server build, where that logger lives.
 */
function log(level, message) {
  const line = `${JSON.stringify({ level, time: new Date().toISOString(), message })}\n`;
  (level === "info" ? process.stdout : process.stderr).write(line);
}

/** WEB_CONCURRENCY=N: N server processes sharing the port, one per core (PostgreSQL only). */
function workerCount() {
  const wanted = Number.parseInt(process.env.WEB_CONCURRENCY ?? "1", 10);
  if (!Number.isInteger(wanted) || wanted <= 1) return 1;
  if (!process.env.DATABASE_URL) {
    // The embedded database is a folder one process may open (a second would corrupt it),
    // and the caches' invalidation and the rate limits cross processes only through PostgreSQL.
    log("info", `[guida] WEB_CONCURRENCY=${wanted} ignored: the embedded database (PGlite) runs in one process; set DATABASE_URL to use several`);
    return 1;
  }
  return wanted;
}

/**
 * The primary only forks and watches: node:cluster shares the port between the workers. The
 * first worker migrates the database alone; the others start once it listens. A worker that
 * dies is replaced; SIGTERM is passed on, and the primary exits when the last worker has.
 */
async function startWorkers(count) {
  let stopping = false;
  const fork = () => cluster.fork();
  const first = fork();
  await new Promise((resolve, reject) => {
    first.once("listening", resolve);
    first.once("exit", (code) => reject(new Error(`the first worker exited with code ${code} before listening`)));
  }).catch((error) => {
    log("error", `[guida] ${error.message}`);
    process.exit(1);
  });
  for (let i = 1; i < count; i++) fork();
  log("info", `[guida] ${count} workers (WEB_CONCURRENCY) share the port`);
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log("error", `[guida] worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  const stop = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
