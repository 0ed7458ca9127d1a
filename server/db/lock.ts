import fs from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
import { currentIdentity, type Identity, provenGone } from "./lock-identity";

/**
 * PGlite keeps no lock of its own on its data folder, and a second process opening it
 * corrupts it (or silently loses one side's writes). The folder is held by a lease:
 * `guida.lock`, a directory made atomically by `proper-lockfile`, whose holder touches it
 * every UPDATE_MS. The lease is stale only when nobody touched it for STALE_MS, so it holds
 * across processes that cannot see each other's pids or share a hostname (two containers
 * on one volume), and a lock left by a killed process frees itself after STALE_MS.
 *
 * Taking over a stale lock is ours, not proper-lockfile's: its own takeover (stat, see it
 * stale, rmdir, mkdir) lets two servers that start together after a crash both see the
 * stale lock, the second then removing the lock the first just made, and both open the
 * folder. Here each stale lock can be claimed once (`guida.lock.takeover-<its identity>.<n>`,
 * made with an atomic mkdir): only the claimant removes it, after checking that it is still
 * the lock it saw, and then takes the folder as anyone takes a free one. proper-lockfile is
 * only asked to lock a folder whose lock was absent a moment before, so its own takeover
 * never runs. A claimant that dies mid-takeover leaves a claim that goes stale in turn; the
 * next attempt number is then claimable.
 *
 * A lease whose holder is proven to be a previous run of this very server that is no longer
 * running (./lock-identity.ts: a restart after kill -9 in the same container) is taken over
 * at once instead of waited out; the note must name the lock directory it was written for
 * (`lock`: its inode and birth time), so a note left by a dead holder is never read as
 * describing a lock someone made since.
 */
export const LOCK_STALE_MS = 20_000;
export const LOCK_UPDATE_MS = 5_000;

/** The lock directory, and the note beside it naming who holds it (for messages only). */
export const LOCK_NAME = "guida.lock";
export const HOLDER_NAME = "guida.lock.json";
const TAKEOVER_PREFIX = `${LOCK_NAME}.takeover-`;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
    readonly holderHost: string | null,
    staleMs: number,
  ) {
    const who = holderPid === null ? "another Guida process" : `another Guida process (pid ${holderPid} on ${holderHost})`;
    super(
      `The data folder ${dataDir} is in use by ${who}, which keeps its lock fresh. ` +
        `Stop that process first, or set DATA_DIR to another folder. ` +
        `(A lock left by a process that was killed frees itself ${Math.round(staleMs / 1000)} s after its last refresh.)`,
    );
    this.name = "DataDirLockedError";
  }
}

/** The data folder cannot be written by this process (a root-owned bind mount, a read-only mount). */
export class DataDirUnwritableError extends Error {
  constructor(dataDir: string, code: string) {
    const uid = process.getuid?.() ?? "?";
    const gid = process.getgid?.() ?? "?";
    super(
      `The data folder ${dataDir} is not writable by this process (uid ${uid}, gid ${gid}): ${code}. ` +
        `Give it to that user (for a bind mount, on the host: chown -R ${uid}:${gid} <folder>) or use a Docker volume, which the image prepares for it.`,
    );
    this.name = "DataDirUnwritableError";
  }
}

/** Creates the folder if needed and checks this process may write in it. */
function writableFolder(dataDir: string): string {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
    return fs.realpathSync(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") throw new DataDirUnwritableError(dataDir, code);
    throw error;
  }
}

export type LockHolder = Identity & { startedAt: string; lock: string | null };

export interface DataDirLock {
  release(): Promise<void>;
}

export type LockOptions = {
  staleMs?: number;
  updateMs?: number;
  /** Told once when a fresh-looking lock is found and may be a crashed holder's. */
  onWait?: (message: string) => void;
  /** Told when a fresh-looking lock is taken over at once, its holder proven gone. */
  onTakeover?: (message: string) => void;
  /** This process as the holder note describes it (tests pretend to be a restarted container). */
  identity?: Identity;
  /**
   * The lease was lost while held (not refreshed for staleMs: a frozen process), so
   * another process may have the folder now. The default stops this process at once,
   * without closing the database: closing would write to a folder that is not ours.
   */
  onLost?: (error: Error) => void;
};

function readHolder(dataDir: string): Partial<LockHolder> | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_NAME), "utf8")) as Partial<LockHolder>;
  } catch {
    return null;
  }
}

/**
 * One lock directory as seen at one moment: another instance, or a refresh, changes `id`;
 * `born` names the directory for as long as it exists (null where the filesystem keeps no
 * birth time).
 */
type LockSeen = { id: string; mtimeMs: number; born: string | null };

async function lookAtLock(lockPath: string): Promise<LockSeen | null> {
  try {
    const stat = await fs.promises.stat(lockPath, { bigint: true });
    const born = stat.birthtimeNs > 0n ? `${stat.ino}-${stat.birthtimeNs}` : null;
    return { id: `${stat.ino}-${stat.mtimeNs}`, mtimeMs: Number(stat.mtimeMs), born };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function removeEntries(folder: string, prefix: string): Promise<void> {
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => fs.promises.rmdir(path.join(folder, name)).catch(() => {})));
}

