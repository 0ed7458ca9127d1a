import { randomUUID } from "node:crypto";
import { logLine } from "../log";
import { recordChangeLag } from "../metrics";

/**
 * What the database says was written: the channel every server of one deployment listens to
 * (issue #15). Triggers on the tables (supabase/migrations/20261125000100_changes_and_limits.sql)
 * send one NOTIFY per written row at commit; each server LISTENs on one dedicated session
 * (server/db/listen.ts on PostgreSQL, PGlite's in-process listen) and hands every change to
 * its subscribers: the caches (drop what the change touched) and, later, live pages.
 *
 *   import { changes } from "server/db/changes";
 *   const stop = changes.subscribe((change) => …);
 *
 * A change whose kind is "*" means "anything may have changed": the listener was deaf for a
 * while (reconnecting) or a bulk load announced itself once. Subscribers drop everything.
 */
export const CHANGES_CHANNEL = "guida_changes";

export type Change = {
  /** The kind of item (core/item-kinds.ts), or profile, favorite, notification; "*": anything. */
  readonly kind: string;
  /** The table written, or "*". */
  readonly table: string;
  readonly op: "insert" | "update" | "delete" | "gap";
  /** The item's id, when the row names one item of the kind. */
  readonly id: string | null;
  /** The residents the row belongs to (owner, author, the favoriting or notified resident). */
  readonly users: readonly string[];
};

export type ChangeListener = (change: Change) => void;

export const EVERYTHING: Change = Object.freeze({ kind: "*", table: "*", op: "gap", id: null, users: Object.freeze([]) });

/** How long a write's answer waits for its own announcement before dropping every cache instead. */
const SETTLE_TIMEOUT_MS = 2_000;

type Sender = (channel: string, payload: string) => Promise<void>;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly waiting = new Map<string, () => void>();
  private send: Sender | null = null;

  /** Calls `listener` with every change this server hears of, until the returned function is called. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The listening session is up: `send` notifies through the database (for settle). */
  attach(send: Sender): void {
    this.send = send;
  }

  detach(): void {
    this.send = null;
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }

  /** One NOTIFY payload as the listening session received it. */
  receive(payload: string): void {
    let parsed: Partial<Change> & { sync?: string };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      logLine("error", "unreadable change announcement", { payload: payload.slice(0, 200) });
      this.publish(EVERYTHING);
      return;
    }
    if (typeof parsed.sync === "string") {
      this.waiting.get(parsed.sync)?.();
      return;
    }
    if (parsed.kind === "*" || typeof parsed.kind !== "string") {
      this.publish(EVERYTHING);
      return;
    }
    this.publish({
      kind: parsed.kind,
      table: typeof parsed.table === "string" ? parsed.table : "*",
      op: parsed.op ?? "update",
      id: typeof parsed.id === "string" ? parsed.id : null,
      users: Array.isArray(parsed.users) ? parsed.users.filter((u): u is string => typeof u === "string") : [],
    });
  }

  /** A gap in listening (lost, reconnected): whatever was cached may be out of date. */
  gap(): void {
    this.publish(EVERYTHING);
  }

  publish(change: Change): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        logLine("error", "change listener failed", { error: String(error) });
      }
    }
  }

  /**
   * Resolves once every change committed before this call has reached the subscribers. A
   * write's answer waits for it, so the writer's next page on this server shows the write:
   * NOTIFY delivers in commit order, so our own marker comes after the write's changes.
   * If the marker does not come back in time, every cache is dropped instead.
   */
  async settle(): Promise<void> {
    const send = this.send;
    if (!send) return;
    const token = randomUUID();
    const began = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.waiting.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      await send(CHANGES_CHANNEL, JSON.stringify({ sync: token }));
      if (await heard) recordChangeLag((performance.now() - began) / 1000);
      else this.gap();
    } catch {
      this.gap();
    } finally {
      clearTimeout(timer);
      this.waiting.delete(token);
    }
  }
}

// One feed per process, on globalThis: under `npm run dev` Vite loads the pipeline's modules
// apart from the server's, and both must hear the same database.
const feedKey = Symbol.for("guida.changes");
type GlobalWithFeed = typeof globalThis & { [feedKey]?: ChangeFeed };

/** This process's feed of database changes. */
export const changes: ChangeFeed = ((globalThis as GlobalWithFeed)[feedKey] ??= new ChangeFeed());
