/**
 * The spec's query cache (point 9) and data-fetching layer (point 7), mapped onto React
 * Router's client loaders: entries keyed by URL, fresh for 5 minutes (served without a
 * request), kept 10 minutes after last use; when the cached data passes 10 MB (measured
 * at most once a minute) the oldest 20% are dropped. Pure: the clock is passed in.
 */
export const LOADER_FRESH_MS = 5 * 60_000;
export const LOADER_KEEP_MS = 10 * 60_000;
export const LOADER_CACHE_MAX_BYTES = 10 * 1024 * 1024;
export const LOADER_SIZE_CHECK_EVERY_MS = 60_000;
export const LOADER_EVICT_FRACTION = 0.2;
export const LOADER_RETRIES = 3;
export const LOADER_RETRY_BASE_MS = 1000;
export const LOADER_RETRY_MAX_MS = 30_000;

type Entry = { data: unknown; bytes: number; fetchedAt: number; lastUsedAt: number };

export class LoaderCache {
  private readonly entries = new Map<string, Entry>();
  private lastSizeCheck = Number.NEGATIVE_INFINITY;

  /** Fresh data, or undefined (stale or missing: the caller fetches). */
  getFresh(key: string, now: number): unknown | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.lastUsedAt >= LOADER_KEEP_MS) {
      this.entries.delete(key);
      return undefined;
    }
    entry.lastUsedAt = now;
    return now - entry.fetchedAt < LOADER_FRESH_MS ? entry.data : undefined;
  }

  set(key: string, data: unknown, bytes: number, now: number): void {
    this.entries.set(key, { data, bytes, fetchedAt: now, lastUsedAt: now });
    this.collect(now);
    this.enforceSize(now);
  }

  /** Drops entries unused for 10 minutes. */
  collect(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.lastUsedAt >= LOADER_KEEP_MS) this.entries.delete(key);
  }

  /** At most once a minute: over 10 MB, the oldest 20% of entries go. Returns how many. */
  enforceSize(now: number): number {
    if (now - this.lastSizeCheck < LOADER_SIZE_CHECK_EVERY_MS) return 0;
    this.lastSizeCheck = now;
    if (this.bytes() <= LOADER_CACHE_MAX_BYTES) return 0;
    const oldest = [...this.entries.entries()].sort((a, b) => a[1].fetchedAt - b[1].fetchedAt);
    const count = Math.ceil(oldest.length * LOADER_EVICT_FRACTION);
    for (const [key] of oldest.slice(0, count)) this.entries.delete(key);
    return count;
  }

  invalidate(predicate: (key: string) => boolean = () => true): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes() };
  }
}

/** Delay before retry `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(LOADER_RETRY_BASE_MS * 2 ** attempt, LOADER_RETRY_MAX_MS);
}

/** Runs `load`, retrying a failure 3 times with exponential backoff before giving up. */
export async function withRetries<T>(load: () => Promise<T>, wait: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      // A redirect or an HTTP error answer (404, 403) is an answer, not a failure to retry.
      if (isHttpAnswer(error) || attempt >= LOADER_RETRIES) throw error;
      await wait(retryDelay(attempt));
    }
  }
}

/** Responses and React Router's error responses carry a status: the server answered. */
function isHttpAnswer(error: unknown): boolean {
  return error instanceof Response || (typeof error === "object" && error !== null && "status" in error);
}
