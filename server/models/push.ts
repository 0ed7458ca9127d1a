import type { Queryable } from "../db";

/**
 * Web Push (issue #31): a resident's devices (push_subscriptions, under RLS) and the queue of
 * messages the servers send (push_outbox, the database owner's only). The schema and why it is
 * shaped so: supabase/migrations/20261202000500_web_push.sql.
 */

/** The switch's choices, in the order /notifications lists them. */
export const PUSH_KINDS = ["comment", "vote", "moderation", "favorite"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export type DeviceSubscription = { endpoint: string; p256dh: string; auth: string };

/** The caller's device, with the kinds chosen (the endpoint becomes the caller's). Runs as the caller. */
export async function saveSubscription(tx: Queryable, device: DeviceSubscription, kinds: readonly PushKind[]): Promise<void> {
  await tx.query(`SELECT public.save_push_subscription($1, $2, $3, $4::text[])`, [device.endpoint, device.p256dh, device.auth, kinds]);
}

/** Forgets the caller's device; RLS makes someone else's endpoint match no row. Runs as the caller. */
export async function deleteSubscription(tx: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const rows = await tx.query(`DELETE FROM public.push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id`, [userId, endpoint]);
  return rows.length > 0;
}

/** The kinds each of the caller's devices receives, by endpoint (the page finds its own). Runs as the caller. */
export async function devicesOf(tx: Queryable, userId: string): Promise<Record<string, PushKind[]>> {
  const rows = await tx.query<{ endpoint: string; kinds: PushKind[] }>(
    `SELECT endpoint, kinds FROM public.push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20`,
    [userId],
  );
  return Object.fromEntries(rows.map((row) => [row.endpoint, row.kinds]));
}

/** A message a server claimed: where it goes and what it says. */
export type ClaimedPush = {
  id: string;
  attempts: number;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  title: string;
  body: string;
  link: string | null;
  tag: string;
};

/**
 * Claims up to `limit` due messages for this server: each one's due time moves `leaseSeconds`
 * ahead, so another server skips it (SKIP LOCKED while this transaction runs, the lease after)
 * and, if this server dies before finishing, it is sent again once the lease ends.
 * Runs as the database owner.
 */
export async function claimDuePushes(tx: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedPush[]> {
  return tx.query<ClaimedPush>(
    `WITH due AS (
       SELECT o.id FROM public.push_outbox o WHERE o.due_at <= now() ORDER BY o.due_at, o.id LIMIT $1 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE public.push_outbox o SET due_at = now() + make_interval(secs => $2), attempts = o.attempts + 1
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.attempts, o.subscription_id, o.title, o.body, o.link, o.tag
     )
     SELECT c.id::text, c.attempts, c.subscription_id AS "subscriptionId", s.endpoint, s.p256dh, s.auth,
            c.title, c.body, c.link, c.tag
     FROM claimed c JOIN public.push_subscriptions s ON s.id = c.subscription_id
     ORDER BY c.id`,
    [limit, leaseSeconds],
  );
}

/** Delivered, or given up on: the message leaves the queue. Runs as the database owner. */
export async function finishPush(tx: Queryable, id: string): Promise<void> {
  await tx.query(`DELETE FROM public.push_outbox WHERE id = $1::bigint`, [id]);
}

/** The push service said the device is gone (404/410): its subscription and its queue go. Runs as the database owner. */
export async function dropSubscription(tx: Queryable, subscriptionId: string): Promise<void> {
  await tx.query(`DELETE FROM public.push_subscriptions WHERE id = $1`, [subscriptionId]);
}

/** Try again after `seconds` (429, 5xx, no answer). Runs as the database owner. */
export async function retryPushLater(tx: Queryable, id: string, seconds: number): Promise<void> {
  await tx.query(`UPDATE public.push_outbox SET due_at = now() + make_interval(secs => $2) WHERE id = $1::bigint`, [id, seconds]);
}
