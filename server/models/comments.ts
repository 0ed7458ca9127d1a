import type { Queryable } from "../db";
import { refusedOr } from "../db/errors";
import { isUuid } from "#core/uuid";
import { keysetPage, oldestOrderPage, type PageRequest } from "./keyset";

/**
 * Issue #30: comments on posts and news. The rules are the database's
 * (supabase/migrations/20261129000200_comments.sql): who reads a hidden comment, who edits,
 * the one level of replies, the 15-minute edit window, the rate per resident. These
 * functions run with the caller's claims and turn the database's refusals into outcomes.
 */

export type CommentItemKind = "post" | "news";

/** Top-level comments per page (their replies come along). */
export const COMMENTS_PAGE_SIZE = 20;

export type CommentAuthor = { id: string; username: string; fullName: string; avatarUrl: string | null };
export type Comment = {
  id: string;
  parentId: string | null;
  author: CommentAuthor;
  /** Empty once removed (deletedAt set): the page says "comentário removido". */
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  moderationState: "visible" | "hidden";
};
export type CommentThread = Comment & { replies: Comment[] };

/** Which page of the thread: a keyset request, or the page holding one comment (`?comentario=`). */
export type ThreadRequest = PageRequest & { at?: string };

const COMMENT_SELECT = `
  SELECT c.id, c.parent_id AS "parentId", c.body, c.created_at AS "createdAt", c.edited_at AS "editedAt",
         c.deleted_at AS "deletedAt", c.moderation_state AS "moderationState",
         json_build_object('id', p.id, 'username', p.username, 'fullName', p.full_name, 'avatarUrl', p.avatar_url) AS author
  FROM public.comments c JOIN public.profiles p ON p.id = c.author_id`;

/**
 * One page of an item's thread, oldest first, in three statements whatever its size: the
 * page's top-level comments (keyset pages, `oldestOrderPage`), then all their replies. A
 * `?comentario=<id>` request (a notification's link, the answer to a new comment) is the
 * page that holds that comment, or the comment its reply hangs on.
 */
export async function listComments(
  tx: Queryable,
  itemId: string,
  request: ThreadRequest,
): Promise<{ comments: CommentThread[]; hasMore: boolean; page: number }> {
  if (!isUuid(itemId)) return { comments: [], hasMore: false, page: 1 };
  let pageRequest: PageRequest = request;
  if (request.at && isUuid(request.at)) {
    const [row] = await tx.query<{ position: number }>(
      `SELECT count(*)::int AS position
       FROM public.comments c,
            (SELECT t.created_at, t.id FROM public.comments t
             WHERE t.id = (SELECT coalesce(x.parent_id, x.id) FROM public.comments x WHERE x.id = $2 AND x.item_id = $1)) target
       WHERE c.item_id = $1 AND c.parent_id IS NULL AND (c.created_at, c.id) <= (target.created_at, target.id)`,
      [itemId, request.at],
    );
    pageRequest = { page: Math.max(1, Math.ceil((row?.position ?? 0) / COMMENTS_PAGE_SIZE)) };
  }
  const page = oldestOrderPage("public.comments", "c", pageRequest, "$4", COMMENTS_PAGE_SIZE, { filter: "c.item_id = $1" });
  const rows = await tx.query<Comment>(
    `${COMMENT_SELECT}
     WHERE c.item_id = $1 AND c.parent_id IS NULL AND ${page.where}
     ORDER BY ${page.orderBy} LIMIT $2 OFFSET $3`,
    [itemId, COMMENTS_PAGE_SIZE + 1, page.offset, page.cursor],
  );
  const { rows: shown, ...rest } = keysetPage(rows, pageRequest, COMMENTS_PAGE_SIZE);
  const replies = shown.length
    ? await tx.query<Comment>(
        `${COMMENT_SELECT}
         WHERE c.parent_id = ANY($1::uuid[])
         ORDER BY c.parent_id, c.created_at, c.id`,
        [shown.map((c) => c.id)],
      )
    : [];
  const byParent = new Map<string, Comment[]>();
  for (const reply of replies) byParent.set(reply.parentId!, [...(byParent.get(reply.parentId!) ?? []), reply]);
  return { comments: shown.map((c) => ({ ...c, replies: byParent.get(c.id) ?? [] })), ...rest };
}

export type CommentRefusal = "not_found" | "parent" | "rate_limited" | "rate_limited_new" | "blocked" | "edit_window" | "removed";
export type CommentWrite = { ok: true; id: string; itemId: string; kind: CommentItemKind } | { ok: false; refusal: CommentRefusal };
export type CommentChange = CommentWrite | { ok: false; refusal: "forbidden" };

