import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, HOLDER_NAME, LOCK_NAME } from "#server/db/lock";
import { currentIdentity, type Identity } from "#server/db/lock-identity";

// A server restarted after kill -9 used to wait out its own lease (20 s), since the same
// hostname and pid (a restarted container) prove nothing. Proven gone, it now takes the folder
// at once; a live holder is still refused. The production stale time is kept here, so a
// test that waited it out would blow its own 5 s budget.
const LEASE = { staleMs: 20_000, updateMs: 1_000 };
const ROOT = path.resolve(import.meta.dirname, "../..");

let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "guida-lock-restart-")));
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A process holding the folder as a server does (tests/unit/fixtures/hold-lock.ts), optionally under a given identity. */
function hold(identity?: Identity): Promise<{ child: ChildProcess; pid: number }> {
  const args = ["--import", "tsx", path.join(ROOT, "tests/unit/fixtures/hold-lock.ts"), dir, String(LEASE.staleMs), String(LEASE.updateMs)];
  const child = spawn(process.execPath, identity ? [...args, JSON.stringify(identity)] : args, { cwd: ROOT });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /locked (\d+)/.exec(output);
      if (match) resolve({ child, pid: Number(match[1]) });
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${code}): ${output}`)));
  });
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

const holder = () => JSON.parse(fs.readFileSync(path.join(dir, HOLDER_NAME), "utf8")) as Identity;

/** The same container after a restart: same hostname, boot and container file, a fresh pid namespace, pid 7 again. */
function containerRun(pidNs: string, container = "254:0:/var/lib/docker/containers/abc/hostname"): Identity {
  return { ...currentIdentity(), pid: 7, pidNs, start: "4242", container };
}

describe("a restarted server and its own lease", () => {
  it("takes at once the lock of a holder killed on this machine (same pid namespace, its pid gone)", { timeout: 5_000 }, async () => {
    const first = await hold();
    await killHard(first.child);
    expect(fs.existsSync(path.join(dir, LOCK_NAME))).toBe(true);
    const said: string[] = [];
    const began = Date.now();
    const lock = await acquireDataDirLock(dir, { ...LEASE, onTakeover: (message) => said.push(message) });
    expect(Date.now() - began).toBeLessThan(3_000);
    expect(said.join()).toContain(`pid ${first.pid}`);
    expect(said.join()).toContain("no longer running");
    expect(holder().pid).toBe(process.pid);
    await lock.release();
  });

  it("takes at once the lock a previous run of this container left (same container, new pid namespace, same pid)", { timeout: 5_000 }, async () => {
    const first = await hold(containerRun("pid:[4026532001]"));
    await killHard(first.child);
    const began = Date.now();
    const lock = await acquireDataDirLock(dir, { ...LEASE, identity: containerRun("pid:[4026532002]") });
    expect(Date.now() - began).toBeLessThan(3_000);
    expect(holder()).toMatchObject({ pid: 7, pidNs: "pid:[4026532002]" });
    await lock.release();
  });

  it("still refuses a live holder: another container on the volume under the same hostname and pid", { timeout: 10_000 }, async () => {
    await hold(containerRun("pid:[4026532001]", "254:0:/var/lib/docker/containers/one/hostname"));
    const attempt = acquireDataDirLock(dir, { ...LEASE, identity: containerRun("pid:[4026532002]", "254:0:/var/lib/docker/containers/two/hostname") });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    expect(holder().container).toBe("254:0:/var/lib/docker/containers/one/hostname");
  });

  it("still refuses a live holder in this pid namespace", { timeout: 10_000 }, async () => {
    const first = await hold();
    await expect(acquireDataDirLock(dir, LEASE)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(holder().pid).toBe(first.pid);
  });

  it("does not read a dead holder's note as describing a lock someone made since", { timeout: 10_000 }, async () => {
    const first = await hold();
    await killHard(first.child);
    // Another server took the folder a moment ago and has not written its note yet.
    fs.rmdirSync(path.join(dir, LOCK_NAME));
    fs.mkdirSync(path.join(dir, LOCK_NAME));
    const waits: string[] = [];
    const attempt = acquireDataDirLock(dir, { ...LEASE, onWait: (message) => waits.push(message) });
    // It waits to see whether that lock is refreshed; a refresh proves a live holder.
    await expect.poll(() => waits.length, { timeout: 3_000 }).toBe(1);
    fs.utimesSync(path.join(dir, LOCK_NAME), new Date(), new Date(Date.now() + 1_000));
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
  });
});
