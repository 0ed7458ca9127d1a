import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acquireDataDirLock, DataDirLockedError, HOLDER_NAME, LOCK_NAME } from "#server/db/lock";

// The lease's timings are shortened here (proper-lockfile's floors: stale 2 s, refresh 1 s),
// so a test that waits for a lease to lapse or be refreshed waits about a second.
const FAST = { staleMs: 2_000, updateMs: 1_000 };
const ROOT = path.resolve(import.meta.dirname, "../..");
const IS_ROOT = process.getuid?.() === 0;

let dir: string;
let lockPath: string;
let holderPath: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "guida-lock-")));
  lockPath = path.join(dir, LOCK_NAME);
  holderPath = path.join(dir, HOLDER_NAME);
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

function readHolder(): { pid: number; host: string } {
  return JSON.parse(fs.readFileSync(holderPath, "utf8")) as { pid: number; host: string };
}

/** Leaves behind what a server killed with SIGKILL leaves: the lock and its note, last touched `ageMs` ago. */
function leaveCrashedLock(ageMs: number, host = os.hostname(), folder = dir): number {
  const child = spawnSync("/bin/sh", ["-c", "exit 0"]);
  fs.mkdirSync(path.join(folder, LOCK_NAME));
  fs.writeFileSync(path.join(folder, HOLDER_NAME), JSON.stringify({ pid: child.pid, host, startedAt: "2026-01-01T00:00:00.000Z" }));
  const touched = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(folder, LOCK_NAME), touched, touched);
  return child.pid!;
}

/** A process that takes a folder's lock when told to (tests/unit/fixtures/race-lock.ts). */
async function startRacer(): Promise<{ pid: number; lines: string[]; send(line: string): void; next(): Promise<string> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/unit/fixtures/race-lock.ts"), String(FAST.staleMs), String(FAST.updateMs)], { cwd: ROOT });
  children.push(child);
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffered = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      // "lease-lost" is kept in `lines` for the test to check; it answers no command.
      if (line !== "lease-lost") waiting.shift()?.(line);
    }
  });
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`a racer exited (${code}): ${stderr}`))));
  const next = () => Promise.race([new Promise<string>((resolve) => waiting.push(resolve)), exited]);
  expect(await next()).toBe("ready");
  return { pid: child.pid!, lines, send: (line) => child.stdin!.write(`${line}\n`), next };
}