/**
 * Removes the stale lock `seen` if this process wins its claim: true when the folder is worth
 * looking at again at once (the lock is gone, by our hand or another's), false when someone
 * else is taking it over right now.
 */
async function removeStaleLock(folder: string, lockPath: string, seen: LockSeen, staleMs: number): Promise<boolean> {
  const prefix = `${TAKEOVER_PREFIX}${seen.id}.`;
  const attempts = (await fs.promises.readdir(folder))
    .filter((name) => name.startsWith(prefix))
    .map((name) => Number(name.slice(prefix.length)))
    .filter((n) => Number.isInteger(n) && n > 0);
  const last = attempts.length > 0 ? Math.max(...attempts) : 0;
  if (last > 0) {
    const claimed = await lookAtLock(path.join(folder, `${prefix}${last}`));
    // A claimant at work (a takeover takes milliseconds); one that died leaves a stale claim.
    if (claimed && claimed.mtimeMs >= Date.now() - staleMs) return false;
  }
  try {
    await fs.promises.mkdir(path.join(folder, `${prefix}${last + 1}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    const now = await lookAtLock(lockPath);
    // Taken over (or given back) since we looked: what is there now is someone's live lock.
    if (now?.id !== seen.id) return true;
    await fs.promises.rmdir(lockPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    return true;
  } finally {
    await removeEntries(folder, prefix);
  }
}

function loseLock(error: Error): void {
  console.error(`[guida] lost the data-folder lock (${error.message}); stopping at once so two processes never write one folder`);
  process.exit(75);
}

/**
 * Takes the data folder's lease. A lock someone keeps refreshing is refused with
 * DataDirLockedError as soon as a refresh is seen (within updateMs); a lock nobody
 * refreshes (its holder was killed) is waited out, at most staleMs, then taken over.
 */
export async function acquireDataDirLock(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const updateMs = options.updateMs ?? LOCK_UPDATE_MS;
  const folder = writableFolder(dataDir);
  const lockPath = path.join(folder, LOCK_NAME);
  let watched: string | null = null;
  let release: () => Promise<void>;
  let released = false;
  const onLost = options.onLost ?? loseLock;
  const me = options.identity ?? currentIdentity();
  for (;;) {
    const seen = await lookAtLock(lockPath);
    if (seen === null) {
      // A free folder: proper-lockfile's mkdir is atomic, so of all who found it free, one gets it.
      try {
        release = await lockfile.lock(folder, {
          lockfilePath: lockPath,
          realpath: false,
          stale: staleMs,
          update: updateMs,
          onCompromised: (error) => {
            if (!released) onLost(error);
          },
        });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
        continue; // someone took it a moment ago: look at their lock
      }
    }
    const holder = readHolder(folder);
    const gone = seen.born !== null && holder?.lock === seen.born && provenGone(holder, me);
    // proper-lockfile's own rule for a lease nobody refreshed.
    if (seen.mtimeMs < Date.now() - staleMs || gone) {
      if (gone) options.onTakeover?.(`The data folder ${folder} was locked by pid ${holder?.pid} on ${holder?.host}, a previous run of this server that is no longer running: taking it over at once.`);
      if (await removeStaleLock(folder, lockPath, seen, staleMs)) continue;
    } else {
      if (watched === null) {
        watched = seen.id;
        const age = Math.max(0, Math.round((Date.now() - seen.mtimeMs) / 1000));
        options.onWait?.(
          `The data folder ${folder} is locked${holder ? ` by pid ${holder.pid} on ${holder.host}` : ""}, last refreshed ${age} s ago: ` +
            `waiting up to ${Math.round(staleMs / 1000)} s to see whether its holder is alive (a killed server's lock frees itself then).`,
        );
      } else if (seen.id !== watched) {
        // Refreshed (or taken over) while we watched: a live holder.
        throw new DataDirLockedError(folder, holder?.pid ?? null, holder?.host ?? null, staleMs);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, updateMs / 4)));
  }
  // Claims left by takers that died mid-takeover are about locks that no longer exist.
  await removeEntries(folder, TAKEOVER_PREFIX);

  const mine: LockHolder = { ...me, startedAt: new Date().toISOString(), lock: (await lookAtLock(lockPath))?.born ?? null };
  fs.writeFileSync(path.join(folder, HOLDER_NAME), JSON.stringify(mine));
  return {
    async release() {
      if (released) return;
      released = true;
      const holder = readHolder(folder);
      // Another process took the folder over since (our lease had lapsed): its lock and
      // note stay, and the loss our refresh timer is about to report no longer matters.
      if (holder?.pid !== mine.pid || holder.startedAt !== mine.startedAt) return;
      fs.rmSync(path.join(folder, HOLDER_NAME), { force: true });
      await release().catch((error: NodeJS.ErrnoException) => {
        // Already lost (the loss was reported) or released: nothing left to give back.
        if (error.code !== "ERELEASED" && error.code !== "ENOTACQUIRED") throw error;
      });
    },
  };
}
