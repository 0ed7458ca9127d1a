/**
 * Query results kept for a few seconds between requests, so a burst of page views costs one
 * query. The server keeps two (server/http/pipeline.ts), both handed to loaders in the load context
 * and both emptied on every write, as the shared HTML cache is:
 *  - public reads: the town's catalogue (businesses, services, drivers, news, marketplace),
 *    readable by everyone alike (RLS `USING (true)`) and read as the visitor role (anon), never
 *    with a user's claims, so one result serves visitors and signed-in residents;
 *  - user reads: one resident's own badges (favorites, unread count), read with their claims
 *    and keyed by their user id from the verified session, so only they get them back.
 * Only the server that sees every write may keep these: one process per database (the
 * embedded engine allows no other), and every request, in development too, comes through it.
 */
export const READ_CACHE_TTL_MS = 30_000;
export const READ_CACHE_MAX_ENTRIES = 1_000;

type Entry = { value: Promise<unknown>; storedAt: number };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private clears = 0;
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The cached result for `key`, or `read()`'s, shared with every caller that asks while it
   * runs (a burst of requests costs one query). A result that began before a write is handed
   * to its callers but not kept; a failed read is not kept either.
   */
  read<T>(key: string, read: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.storedAt < READ_CACHE_TTL_MS) return hit.value as Promise<T>;
    if (hit) this.entries.delete(key);
    const generation = this.clears;
    const value = read().then(deepFreeze);
    if (this.entries.size >= READ_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry: Entry = { value, storedAt: this.now() };
    this.entries.set(key, entry);
    value.then(
      () => {
        if (generation !== this.clears && this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.clears += 1;
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
