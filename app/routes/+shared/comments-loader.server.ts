import { pageRequestFromUrl } from "~/components/pagination";
import { commentThread } from "#server/cache/reads";
import { listComments, type CommentThread } from "#server/models/comments";
import { editWindowOpen } from "~/lib/comments";
import type { Queryable } from "#server/db/index";
import type { RequestContext } from "#server/toolkit/request-context";

/** Which page of the thread the URL asks for: `?depois=`/`?antes=` pages, or `?comentario=<id>`'s page. */
export function threadRequestOf(request: Request) {
  const url = new URL(request.url);
  const at = url.searchParams.get("comentario") ?? "";
  return /^[0-9a-f-]{36}$/i.test(at) ? { page: 1, at: at.toLowerCase() } : pageRequestFromUrl(url);
}

/**
 * An item's thread: a visitor's from the shared cache (dropped by a comment on this item
 * only), a resident's read with their claims in their transaction (their own hidden comment
 * shows, marked).
 */
export function commentsFor(ctx: RequestContext, request: Request, itemId: string, tx?: Queryable) {
  const thread = threadRequestOf(request);
  return tx ? listComments(tx, itemId, thread) : ctx.db.asVisitor(commentThread, { itemId, ...thread });
}

/**
 * The viewer's comments on this page whose 15-minute edit window is still open at render (the
 * database has the last word): ids, so the page's data carries no clock of its own.
 */
export function editableOf(comments: readonly CommentThread[], viewerId: string | null, now = new Date()): string[] {
  if (!viewerId) return [];
  return comments
    .flatMap((c) => [c, ...c.replies])
    .filter((c) => c.author.id === viewerId && c.deletedAt === null && editWindowOpen(new Date(c.createdAt), now))
    .map((c) => c.id);
}
