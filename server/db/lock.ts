import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite keeps no lock of its own on its data folder, and a second process opening it
 * corrupts it for good. This lock file names the process that holds the folder so a
 * second server stops with a clear message instead.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly holderHost: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Guida process (pid ${holderPid} on ${holderHost}). ` +
        `Stop that process first, or set DATA_DIR to another folder.`,
    );
    this.name = "DataDirLockedError";
  }
}

type LockInfo = { pid: number; host: string; startedAt: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface DataDirLock {
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "guida.lock");
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(mine), { flag: "wx" });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            const current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
            if (current.pid === mine.pid && current.startedAt === mine.startedAt) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder: LockInfo | undefined;
    try {
      holder = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
    } catch {
      holder = undefined; // unreadable: a crash while writing it; treat as stale
    }
    // A lock left by a killed process (or by this same pid, or another hostname: a
    // restarted container, where the server is pid 1 again) is stale and may be taken over.
    const stale =
      !holder ||
      holder.host !== os.hostname() ||
      holder.pid === process.pid ||
      !isAlive(holder.pid);
    if (holder && !stale) throw new DataDirLockedError(path.resolve(dataDir), holder.pid, holder.host);
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not take the lock on ${path.resolve(dataDir)}`);
}
