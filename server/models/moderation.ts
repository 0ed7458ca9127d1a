import { isUuid } from "#core/uuid";
import type { Queryable } from "../db";
import type { ModeratorAction, ReportableKind, ReportReason } from "#core/moderation";

/**
 * Issue #18: reports, the moderation queue and what moderators do. The database decides
 * who may do what (supabase/migrations/20261125000300_moderation.sql): these functions run
 * with the caller's claims and call its SECURITY DEFINER functions, which refuse anyone
 * who is not a moderator.
 */

export type Role = "resident" | "moderator" | "admin";

/** The caller's role, from the same helper the policies call. */
export async function roleOf(tx: Queryable): Promise<Role> {
  const [row] = await tx.query<{ admin: boolean; moderator: boolean }>(
    `SELECT public.is_admin() AS admin, public.is_moderator() AS moderator`,
  );
  return row?.admin ? "admin" : row?.moderator ? "moderator" : "resident";
}

export async function isBlocked(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ blocked: boolean }>(`SELECT public.is_blocked() AS blocked`);
  return row?.blocked ?? false;
}

/**
 * What a report form shows about its item, and where the item is seen (public.item_link: a
 * comment's is its item's page at the comment); null when the caller cannot see it.
 */
export async function reportTarget(tx: Queryable, kind: ReportableKind, id: string): Promise<{ title: string; href: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<{ title: string; href: string }>(
    `SELECT title, public.item_link($1, $2::uuid) AS href FROM (
       SELECT left(content, 80) AS title FROM public.posts WHERE $1 = 'post' AND id = $2
       UNION ALL SELECT title FROM public.sell_items WHERE $1 = 'sell_item' AND id = $2
       UNION ALL SELECT title FROM public.news WHERE $1 = 'news' AND id = $2
       UNION ALL SELECT full_name FROM public.profiles WHERE $1 = 'profile' AND id = $2
       UNION ALL SELECT name FROM public.businesses WHERE $1 = 'business' AND id = $2
       UNION ALL SELECT name FROM public.services WHERE $1 = 'service' AND id = $2
       UNION ALL SELECT name FROM public.drivers WHERE $1 = 'driver' AND id = $2
       UNION ALL SELECT left(body, 80) FROM public.comments WHERE $1 = 'comment' AND id = $2
       UNION ALL SELECT CASE WHEN body = '' THEN stars || ' estrelas' ELSE left(body, 80) END FROM public.reviews WHERE $1 = 'review' AND id = $2
     ) t WHERE public.item_is_visible($1, $2::uuid)`,
    [kind, id],
  );
  return row ?? null;
}

/** Whether an item the caller can no longer see was hidden by moderation (issue #25). */
export async function itemIsHidden(tx: Queryable, kind: ReportableKind, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await tx.query<{ hidden: boolean }>(`SELECT public.item_is_hidden($1, $2::uuid) AS hidden`, [kind, id]);
  return row?.hidden ?? false;
}

/**
 * What a refused moderation write means. The database refuses inside the transaction, which
 * then rolls back as a whole; callers wrap the whole transaction: outcomeOf(ctx.db.asCaller(…)).
 */
export type Outcome = "done" | "duplicate" | "rate-limited" | "not-found" | "hidden" | "untrusted" | "refused";

export async function outcomeOf(work: Promise<unknown>): Promise<Outcome> {
  try {
    await work;
    return "done";
  } catch (error) {
    const e = error as { code?: string; message?: string };
    if (e.code === "23505") return "duplicate";
    if (e.code === "23514" && /too many reports/.test(e.message ?? "")) return "rate-limited";
    // Issue #25 (public.reports_check_reporter): said before row level security's refusal.
    if (e.code === "23514" && /already hidden/.test(e.message ?? "")) return "hidden";
    if (e.code === "23514" && /trust level too low/.test(e.message ?? "")) return "untrusted";
    if (e.code === "P0002") return "not-found";
    // 42501: the caller is no moderator, or an insert policy refused (e.g. a blocked resident).
    if (e.code === "42501" || e.code === "23514") return "refused";
    throw error;
  }
}

/** One report per resident per item (a unique constraint), rate limited by the database. */
export async function reportItem(
  tx: Queryable,
  reporterId: string,
  report: { kind: ReportableKind; id: string; reason: ReportReason; note: string },
): Promise<void> {
  await tx.query(`INSERT INTO public.reports (reporter_id, item_type, item_id, reason, note) VALUES ($1, $2, $3, $4, $5)`, [
    reporterId,
    report.kind,
    report.id,
    report.reason,
    report.note,
  ]);
}

export type QueueItem = {
  kind: ReportableKind;
  id: string;
  title: string;
  /** Where it is seen (a comment: on its item's page); for a comment, what it was written on. */
  href: string;
  context: string | null;
  authorName: string | null;
  state: "visible" | "hidden";
  reports: number;
  /** What the open reports weigh (issue #25): reports_to_hide of it hides a resident's content. */
  weight: number;
  reasons: { reason: ReportReason; count: number }[];
  notes: string[];
  lastReportAt: Date;
};

