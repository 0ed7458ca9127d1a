import type { Queryable } from "../db";
import { isUuid } from "./businesses";

export type Notification = {
  id: string;
  kind: "welcome" | "favorite" | "vote" | "moderation";
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

export async function listNotifications(tx: Queryable, userId: string, page: number) {
  const rows = await tx.query<Notification>(
    `SELECT id, kind, title, body, link, read_at AS "readAt", created_at AS "createdAt"
     FROM public.notifications WHERE user_id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, NOTIFICATIONS_PAGE_SIZE + 1, (page - 1) * NOTIFICATIONS_PAGE_SIZE],
  );
  return { notifications: rows.slice(0, NOTIFICATIONS_PAGE_SIZE), hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE };
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
