import { isUuid } from "#core/uuid";
import type { ItemKind } from "#core/item-kinds";
import type { Queryable } from "../db";
import { keysetPage, newestOrderPage, type PageRequest } from "./keyset";

/** The spec's favorite item as the app sees it (point 3). */
export type FavoriteItem = {
  id: string;
  type: ItemKind;
  title: string | null;
  description: string | null;
  price: string | null;
  image: string | null;
  seller: string | null;
  date: string | null;
  location: string | null;
  author: string | null;
  content: string | null;
  authorAvatar: string | null;
  avatarUrl: string | null;
  coverImage: string | null;
  hasPoll: boolean;
  pollQuestion: string | null;
  pollOptions: string[] | null;
  createdAt: string;
};

export type AddFavoriteResult = "added" | "already" | "not_found";

/**
 * Adding an existing favorite does nothing (the spec). RLS: user_id must be the caller.
 * Only the item is named: the database copies what the favorite shows (title, image,
 * price, …) from the item's own row (public.favorite_source, in a trigger), so a caller
 * can never make a favorite — or the notification it sends — say something else.
 */
export async function addFavorite(tx: Queryable, userId: string, type: ItemKind, itemId: string): Promise<AddFavoriteResult> {
  if (!isUuid(itemId)) return "not_found";
  const [row] = await tx.query<{ found: number; added: number }>(
    `WITH source AS (SELECT 1 FROM public.favorite_source($3, $2)),
     inserted AS (
       INSERT INTO public.user_favorites (user_id, item_id, item_type)
       SELECT $1, $2, $3 FROM source
       ON CONFLICT (user_id, item_id) DO NOTHING
       RETURNING true AS inserted)
     SELECT (SELECT count(*) FROM source)::int AS found, (SELECT count(*) FROM inserted)::int AS added`,
    [userId, itemId, type],
  );
  if (!row || row.found === 0) return "not_found";
  return row.added > 0 ? "added" : "already";
}

export async function removeFavorite(tx: Queryable, userId: string, itemId: string): Promise<boolean> {
  if (!isUuid(itemId)) return false;
  const rows = await tx.query(`DELETE FROM public.user_favorites WHERE user_id = $1 AND item_id = $2 RETURNING item_id`, [
    userId,
    itemId,
  ]);
  return rows.length > 0;
}

/** /favorites shows this many per page (issue #17: a page's cost must not grow with the list). */
export const FAVORITES_PAGE_SIZE = 20;

/** The spec's select: all columns, newest first — one page of it. */
export async function listFavorites(
  tx: Queryable,
  userId: string,
  { type, ...request }: PageRequest & { type?: ItemKind },
): Promise<{ favorites: FavoriteItem[]; hasMore: boolean; page: number }> {
  // Newest first by cursor (keyset.ts) from user_favorites_user_newest_order_idx, or one kind's
  // from user_favorites_user_kind_newest_idx; a favorite is known by its item's id, and the
  // cursor's row must be the resident's own.
  const page = newestOrderPage("public.user_favorites", "f", request, "$4", FAVORITES_PAGE_SIZE, {
    id: "item_id",
    filter: "c.user_id = $1",
  });
  const params: unknown[] = [userId, FAVORITES_PAGE_SIZE + 1, page.offset, page.cursor];
  // One kind's favorites are their own index range: the condition is written only when asked.
  if (type) params.push(type);
  const ofKind = type ? "AND f.item_type = $5" : "";
  const rows = await tx.query<FavoriteItem>(
    `SELECT f.item_id AS id, f.item_type AS type, f.title, f.description, f.price::text AS price, f.image, f.seller,
            f.date, f.location, f.author, f.content, f.author_avatar AS "authorAvatar", f.avatar_url AS "avatarUrl",
            f.cover_image AS "coverImage", f.has_poll AS "hasPoll", f.poll_question AS "pollQuestion",
            f.poll_options AS "pollOptions", f.created_at AS "createdAt"
     FROM public.user_favorites f
     WHERE f.user_id = $1 ${ofKind} AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $2 OFFSET $3`,
    params,
  );
  const { rows: favorites, ...rest } = keysetPage(rows, request, FAVORITES_PAGE_SIZE);
  return { favorites, ...rest };
}

/**
 * Which of these items (the ones a page shows) the resident has favorited: a page carries the
 * state of its own hearts, never every id the resident ever saved.
 */
export async function favoriteIdsAmong(tx: Queryable, userId: string, itemIds: readonly string[]): Promise<string[]> {
  const ids = itemIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `SELECT item_id AS id FROM public.user_favorites WHERE user_id = $1 AND item_id = ANY($2::uuid[])`,
    [userId, ids],
  );
  return rows.map((row) => row.id);
}
