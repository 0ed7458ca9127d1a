import { getDb } from "../db";
import { hitRateLimit, resetRateLimit } from "../models/rate-limits";

/**
 * Fixed-window counters, per deployment (issue #15): with PostgreSQL every server of the
 * deployment counts in one table (public.rate_limits, one statement per hit), so N servers
 * do not give an attacker N times the allowance; with PGlite, one process by design, in
 * this process's memory.
 */
export type RateLimit = { limit: number; windowMs: number };

export interface RateLimiter {
  /** Counts a hit; resolves to the seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateLimit, scale?: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, rule: RateLimit, scale = 1): Promise<number> {
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

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private sweep(at: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= at) this.hits.delete(key);
  }
}

/** The deployment's limits: in PostgreSQL when the database is, else in memory. */
export class SharedRateLimiter implements RateLimiter {
  private readonly memory = new MemoryRateLimiter();

  async hit(key: string, rule: RateLimit, scale = 1): Promise<number> {
    const db = await getDb();
    if (db.engine !== "postgres") return this.memory.hit(key, rule, scale);
    const { hits, retryAfter } = await hitRateLimit(db, key, rule.windowMs);
    return hits > rule.limit * scale ? retryAfter : 0;
  }

  async reset(key: string): Promise<void> {
    const db = await getDb();
    if (db.engine !== "postgres") return this.memory.reset(key);
    await resetRateLimit(db, key);
  }
}

export const authLimiter: RateLimiter = new SharedRateLimiter();

export const SIGN_IN_PER_IP: RateLimit = { limit: 30, windowMs: 10 * 60_000 };
export const SIGN_IN_PER_ACCOUNT: RateLimit = { limit: 10, windowMs: 10 * 60_000 };
export const SIGN_UP_PER_IP: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
export const RESET_PER_IP: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
