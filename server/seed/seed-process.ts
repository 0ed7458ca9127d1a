import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { getEnv } from "../env";
import { describeError, installJsonLogging, logLine } from "../log";
import { openPGlite } from "../db/engines";
import { migrate } from "../db/migrate";
import { pendingArtworkFile } from "../storage/placeholder";

// The first start of an embedded database seeds the demo town in a child process that
// exits (issue #27). PGlite's WebAssembly memory grows to hold the seed's one big
// transaction and never shrinks: seeded in the serving process, it kept 915 MB RSS until
// restarted, against about 400 MB for the same server started on the seeded folder. The
// child also renders the demo pictures after handing the database over, so the sharp and
// fontconfig work and their memory leave with it.

/** Written in the data folder once its database was seeded or found not empty: later starts fork nothing. */
export function seedCheckedFile(dataDir: string): string {
  return path.join(dataDir, "pglite", "guida-seed-checked");
}

/** Whether this start has seeding or pictures left to do (an empty or interrupted first start). */
export function seedWorkPending(dataDir: string): boolean {
  return !fs.existsSync(seedCheckedFile(dataDir)) || fs.existsSync(pendingArtworkFile(dataDir));
}

type ChildMessage = { type: "database-ready"; seeded: boolean };

/**
 * Runs the seed in `node <entry> --seed` and resolves once the child has closed the database
 * (with whether it seeded): the caller, which holds the data-folder lock, opens it next. The
 * child's lines are passed on as JSON lines (a native library's plain text, fontconfig's
 * complaints, is wrapped). The child goes on rendering pictures, and ends with this process.
 */
export function seedInChildProcess(entry: string): Promise<{ seeded: boolean }> {
  const child = fork(entry, ["--seed"], { stdio: ["ignore", "pipe", "pipe", "ipc"] });
  relayLines(child.stdout!, "info");
  relayLines(child.stderr!, "warn");
  logLine("info", `[guida] first start: building the demo town in a separate process (pid ${child.pid}); the port opens when its database is written`);
  // The child must not outlive this server (it would keep writing into the folder).
  const stop = () => child.kill("SIGTERM");
  process.once("exit", stop);
  child.once("exit", () => process.off("exit", stop));
  return new Promise((resolve, reject) => {
    child.once("message", (message: ChildMessage) => {
      if (message.type === "database-ready") resolve({ seeded: message.seeded });
    });
    child.once("exit", (code, signal) => reject(new Error(`the seeding process ended (${signal ?? code}) before the database was ready`)));
    child.once("error", reject);
  });
}

/** Each line a child writes, as one JSON line of ours: its own JSON lines pass unchanged. */
function relayLines(stream: Readable, level: "info" | "warn"): void {
  createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
    if (line === "") return;
    if (line.startsWith("{") && line.endsWith("}")) {
      process[level === "info" ? "stdout" : "stderr"].write(`${line}\n`);
      return;
    }
    logLine(level, line, { source: "seed process" });
  });
}

/**
 * The child's side (`node server.js --seed`): migrate, seed when empty, close the database
 * and say so, then render the pictures and exit. The parent holds the data-folder lock for it.
 */
export async function runSeedChild(): Promise<void> {
  installJsonLogging();
  // The parent going away (SIGTERM, crash) ends the child: the next start resumes.
  const orphaned = () => process.exit(0);
  process.once("disconnect", orphaned);
  const env = getEnv();
  const began = Date.now();
  let seeded = false;
  if (!fs.existsSync(seedCheckedFile(env.DATA_DIR))) {
    logLine("info", "[seed] opening the embedded database and applying the migrations");
    const db = await openPGlite(env.DATA_DIR);
    try {
      await migrate(db, undefined, { localAuth: !env.SUPABASE_URL });
      const { seedDemoTownIfEmpty } = await import("./seed");
      logLine("info", "[seed] writing the demo town of Vila Serena into the empty database (first start, SEED_DEMO=auto)");
      seeded = await seedDemoTownIfEmpty(db, env.DATA_DIR);
      if (seeded && env.BENCH_TOWN > 1) {
        const { growTown } = await import("./town-builder");
        logLine("info", `[seed] growing the town ${env.BENCH_TOWN} times over (BENCH_TOWN)`);
        await growTown(db, { scale: env.BENCH_TOWN });
      }
      if (seeded) await db.exec("ANALYZE");
    } finally {
      await db.close();
    }
    fs.writeFileSync(seedCheckedFile(env.DATA_DIR), `${new Date().toISOString()}\n`);
    logLine("info", seeded ? `[seed] demo town written in ${Date.now() - began} ms` : "[seed] the database is not empty: nothing to seed");
  }
  process.send?.({ type: "database-ready", seeded } satisfies ChildMessage);
  if (fs.existsSync(pendingArtworkFile(env.DATA_DIR))) {
    const { renderPendingSeedArtwork } = await import("./seed");
    const drawing = Date.now();
    logLine("info", "[seed] rendering the demo town's pictures; a placeholder is served for each until it exists");
    yieldTheProcessor();
    try {
      const rendered = await renderPendingSeedArtwork(env.DATA_DIR);
      logLine("info", `[seed] ${rendered} demo pictures rendered in ${Date.now() - drawing} ms`);
    } catch (error) {
      logLine("error", "[seed] could not render the demo artwork", { error: describeError(error) });
      process.exitCode = 1;
    }
  }
  process.off("disconnect", orphaned);
  process.disconnect?.();
}

/**
 * The pictures are drawn while the server already serves (about a minute of both cores on a
 * 2-core machine): at the lowest priority, so a resident's request, or a test's, never waits
 * behind a placeholder being replaced. Linux keeps a nice value per thread: every thread of
 * this process is lowered, and the ones sharp starts later inherit it from their creator.
 */
function yieldTheProcessor(): void {
  let threads: string[] = [];
  try {
    threads = fs.readdirSync("/proc/self/task");
  } catch {
    // Not Linux: the process's own priority is all there is.
  }
  for (const id of threads.length ? threads.map(Number) : [0]) {
    try {
      os.setPriority(id, os.constants.priority.PRIORITY_LOW);
    } catch {
      // A thread that ended meanwhile, or a system that refuses: drawing at normal priority is only slower for others.
    }
  }
}
