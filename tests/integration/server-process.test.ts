import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPGlite } from "#server/db/engines";
import { acquireDataDirLock, HOLDER_NAME, LOCK_NAME } from "#server/db/lock";
import { migrate } from "#server/db/migrate";
import { buildDemoTown } from "#server/seed/seed-data";
import {
  decodeHtml,
  ensureBuild,
  freePort,
  killChildren,
  Proc,
  ROOT,
  SERVER_BUILD,
  serverEnv,
  signIn,
  signUpConfirmed,
  startServer,
  waitUntil,
} from "./server-harness";

/** `unshare --uts` needs root: a second server under its own hostname, as in another container. */
const IS_ROOT = process.getuid?.() === 0;

// The production server as users run it (`node server.js` on the build), killed and
// restarted the hard way. Every wait is bounded; nothing sleeps for a fixed time.

let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-server-"));
  // `npm test` runs these tests before the e2e step builds, so build here when needed.
  await ensureBuild();
  expect(fs.existsSync(SERVER_BUILD)).toBe(true);
}, 250_000);

afterAll(() => {
  killChildren();
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
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_NAME), "utf8"))).toMatchObject({ pid: first.proc.pid });

    // (d) SIGTERM: exit 0, the lock released and the folder fit to open again.
    expect(await first.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, HOLDER_NAME))).toBe(false);
  });

  it.skipIf(!IS_ROOT)(
    "refuses a second server under another hostname (a second container on the volume), losing none of the first one's writes",
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(tmp, "two-containers");
      // Sign-ups are rate limited per address: scaled up, as one test client makes them all.
      const first = await startServer(dataDir, { RATE_LIMIT_SCALE: "1000" });
      await first.proc.waitForOutput(/listening on/, 120_000);
      const password = "senha-forte-2026";
      // Acknowledged and confirmed: the sign-up, then the link the server logged.
      const signUp = async (username: string) => {
        await signUpConfirmed(first, { email: `${username}@exemplo.com.br`, password, fullName: `Teste ${username}`, username });
        return username;
      };
      const acknowledged: string[] = [];
      for (let i = 0; i < 8; i++) acknowledged.push(await signUp(`antes_${i}`));

      // The same volume, another container: its own UTS namespace and hostname.
      const port = await freePort();
      const second = new Proc("unshare", ["--uts", "sh", "-c", 'hostname other-container && exec "$@"', "sh", process.execPath, "server.js"], serverEnv(dataDir, port));
      const { code } = await second.waitForExit(60_000);
      expect(code).toBe(75);
      expect(second.output).toContain(path.resolve(dataDir));
      expect(second.output).toContain(`pid ${first.proc.pid}`);
      expect(second.output).not.toMatch(/listening on/);

      // The first server goes on acknowledging writes …
      for (let i = 0; i < 7; i++) acknowledged.push(await signUp(`depois_${i}`));
      expect(await first.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });

      // … and after both stopped, every one of them is there and signs in.
      const restarted = await startServer(dataDir, { RATE_LIMIT_SCALE: "1000" });
      await restarted.proc.waitForOutput(/listening on/, 120_000);
      for (const username of acknowledged) await signIn(restarted.url, `${username}@exemplo.com.br`, password);
      expect(await restarted.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    },
  );

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
    expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(true); // left behind by the dead process

    // The dead server was a previous run on this machine, its pid gone: its lease is taken
    // over at once, not waited out (20 s).
    const restarted = await startServer(dataDir);
    await restarted.proc.waitForOutput(/listening on/);
    expect(restarted.proc.output).toContain(`pid ${crashed.proc.pid}`);
    expect(restarted.proc.output).toMatch(/a previous run of this server that is no longer running: taking it over at once/);
    expect(restarted.proc.output).not.toMatch(/waiting up to 20 s/);
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
    const lock = await acquireDataDirLock(dataDir);
    const db = await openPGlite(dataDir);
    try {
      const [counts] = await db.query<{ users: number; businesses: number; posts: number }>(`
        SELECT (SELECT count(*) FROM auth.users)::int AS users,
               (SELECT count(*) FROM public.businesses)::int AS businesses,
               (SELECT count(*) FROM public.posts)::int AS posts`);
      expect(counts).toEqual({ users: town.users.length, businesses: town.businesses.length, posts: town.posts.length });
    } finally {
      await db.close();
      await lock.release();
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

    // The dead writer's lease lapses after the stale time; age it instead of waiting.
    const lapsed = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dataDir, LOCK_NAME), lapsed, lapsed);
    const lock = await acquireDataDirLock(dataDir);
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
      await lock.release();
    }
  });
});
