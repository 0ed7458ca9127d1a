/**
 * Issue #30's rules as the pages read them. The database holds the same numbers
 * (supabase/migrations/20261129000200_comments.sql): the text's length, the 15-minute edit
 * window, and the rates per resident.
 */
export const COMMENT_MAX_LENGTH = 2000;
export const COMMENT_EDIT_MINUTES = 15;

export const COMMENT_INTENTS = ["comment", "edit-comment", "delete-comment"] as const;

/** Whether a comment written at `createdAt` may still be edited at `now` (the database decides in the end). */
export function editWindowOpen(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= COMMENT_EDIT_MINUTES * 60_000;
}

/** The anchor of a comment on its item's page. */
export function commentAnchor(id: string): string {
  return `comentario-${id}`;
}

/** Where a comment is seen: its item's page, at the thread's page holding it. */
export function commentHref(itemPath: string, id: string): string {
  return `${itemPath}?comentario=${id}#${commentAnchor(id)}`;
}

/** Which of a page's comment forms a refusal belongs to (each form sends it as `form`). */
export function commentFormKey(intent: (typeof COMMENT_INTENTS)[number], id?: string | null): string {
  return id ? `${intent}:${id}` : intent;
}