/** Reported items with open reports, grouped, newest report first. Moderators only (RLS). */
export async function listReportedItems(tx: Queryable): Promise<QueueItem[]> {
  return tx.query<QueueItem>(
    `WITH open AS (
       SELECT item_type, item_id, reason, note, created_at FROM public.reports WHERE resolved_at IS NULL
     ), grouped AS (
       SELECT item_type, item_id, count(*)::int AS reports, max(created_at) AS last_at,
              coalesce(array_agg(note ORDER BY created_at DESC) FILTER (WHERE note <> ''), '{}') AS notes
       FROM open GROUP BY item_type, item_id
     )
     SELECT g.item_type AS kind, g.item_id AS id, g.reports, g.last_at AS "lastReportAt", g.notes,
            public.report_weight(g.item_type, g.item_id)::float8 AS weight,
            (SELECT json_agg(json_build_object('reason', r.reason, 'count', r.n) ORDER BY r.n DESC, r.reason)
             FROM (SELECT reason, count(*)::int AS n FROM open o WHERE o.item_type = g.item_type AND o.item_id = g.item_id
                   GROUP BY reason) r) AS reasons,
            t.title, t.state, t.context, public.item_link(g.item_type, g.item_id) AS href, (SELECT full_name FROM public.profiles WHERE id = t.author) AS "authorName"
     FROM grouped g
     CROSS JOIN LATERAL (
       SELECT left(content, 140) AS title, moderation_state AS state, author_id AS author, NULL::text AS context FROM public.posts
         WHERE g.item_type = 'post' AND id = g.item_id
       UNION ALL SELECT title, moderation_state, seller_id, NULL FROM public.sell_items WHERE g.item_type = 'sell_item' AND id = g.item_id
       UNION ALL SELECT title, moderation_state, author_id, NULL FROM public.news WHERE g.item_type = 'news' AND id = g.item_id
       UNION ALL SELECT full_name, moderation_state, id, NULL FROM public.profiles WHERE g.item_type = 'profile' AND id = g.item_id
       UNION ALL SELECT name, moderation_state, owner_id, NULL FROM public.businesses WHERE g.item_type = 'business' AND id = g.item_id
       UNION ALL SELECT name, moderation_state, owner_id, NULL FROM public.services WHERE g.item_type = 'service' AND id = g.item_id
       UNION ALL SELECT name, moderation_state, owner_id, NULL FROM public.drivers WHERE g.item_type = 'driver' AND id = g.item_id
       -- A comment in its context: the post or article it answers, and the comment it replies to.
       UNION ALL SELECT left(c.body, 280), c.moderation_state, c.author_id,
                        coalesce('No post “' || left(po.content, 80) || '”', 'Na notícia “' || n.title || '”')
                        || coalesce(', em resposta a: “' || left(pc.body, 80) || '”', '')
         FROM public.comments c
         LEFT JOIN public.posts po ON po.id = c.post_id
         LEFT JOIN public.news n ON n.id = c.news_id
         LEFT JOIN public.comments pc ON pc.id = c.parent_id
         WHERE g.item_type = 'comment' AND c.id = g.item_id
     ) t
     ORDER BY g.last_at DESC, g.item_id
     LIMIT 100`,
  );
}

/** A moderator's action on an item; refused (42501) for a caller who is not one. */
export async function moderateItem(
  tx: Queryable,
  action: { kind: ReportableKind; id: string; action: ModeratorAction; note: string },
): Promise<void> {
  await tx.query(`SELECT public.moderate($1, $2::uuid, $3, $4)`, [action.kind, action.id, action.action, action.note]);
}

export type LogEntry = {
  id: string;
  action: string;
  moderatorName: string | null;
  subjectName: string | null;
  itemType: string | null;
  itemId: string | null;
  note: string;
  createdAt: Date;
};

export const LOG_PAGE_SIZE = 50;

/** The audit log, newest first: RLS shows it to admins only (others get no rows). */
export async function listModerationLog(tx: Queryable, page: number): Promise<{ entries: LogEntry[]; hasMore: boolean }> {
  const rows = await tx.query<LogEntry>(
    `SELECT l.id, l.action, m.full_name AS "moderatorName", s.full_name AS "subjectName", l.item_type AS "itemType",
            l.item_id AS "itemId", l.note, l.created_at AS "createdAt"
     FROM public.moderation_log l
     LEFT JOIN public.profiles m ON m.id = l.moderator_id
     LEFT JOIN public.profiles s ON s.id = l.subject_id
     ORDER BY l.created_at DESC, l.id DESC LIMIT $1 OFFSET $2`,
    [LOG_PAGE_SIZE + 1, (page - 1) * LOG_PAGE_SIZE],
  );
  return { entries: rows.slice(0, LOG_PAGE_SIZE), hasMore: rows.length > LOG_PAGE_SIZE };
}

// ---------------------------------------------------------------- operator

/** `npm run guida -- role grant|revoke <e-mail> <role>`: runs as the database owner. */
export async function changeRole(db: Queryable, change: "grant" | "revoke", email: string, role: "moderator" | "admin") {
  const fn = change === "grant" ? "public.grant_role" : "public.revoke_role";
  await db.query(`SELECT ${fn}($1, $2)`, [email, role]);
}

export async function setReportsToHide(db: Queryable, count: number) {
  await db.query(`UPDATE public.moderation_settings SET reports_to_hide = $1`, [count]);
}
