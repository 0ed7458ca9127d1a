import { createHash } from "node:crypto";
import { recordRefusal } from "../metrics";
import { isIPv6 } from "node:net";
import { getDb } from "../db";
import { hitRateLimit, resetRateLimit } from "../models/rate-limits";

/**
 * Fixed-window counters, per deployment (issue #15): with PostgreSQL every server of the
 * deployment counts in one table (public.rate_limits, one statement per hit), so N servers
 * do not give an attacker N times the allowance; with PGlite, one process by design, in
 * this process's memory.
 */
export type RateLimit = { limit: number; windowMs: number };

/**
 * The counter's name as stored: its kind (before the first ":") and a hash of the rest. A
 * key holds what a client typed (a 6,000-character e-mail overflowed PostgreSQL's index on
 * rate_limits with SQLSTATE 54000, a 500) and e-mail addresses nobody needs to read back.
 */
export function storedKey(key: string): string {
  const colon = key.indexOf(":");
  const kind = colon > 0 && colon <= 32 ? key.slice(0, colon) : "key";
  return `${kind}:${createHash("sha256").update(key).digest("base64url")}`;
}

/**
 * The address a limit counts: an IPv6 client is its /64 (one home or phone is given a whole
 * /64, and would otherwise have 2^64 fresh allowances and as many rows); IPv4 as it is.
 */
export function limitAddress(address: string): string {
  if (!isIPv6(address) || address.startsWith("::ffff:")) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

export interface RateLimiter {
  /** Counts a hit; resolves to the seconds to wait when over the limit, else 0. */
  hit(key: string, rule: RateLimit, scale?: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  async hit(name: string, rule: RateLimit, scale = 1): Promise<number> {
    const at = this.now();
    const key = storedKey(name);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= at) {
      entry = { count: 0, resetAt: at + rule.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    if (this.hits.size > 50_000) this.sweep(at);
    return entry.count > rule.limit * scale ? Math.ceil((entry.resetAt - at) / 1000) : 0;
  }

  async reset(name: string): Promise<void> {
    this.hits.delete(storedKey(name));
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
    let wait: number;
    if (db.engine !== "postgres") wait = await this.memory.hit(key, rule, scale);
    else {
      const { hits, retryAfter } = await hitRateLimit(db, storedKey(key), rule.windowMs);
      wait = hits > rule.limit * scale ? retryAfter : 0;
    }
    if (wait) recordRefusal(key);
    return wait;
  }

  async reset(key: string): Promise<void> {
    const db = await getDb();
    if (db.engine !== "postgres") return this.memory.reset(key);
    await resetRateLimit(db, storedKey(key));
  }
}

export const authLimiter: RateLimiter = new SharedRateLimiter();

export const SIGN_IN_PER_IP: RateLimit = { limit: 30, windowMs: 10 * 60_000 };
export const SIGN_IN_PER_ACCOUNT: RateLimit = { limit: 10, windowMs: 10 * 60_000 };
export const SIGN_UP_PER_IP: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
export const RESET_PER_IP: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
/** E-mail confirmation (issue #25): resends per IP, mails to one address, taken phones. */
export const RESEND_PER_IP: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
export const MAIL_PER_ADDRESS: RateLimit = { limit: 3, windowMs: 60 * 60_000 };
export const PHONE_TAKEN_PER_IP: RateLimit = { limit: 5, windowMs: 60 * 60_000 };
export const EMAIL_CHANGE_PER_RESIDENT: RateLimit = { limit: 5, windowMs: 60 * 60_000 };