/** The database's refusals, as outcomes the route words (anything else is a real failure). */
function refusalOf(error: unknown): CommentRefusal | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  const constraint = e.constraint ?? "";
  if (e.code === "23514") {
    if (constraint === "comments_parent" || /top-level comment/.test(e.message ?? "")) return "parent";
    if (constraint === "comments_rate_limit_new" || /new account/.test(e.message ?? "")) return "rate_limited_new";
    if (constraint === "comments_rate_limit" || /too many comments/.test(e.message ?? "")) return "rate_limited";
    if (constraint === "comments_edit_window" || /edit window/.test(e.message ?? "")) return "edit_window";
    if (constraint === "comments_removed" || /was removed/.test(e.message ?? "")) return "removed";
  }
  // 42501: a restrictive policy refused the row (a blocked resident; the item is gone).
  if (e.code === "42501") return "blocked";
  // 23503: the item or the parent was deleted meanwhile.
  if (e.code === "23503") return "not_found";
  return null;
}

/**
 * The outcome of a comment write, its transaction included: the database refuses inside the
 * transaction, which then rolls back as a whole (as moderation's outcomeOf), so callers wrap
 * the whole of it: commentOutcomeOf(ctx.db.asCaller((tx) => addComment(tx, …))).
 */
export function commentOutcomeOf<T extends CommentChange>(work: Promise<T>): Promise<T | { ok: false; refusal: CommentRefusal }> {
  return refusedOr(work, refusalOf);
}

/** A comment, or a reply (parentId), on an item the caller can read. */
export async function addComment(
  tx: Queryable,
  authorId: string,
  input: { kind: CommentItemKind; itemId: string; parentId: string | null; body: string },
  /** The server's RATE_LIMIT_SCALE: multiplies the rate per resident (tests raise it). */
  rateScale = 1,
): Promise<CommentWrite> {
  if (!isUuid(input.itemId) || (input.parentId !== null && !isUuid(input.parentId))) return { ok: false, refusal: "not_found" };
  const table = input.kind === "post" ? "public.posts" : "public.news";
  const [item] = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [input.itemId]);
  if (!item) return { ok: false, refusal: "not_found" };
  if (rateScale !== 1) await tx.query(`SELECT set_config('guida.rate_limit_scale', $1, true)`, [String(rateScale)]);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO public.comments (post_id, news_id, parent_id, author_id, body)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.kind === "post" ? input.itemId : null, input.kind === "news" ? input.itemId : null, input.parentId, authorId, input.body],
  );
  return { ok: true, id: row!.id, itemId: input.itemId, kind: input.kind };
}

/** The comment as its author may change it; null when the caller is not its author or it is gone. */
async function ownComment(tx: Queryable, authorId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<{ id: string; itemId: string; kind: CommentItemKind; hasReplies: boolean; authorId: string }>(
    `SELECT c.id, c.item_id AS "itemId", CASE WHEN c.post_id IS NULL THEN 'news' ELSE 'post' END AS kind, c.author_id AS "authorId",
            EXISTS (SELECT 1 FROM public.comments r WHERE r.parent_id = c.id) AS "hasReplies"
     FROM public.comments c WHERE c.id = $1`,
    [id],
  );
  if (!row) return null;
  return row.authorId === authorId ? row : ("forbidden" as const);
}

/** New text within the edit window (the database keeps the window and stamps edited_at). */
export async function editComment(tx: Queryable, authorId: string, id: string, body: string): Promise<CommentChange> {
  const own = await ownComment(tx, authorId, id);
  if (!own) return { ok: false, refusal: "not_found" };
  if (own === "forbidden") return { ok: false, refusal: "forbidden" };
  const rows = await tx.query(`UPDATE public.comments SET body = $2 WHERE id = $1 RETURNING id`, [id, body]);
  if (rows.length === 0) return { ok: false, refusal: "not_found" };
  return { ok: true, id, itemId: own.itemId, kind: own.kind };
}

/**
 * Removes the author's comment: gone for good when nothing hangs on it, otherwise kept as
 * "comentário removido" (no text) so its replies keep their place.
 */
export async function removeComment(tx: Queryable, authorId: string, id: string): Promise<CommentChange> {
  const own = await ownComment(tx, authorId, id);
  if (!own) return { ok: false, refusal: "not_found" };
  if (own === "forbidden") return { ok: false, refusal: "forbidden" };
  const rows = own.hasReplies
    ? await tx.query(`UPDATE public.comments SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`, [id])
    : await tx.query(`DELETE FROM public.comments WHERE id = $1 RETURNING id`, [id]);
  if (rows.length === 0) return { ok: false, refusal: "removed" };
  return { ok: true, id, itemId: own.itemId, kind: own.kind };
}
