import type { Queryable } from "../db";

/**
 * One hit on a shared rate-limit counter (public.hit_rate_limit, issue #15): the hits of the
 * current window so far, this one included, and the seconds until the window ends. Expired
 * counters are swept now and then by the same call (1 in 200), so the table stays small.
 */
export async function hitRateLimit(db: Queryable, key: string, windowMs: number): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await db.query<{ hits: number; retry_after: number }>(`SELECT hits, retry_after FROM public.hit_rate_limit($1, $2)`, [
    key,
    windowMs,
  ]);
  if (Math.random() < 0.005) await db.query(`DELETE FROM public.rate_limits WHERE reset_at < now()`);
  return { hits: row?.hits ?? 1, retryAfter: row?.retry_after ?? 1 };
}

export async function resetRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query(`DELETE FROM public.rate_limits WHERE key = $1`, [key]);
}