/** Another process holding the folder, optionally under another hostname (its own UTS namespace; root only). */
function holdInAnotherProcess(hostname?: string): Promise<{ child: ChildProcess; pid: number; host: string }> {
  const node = [process.execPath, "--import", "tsx", path.join(ROOT, "tests/unit/fixtures/hold-lock.ts"), dir, String(FAST.staleMs), String(FAST.updateMs)];
  const child = hostname
    ? spawn("unshare", ["--uts", "sh", "-c", `hostname ${hostname} && exec "$@"`, "sh", ...node], { cwd: ROOT })
    : spawn(node[0]!, node.slice(1), { cwd: ROOT });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /locked (\d+) (\S+)/.exec(output);
      if (match) resolve({ child, pid: Number(match[1]), host: match[2]! });
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${code}): ${output}`)));
  });
}

async function refusal(promise: Promise<unknown>): Promise<DataDirLockedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirLockedError);
    return error as DataDirLockedError;
  }
  throw new Error("the lock was granted");
}

describe("acquireDataDirLock", () => {
  it("holds the folder under a note naming this process, and release gives both back", async () => {
    const lock = await acquireDataDirLock(dir, FAST);
    expect(fs.statSync(lockPath).isDirectory()).toBe(true);
    expect(readHolder()).toMatchObject({ pid: process.pid, host: os.hostname() });
    await lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
    expect(fs.existsSync(holderPath)).toBe(false);
    await lock.release(); // twice is harmless
  });

  it("creates the data folder when it does not exist yet", async () => {
    const nested = path.join(dir, "not", "there");
    const lock = await acquireDataDirLock(nested, FAST);
    expect(fs.existsSync(path.join(nested, LOCK_NAME))).toBe(true);
    await lock.release();
  });

  it("keeps its lease fresh while held", async () => {
    const lock = await acquireDataDirLock(dir, FAST);
    const first = fs.statSync(lockPath).mtimeMs;
    await vi.waitFor(() => expect(fs.statSync(lockPath).mtimeMs).toBeGreaterThan(first), { timeout: 3 * FAST.updateMs, interval: 50 });
    await lock.release();
  });

  it("refuses a folder whose holder is alive in another process, naming the folder and its pid", async () => {
    const holder = await holdInAnotherProcess();
    const error = await refusal(acquireDataDirLock(dir, FAST));
    expect(error.message).toContain(dir);
    expect(error.message).toContain(`pid ${holder.pid}`);
    expect(error.holderPid).toBe(holder.pid);
    // The holder's lock is left alone.
    expect(readHolder().pid).toBe(holder.pid);
    expect(fs.existsSync(lockPath)).toBe(true);
  });

  it.skipIf(!IS_ROOT)("refuses a holder under another hostname (another container on the same volume)", async () => {
    const holder = await holdInAnotherProcess("other-container");
    expect(holder.host).toBe("other-container");
    expect(holder.host).not.toBe(os.hostname());
    const error = await refusal(acquireDataDirLock(dir, FAST));
    expect(error.holderHost).toBe("other-container");
    expect(readHolder()).toMatchObject({ pid: holder.pid, host: "other-container" });
  });

  it("takes over at once a lock nobody refreshed for longer than the stale time", async () => {
    leaveCrashedLock(FAST.staleMs + 60_000, `${os.hostname()}-old-container`);
    const waits: string[] = [];
    const lock = await acquireDataDirLock(dir, { ...FAST, onWait: (message) => waits.push(message) });
    expect(waits).toEqual([]);
    expect(readHolder()).toMatchObject({ pid: process.pid, host: os.hostname() });
    await lock.release();
  });

  it("waits out a freshly left lock (a server killed a moment ago), saying so, then takes it", async () => {
    const deadPid = leaveCrashedLock(0);
    const waits: string[] = [];
    const began = Date.now();
    const lock = await acquireDataDirLock(dir, { ...FAST, onWait: (message) => waits.push(message) });
    const waited = Date.now() - began;
    expect(waits).toHaveLength(1);
    expect(waits[0]).toContain(`pid ${deadPid}`);
    expect(waits[0]).toContain("waiting up to 2 s");
    expect(waited).toBeGreaterThanOrEqual(FAST.staleMs - 100);
    expect(waited).toBeLessThan(FAST.staleMs + 2_000);
    expect(readHolder().pid).toBe(process.pid);
    await lock.release();
  });

  it("lets exactly one of two servers starting at the same moment take over a crashed server's lock", { timeout: 60_000 }, async () => {
    // Two processes (proper-lockfile keeps per-process state), each round a folder whose lock
    // a crashed server left long ago. Both look at the stale lock before either acts on it
    // (the fixture holds each one's first look until told to continue); then one acts, then
    // the other, on what it saw. Exactly one may hold the folder; the other is refused once
    // the winner's refresh shows a live holder. A lease lost by a winner would mean that two
    // processes believed they held the folder, however briefly.
    const racers = await Promise.all([startRacer(), startRacer()]);
    for (let round = 0; round < 4; round += 1) {
      const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "guida-lock-race-")));
      leaveCrashedLock(FAST.staleMs + 60_000, "old-container", folder);
      // Who acts first alternates: the outcome must not depend on it.
      const [first, second] = round % 2 === 0 ? racers : [racers[1]!, racers[0]!];
      try {
        const seen = racers.map((racer) => racer.next());
        for (const racer of racers) racer.send(`go ${folder}`);
        expect(await Promise.all(seen)).toEqual(["seen", "seen"]);
        const firstAnswer = first!.next();
        first!.send("continue");
        expect(await firstAnswer, `round ${round + 1}: the first to act`).toBe("won");
        const secondAnswer = second!.next();
        second!.send("continue");
        expect(await secondAnswer, `round ${round + 1}: the second, acting on the stale lock it saw`).toBe("refused");
        expect(JSON.parse(fs.readFileSync(path.join(folder, HOLDER_NAME), "utf8")).pid).toBe(first!.pid);

        const released = first!.next();
        first!.send("release");
        expect(await released).toBe("released");
        expect(racers.flatMap((racer) => racer.lines).filter((line) => line === "lease-lost"), `round ${round + 1}`).toEqual([]);
        // Nothing of the takeover stays behind: a clean release leaves the folder empty.
        expect(fs.readdirSync(folder)).toEqual([]);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    }
  });

  it("takes over a crashed server's lock even when a taker died mid-takeover, and leaves no claim behind", async () => {
    leaveCrashedLock(FAST.staleMs + 60_000);
    const stat = fs.statSync(lockPath, { bigint: true });
    // The claim of a process that died between claiming the stale lock and removing it.
    const claim = path.join(dir, `${LOCK_NAME}.takeover-${stat.ino}-${stat.mtimeNs}.1`);
    fs.mkdirSync(claim);
    const old = new Date(Date.now() - FAST.staleMs - 1_000);
    fs.utimesSync(claim, old, old);
    const lock = await acquireDataDirLock(dir, FAST);
    expect(readHolder().pid).toBe(process.pid);
    expect(fs.readdirSync(dir).sort()).toEqual([LOCK_NAME, HOLDER_NAME].sort());
    await lock.release();
  });

  it("leaves alone a lock that another process has taken over since", async () => {
    const lost: Error[] = [];
    const lock = await acquireDataDirLock(dir, { ...FAST, onLost: (error) => lost.push(error) });
    // Our lease lapsed (a frozen process) and someone else took the folder.
    fs.rmdirSync(lockPath);
    fs.mkdirSync(lockPath);
    fs.writeFileSync(holderPath, JSON.stringify({ pid: process.ppid, host: "elsewhere", startedAt: "2026-01-01T00:00:00.000Z" }));
    await lock.release();
    expect(fs.existsSync(lockPath)).toBe(true);
    expect(readHolder().pid).toBe(process.ppid);
  });

  it("reports a lease lost while held, so the server can stop before writing", async () => {
    const lost: Error[] = [];
    const lock = await acquireDataDirLock(dir, { ...FAST, onLost: (error) => lost.push(error) });
    fs.rmdirSync(lockPath);
    fs.mkdirSync(lockPath); // another process's lock now
    await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 3 * FAST.updateMs, interval: 50 });
    await lock.release();
  });
});
