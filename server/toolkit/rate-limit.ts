/**
 * Fixed-window counters in memory: one server process per database (the embedded
 * engine allows no other), so one process's memory is the whole picture.
 */
export type RateLimit = { limit: number; windowMs: number };

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateLimit, scale = 1): number {
    const at = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= at) {
      entry = { count: 0, resetAt: at + rule.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    if (this.hits.size > 50_000) this.sweep(at);
    return entry.count > rule.limit * scale ? Math.ceil((entry.resetAt - at) / 1000) : 0;
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private sweep(at: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= at) this.hits.delete(key);
  }
}

export const authLimiter = new RateLimiter();

export const SIGN_IN_PER_IP: RateLimit = { limit: 30, windowMs: 10 * 60_000 };
export const SIGN_IN_PER_ACCOUNT: RateLimit = { limit: 10, windowMs: 10 * 60_000 };
export const SIGN_UP_PER_IP: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
export const RESET_PER_IP: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
