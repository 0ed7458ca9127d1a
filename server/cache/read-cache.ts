import type { Change } from "../db/changes";
import { ANY, type Dependency, isTouchedBy } from "./dependencies";

/**
 * Query results kept between requests, so a burst of page views costs one query. The server
 * keeps two (server/http/pipeline.ts), both handed to loaders in the load context:
 *  - public reads: the town's catalogue (businesses, services, drivers, news, marketplace),
 *    readable by everyone alike (RLS `USING (true)`) and read as the visitor role (anon), never
 *    with a user's claims, so one result serves visitors and signed-in residents;
 *  - user reads: one resident's own badges (favorites, unread count), read with their claims
 *    and keyed by their user id from the verified session, so only they get them back.
 * Each entry knows what it was made of (a Dependency); a change the database announces
 * (server/db/changes.ts, heard by every server of the deployment) drops the entries it
 * touches and no other (issue #15).
 *
 * Past READ_CACHE_TTL_MS an entry is stale: it is still answered, for READ_CACHE_STALE_MS
 * more, while one caller reads it again (stale-while-revalidate). Changes are announced, so
 * staleness here only bounds how long an unannounced change (none are known) could linger.
 */
export const READ_CACHE_TTL_MS = 30_000;
export const READ_CACHE_STALE_MS = 30_000;
export const READ_CACHE_MAX_ENTRIES = 1_000;

type Entry = { value: Promise<unknown>; storedAt: number; dependency: Dependency; refreshing: boolean };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** `keep: false` (SERVER_CACHES=off, benchmarks) stores nothing: every read runs. */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly keep = true,
  ) {}

  /**
   * The cached result for `key`, or `read()`'s, shared with every caller that asks while it
   * runs (a burst of requests costs one query). A result a change overtook (the change came
   * while it was read) is handed to its callers but not kept; a failed read is not kept either.
   */
  read<T>(key: string, read: () => Promise<T>, dependency: Dependency = ANY): Promise<T> {
    if (!this.keep) return read().then(deepFreeze);
    const hit = this.entries.get(key);
    if (hit) {
      const age = this.now() - hit.storedAt;
      if (age < READ_CACHE_TTL_MS) return hit.value as Promise<T>;
      if (age < READ_CACHE_TTL_MS + READ_CACHE_STALE_MS) {
        if (!hit.refreshing) this.refresh(key, hit, read);
        return hit.value as Promise<T>;
      }
      this.entries.delete(key);
    }
    const value = read().then(deepFreeze);
    if (this.entries.size >= READ_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry: Entry = { value, storedAt: this.now(), dependency, refreshing: false };
    this.entries.set(key, entry);
    // A change drops the entry (invalidate) even while it is being read: the result then
    // reaches its callers but is not found again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** One read in the background for a stale entry; its result replaces the entry if nothing touched it meanwhile. */
  private refresh(key: string, stale: Entry, read: () => Promise<unknown>): void {
    stale.refreshing = true;
    const startedAt = this.now();
    read()
      .then(deepFreeze)
      .then(
        (fresh) => {
          if (this.entries.get(key) !== stale) return;
          this.entries.delete(key); // to the end of the eviction order
          this.entries.set(key, { value: Promise.resolve(fresh), storedAt: startedAt, dependency: stale.dependency, refreshing: false });
        },
        () => {
          stale.refreshing = false;
        },
      );
  }

  /** Drops every entry the change touched. */
  invalidate(change: Change): void {
    for (const [key, entry] of this.entries) if (isTouchedBy(entry.dependency, change)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Shared results are read-only: a render that tried to change one would change it for everyone. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The minute `now` falls in: open-now rules compare HH:MM, so a minute's results are all alike. */
export function minuteOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}
