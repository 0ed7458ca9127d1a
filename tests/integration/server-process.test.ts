import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPGlite } from "../../server/db/engines";
import { acquireDataDirLock } from "../../server/db/lock";
import { migrate } from "../../server/db/migrate";
import { buildDemoTown } from "../../server/db/seed-data";

// The production server as users run it (`node server.js` on the build), killed and
// restarted the hard way. Every wait is bounded; nothing sleeps for a fixed time.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
const WAIT_MS = 60_000;

const children = new Set<ChildProcess>();
let tmp: string;

/** A child process with its output captured and awaitable. */
class Proc {
  readonly child: ChildProcess;
  output = "";
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly listeners = new Set<() => void>();

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    children.add(this.child);
    const take = (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
      for (const listener of this.listeners) listener();
    };
    this.child.stdout!.on("data", take);
    this.child.stderr!.on("data", take);
    this.exited = new Promise((resolve) => {
      // "close", not "exit": by then both pipes are drained, so output is complete.
      this.child.once("close", (code, signal) => {
        children.delete(this.child);
        resolve({ code, signal });
        for (const listener of this.listeners) listener();
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once the output matches; fails if the process ends first or time runs out. */
  waitForOutput(pattern: RegExp | ((output: string) => boolean), timeoutMs = WAIT_MS): Promise<void> {
    const matches = typeof pattern === "function" ? pattern : (output: string) => pattern.test(output);
    return new Promise((resolve, reject) => {
      const check = () => {
        if (matches(this.output)) return done(resolve);
        if (!this.running) done(() => reject(new Error(`process ended before printing ${pattern}:\n${this.output}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${this.output}`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        settle();
      };
      this.listeners.add(check);
      check();
    });
  }

  async waitForExit(timeoutMs = WAIT_MS): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms:\n${this.output}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.kill(signal);
    return this.waitForExit();
  }
}

/** Polls a condition that no event announces (a file appearing), within a bound. */
async function waitUntil(condition: () => boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "auto",
  };
  // The embedded engine with local accounts, whatever the shell running the tests has set.
  for (const name of ["DATABASE_URL", "SUPABASE_URL", "SUPABASE_ANON_KEY", "PUBLIC_URL", "SMTP_URL"]) delete env[name];
  return env;
}

async function startServer(dataDir: string): Promise<{ proc: Proc; url: string }> {
  const port = await freePort();
  const proc = new Proc(process.execPath, ["server.js"], serverEnv(dataDir, port));
  return { proc, url: `http://127.0.0.1:${port}` };
}

function decodeHtml(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Sources newer than the server build mean the build would test old code. */
function buildIsStale(): boolean {
  if (!fs.existsSync(SERVER_BUILD)) return true;
  const built = fs.statSync(SERVER_BUILD).mtimeMs;
  const newest = (entry: string): number => {
    const stat = fs.statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
  };
  const sources = ["app", "server", "vite.config.ts", "react-router.config.ts", "server.js"].map((p) => path.join(ROOT, p));
  return sources.some((source) => fs.existsSync(source) && newest(source) > built);
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-server-"));
  // `npm test` runs these tests before the e2e step builds, so build here when needed.
  if (buildIsStale()) {
    try {
      await promisify(execFile)(process.execPath, [path.join(ROOT, "node_modules", ".bin", "react-router"), "build"], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production" },
        timeout: 170_000,
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      throw new Error(`react-router build failed:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`, { cause: error });
    }
  }
  expect(fs.existsSync(SERVER_BUILD)).toBe(true);
}, 180_000);

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the production server (node server.js)", () => {
  it("keeps a second server off its data folder, and stops cleanly on SIGTERM", { timeout: 120_000 }, async () => {
    const dataDir = path.join(tmp, "shared");
    const first = await startServer(dataDir);
    await first.proc.waitForOutput(/listening on/);
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "pglite" });

    // (a) The second process refuses the folder, naming it and the pid that holds it.
    const second = await startServer(dataDir);
    const { code } = await second.proc.waitForExit();
    expect(code).not.toBe(0);
    expect(second.proc.output).toContain(path.resolve(dataDir));
    expect(second.proc.output).toContain(`pid ${first.proc.pid}`);
    expect(first.proc.running).toBe(true);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "guida.lock"), "utf8"))).toMatchObject({ pid: first.proc.pid });

    // (d) SIGTERM: exit 0, the lock released and the folder fit to open again.
    expect(await first.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, "guida.lock"))).toBe(false);
  });

  it("recovers from SIGKILL in the middle of seeding the demo town", { timeout: 150_000 }, async () => {
    const dataDir = path.join(tmp, "seeding");
    const town = buildDemoTown();

    const crashed = await startServer(dataDir);
    // The seed writes its artwork job list right before the one transaction that inserts
    // the town: once the file is there, the server is seeding.
    await waitUntil(() => fs.existsSync(path.join(dataDir, "seed-artwork.json")) || !crashed.proc.running, "the seed to start");
    expect(crashed.proc.running).toBe(true);
    expect(await crashed.proc.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    // Killed before the database was reported ready: the seed had not finished.
    expect(crashed.proc.output).not.toMatch(/database ready/);
    expect(fs.existsSync(path.join(dataDir, "guida.lock"))).toBe(true); // left behind by the dead process

    const restarted = await startServer(dataDir);
    await restarted.proc.waitForOutput(/listening on/);
    // The killed seed's transaction never committed, so the town is seeded afresh.
    expect(restarted.proc.output).toMatch(/demo town seeded/);
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    const home = await fetch(`${restarted.url}/`);
    expect(home.status).toBe(200);
    const page = decodeHtml(await home.text());
    const demoNames = [...town.businesses.map((b) => b.name), ...town.news.map((n) => n.title)];
    expect(demoNames.some((name) => page.includes(name))).toBe(true);
    expect(await restarted.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });

    // Exactly one town: the interrupted seed left nothing half-done behind.
    const lock = acquireDataDirLock(dataDir);
    const db = await openPGlite(dataDir);
    try {
      const [counts] = await db.query<{ users: number; businesses: number; posts: number }>(`
        SELECT (SELECT count(*) FROM auth.users)::int AS users,
               (SELECT count(*) FROM public.businesses)::int AS businesses,
               (SELECT count(*) FROM public.posts)::int AS posts`);
      expect(counts).toEqual({ users: town.users.length, businesses: town.businesses.length, posts: town.posts.length });
    } finally {
      await db.close();
      lock.release();
    }
  });

  it("keeps every write it reported committed through a SIGKILL", { timeout: 150_000 }, async () => {
    const dataDir = path.join(tmp, "writes");
    const writer = new Proc(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "tests", "integration", "fixtures", "write-loop.ts"), dataDir],
      { ...process.env, NODE_ENV: "production" },
    );
    // Let it get well into its loop, then kill it wherever it is.
    await writer.waitForOutput((output) => (output.match(/^committed /gm)?.length ?? 0) >= 40);
    expect(await writer.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    const committed = [...writer.output.matchAll(/^committed (\S+)$/gm)].map((m) => m[1]!);
    expect(committed.length).toBeGreaterThanOrEqual(40);

    const lock = acquireDataDirLock(dataDir); // the dead writer's lock is taken over
    const db = await openPGlite(dataDir);
    try {
      const posts = await db.query<{ id: string; has_poll: boolean }>(
        `SELECT p.id, EXISTS (SELECT 1 FROM public.polls pl WHERE pl.post_id = p.id) AS has_poll FROM public.posts p`,
      );
      const present = new Set(posts.map((p) => p.id));
      expect(committed.filter((id) => !present.has(id))).toEqual([]);
      // At most the one transaction in flight at the kill may have committed unreported.
      expect(posts.length - committed.length).toBeGreaterThanOrEqual(0);
      expect(posts.length - committed.length).toBeLessThanOrEqual(1);
      expect(posts.filter((p) => !p.has_poll)).toEqual([]);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
      lock.release();
    }
  });
});
