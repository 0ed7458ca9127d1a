import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "../../server/db/lock";

let dir: string;
let lockPath: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-lock-"));
  lockPath = path.join(dir, "guida.lock");
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeLock(pid: number, host = os.hostname()): void {
  fs.writeFileSync(lockPath, JSON.stringify({ pid, host, startedAt: "2026-01-01T00:00:00.000Z" }));
}

function readLock(): { pid: number; host: string } {
  return JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid: number; host: string };
}

/** A pid that surely belonged to a process a moment ago and no longer does. */
function deadPid(): number {
  const child = spawnSync("/bin/sh", ["-c", "exit 0"]);
  expect(child.status).toBe(0);
  return child.pid!;
}

describe("acquireDataDirLock", () => {
  it("writes a lock file naming this process, and release removes it", () => {
    const lock = acquireDataDirLock(dir);
    expect(readLock()).toMatchObject({ pid: process.pid, host: os.hostname() });
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
    lock.release(); // twice is harmless
  });

  it("creates the data folder when it does not exist yet", () => {
    const nested = path.join(dir, "not", "there");
    const lock = acquireDataDirLock(nested);
    expect(fs.existsSync(path.join(nested, "guida.lock"))).toBe(true);
    lock.release();
  });

  it("refuses a folder held by another live process, naming the folder and its pid", () => {
    // Our parent (the test runner) is alive and is not us.
    const holder = process.ppid;
    writeLock(holder);
    let caught: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const error = caught as DataDirLockedError;
    expect(error.message).toContain(path.resolve(dir));
    expect(error.message).toContain(`pid ${holder}`);
    expect(error.holderPid).toBe(holder);
    // The holder's lock is left alone.
    expect(readLock().pid).toBe(holder);
  });

  it("takes over a lock left by a process that is gone", () => {
    writeLock(deadPid());
    const lock = acquireDataDirLock(dir);
    expect(readLock().pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it("takes over an unreadable lock file (a crash while writing it)", () => {
    fs.writeFileSync(lockPath, "{\"pid\": 12");
    const lock = acquireDataDirLock(dir);
    expect(readLock().pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock from another host name (a restarted container)", () => {
    writeLock(process.ppid, `${os.hostname()}-old-container`);
    const lock = acquireDataDirLock(dir);
    expect(readLock()).toMatchObject({ pid: process.pid, host: os.hostname() });
    lock.release();
  });

  it("does not remove a lock that another process has taken over since", () => {
    const lock = acquireDataDirLock(dir);
    writeLock(process.ppid);
    lock.release();
    expect(readLock().pid).toBe(process.ppid);
  });
});
