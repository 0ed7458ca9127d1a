import { isUuid } from "#core/uuid";
import type { Queryable } from "../db";
import { keysetPage, newestOrderPage, type PageRequest } from "./keyset";

export type Notification = {
  id: string;
  kind: "welcome" | "favorite" | "vote" | "moderation" | "comment" | "review";
  title: string;
  body: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
};

// Twenty per page, newest first (issue #17): a resident with years of them gets pages, not one long list.
export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * What every page shows a signed-in resident about themselves: which items they favorited
 * (the hearts) and how many notifications they have not read (the bell), in one statement.
 */
export async function getUserBadges(tx: Queryable, userId: string): Promise<{ unreadNotifications: number }> {
  // Favorite ids are not here: each page asks only about the items it shows (favoriteIdsAmong).
  const [row] = await tx.query<{ unreadNotifications: number }>(
    `SELECT (SELECT count(*)::int FROM public.notifications n WHERE n.user_id = $1 AND n.read_at IS NULL) AS "unreadNotifications"`,
    [userId],
  );
  return row ?? { unreadNotifications: 0 };
}

/**
 * One page of a resident's notifications, newest first, read by cursor from
 * notifications_user_newest_idx (keyset.ts); the cursor's row must be the resident's own.
 */
export async function listNotifications(tx: Queryable, userId: string, request: PageRequest): Promise<{ notifications: Notification[]; hasMore: boolean; page: number }> {
  const page = newestOrderPage("public.notifications", "n", request, "$4", NOTIFICATIONS_PAGE_SIZE, { filter: "c.user_id = $1" });
  const rows = await tx.query<Notification>(
    `SELECT n.id, n.kind, n.title, n.body, n.link, n.read_at AS "readAt", n.created_at AS "createdAt"
     FROM public.notifications n WHERE n.user_id = $1 AND ${page.where}
     ORDER BY ${page.orderBy} LIMIT $2 OFFSET $3`,
    [userId, NOTIFICATIONS_PAGE_SIZE + 1, page.offset, page.cursor],
  );
  const { rows: notifications, ...rest } = keysetPage(rows, request, NOTIFICATIONS_PAGE_SIZE);
  return { notifications, ...rest };
}

/** RLS lets a user mark only their own; someone else's id simply matches no row. */
export async function markRead(tx: Queryable, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await tx.query(
    `UPDATE public.notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId],
  );
  return rows.length > 0;
}

export async function markAllRead(tx: Queryable, userId: string): Promise<number> {
  const rows = await tx.query(
    `UPDATE public.notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id`,
    [userId],
  );
  return rows.length;
}
