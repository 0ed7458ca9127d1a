import fs from "node:fs";
import os from "node:os";

/**
 * Who holds the data folder, in enough detail for a restarted server to prove that the
 * holder was a previous run of itself and is gone, so that it need not wait out the lease.
 * After `kill -9` (or an OOM kill) a container restarts with the same hostname and, its
 * node being the same pid in a fresh pid namespace, the same pid: the hostname and pid
 * alone prove nothing, and the lease (20 s) made every crash a 20–45 s outage.
 *
 * The proof, on one Linux boot (`boot`) and one hostname:
 * - same pid namespace: the holder's pid is not running, or runs a process started at
 *   another time (`start`, clock ticks since boot) — its pid was reused;
 * - another pid namespace, same container (`container`: where Docker, containerd or
 *   Kubernetes mount the container's own /etc/hostname from, one file per container, kept
 *   across its restarts): a container runs once at a time and its processes die with its
 *   init, so the holder's run of it has ended. (A process that makes a pid namespace of its
 *   own inside the container and runs a second server on the same folder is not covered.)
 * Anything else (another container, another machine, a note without these fields) proves
 * nothing: the lease is waited out or refused as before.
 */
export type Identity = {
  pid: number;
  host: string;
  boot: string | null;
  pidNs: string | null;
  start: string | null;
  container: string | null;
};

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
export function processStart(pid: number | "self"): string | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] ?? null;
}

function containerOf(mountinfo: string | null): string | null {
  for (const line of mountinfo?.split("\n") ?? []) {
    const fields = line.split(" ");
    // mount id, parent id, major:minor, root, mount point, …: /etc/hostname bind-mounted from a per-container file.
    if (fields[4] === "/etc/hostname" && fields[3] && fields[3] !== "/") return `${fields[2]}:${fields[3]}`;
  }
  return null;
}

export function currentIdentity(): Identity {
  let pidNs: string | null = null;
  try {
    pidNs = fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    pidNs = null;
  }
  return {
    pid: process.pid,
    host: os.hostname(),
    boot: read("/proc/sys/kernel/random/boot_id")?.trim() || null,
    pidNs,
    start: processStart("self"),
    container: containerOf(read("/proc/self/mountinfo")),
  };
}

/** True only when `holder` is proven to be a previous run of `me` that is no longer running. */
export function provenGone(holder: Partial<Identity> | null, me: Identity, startOf: (pid: number) => string | null = processStart): boolean {
  if (!holder || !me.boot || holder.boot !== me.boot || holder.host !== me.host) return false;
  if (typeof holder.pid !== "number" || !holder.start || !holder.pidNs) return false;
  if (holder.pidNs === me.pidNs) return startOf(holder.pid) !== holder.start;
  return me.container !== null && holder.container === me.container;
}
