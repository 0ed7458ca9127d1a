import type { Queryable } from "../db";
import { isUuid } from "./businesses";

export const FAVORITE_ITEM_TYPES = ["business", "service", "driver", "sell_item", "post", "news"] as const;
export type FavoriteItemType = (typeof FAVORITE_ITEM_TYPES)[number];

export function isFavoriteItemType(value: unknown): value is FavoriteItemType {
  return typeof value === "string" && (FAVORITE_ITEM_TYPES as readonly string[]).includes(value);
}

/** The spec's favorite item as the app sees it (point 3). */
export type FavoriteItem = {
  id: string;
  type: FavoriteItemType;
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

/**
 * The favorite's copy of the item, taken from the item's own row — never from the form —
 * one SELECT per type. Columns: title, description, price, image, seller, date, location,
 * author, content, author_avatar, avatar_url, cover_image, has_poll, poll_question, poll_options.
 */
const SOURCES: Record<FavoriteItemType, string> = {
  business: `SELECT b.name, b.description, NULL::numeric, b.logo_url, NULL, b.created_at, b.neighbourhood, NULL, NULL, NULL, NULL, b.cover_url, false, NULL, NULL::text[]
             FROM public.businesses b WHERE b.id = $2`,
  service: `SELECT s.name, s.description, NULL::numeric, s.image_url, NULL, s.created_at, s.neighbourhood, NULL, s.price_info, NULL, NULL, NULL, false, NULL, NULL::text[]
            FROM public.services s WHERE s.id = $2`,
  driver: `SELECT d.name, d.vehicle_description, NULL::numeric, d.photo_url, NULL, d.created_at, public.search_join(d.areas), NULL, d.bio, NULL, d.photo_url, NULL, false, NULL, NULL::text[]
           FROM public.drivers d WHERE d.id = $2`,
  sell_item: `SELECT i.title, i.description, i.price, i.images[1], p.full_name, i.created_at, i.location, NULL, NULL, NULL, p.avatar_url, NULL, false, NULL, NULL::text[]
              FROM public.sell_items i JOIN public.profiles p ON p.id = i.seller_id WHERE i.id = $2`,
  post: `SELECT NULL, NULL, NULL::numeric, po.image_url, NULL, po.created_at, NULL, p.full_name, po.content, p.avatar_url, NULL, NULL,
                pl.id IS NOT NULL, pl.question,
                (SELECT array_agg(o.label ORDER BY o.position) FROM public.poll_options o WHERE o.poll_id = pl.id)
         FROM public.posts po JOIN public.profiles p ON p.id = po.author_id
         LEFT JOIN public.polls pl ON pl.post_id = po.id WHERE po.id = $2`,
  news: `SELECT n.title, n.summary, NULL::numeric, n.cover_image, NULL, n.created_at, NULL, p.full_name, NULL, p.avatar_url, NULL, n.cover_image, false, NULL, NULL::text[]
         FROM public.news n JOIN public.profiles p ON p.id = n.author_id WHERE n.id = $2`,
};

export type AddFavoriteResult = "added" | "already" | "not_found";

/** Adding an existing favorite does nothing (the spec). RLS: user_id must be the caller. */
export async function addFavorite(tx: Queryable, userId: string, type: FavoriteItemType, itemId: string): Promise<AddFavoriteResult> {
  if (!isUuid(itemId)) return "not_found";
  const rows = await tx.query<{ inserted: boolean }>(
    `WITH source AS (${SOURCES[type]}),
     inserted AS (
       INSERT INTO public.user_favorites (user_id, item_id, item_type, title, description, price, image, seller, date,
         location, author, content, author_avatar, avatar_url, cover_image, has_poll, poll_question, poll_options)
       SELECT $1, $2, $3, source.* FROM source
       ON CONFLICT (user_id, item_id) DO NOTHING
       RETURNING true AS inserted)
     SELECT (SELECT count(*) FROM source)::int AS found, (SELECT count(*) FROM inserted)::int AS added`,
    [userId, itemId, type],
  );
  const row = rows[0] as unknown as { found: number; added: number } | undefined;
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

/** The spec's select: all columns, newest first. */
export async function listFavorites(tx: Queryable, userId: string, type?: FavoriteItemType): Promise<FavoriteItem[]> {
  return tx.query<FavoriteItem>(
    `SELECT item_id AS id, item_type AS type, title, description, price::text AS price, image, seller,
            date, location, author, content, author_avatar AS "authorAvatar", avatar_url AS "avatarUrl",
            cover_image AS "coverImage", has_poll AS "hasPoll", poll_question AS "pollQuestion",
            poll_options AS "pollOptions", created_at AS "createdAt"
     FROM public.user_favorites
     WHERE user_id = $1 AND ($2::text IS NULL OR item_type = $2)
     ORDER BY created_at DESC, item_id`,
    [userId, type ?? null],
  );
}

export async function listFavoriteIds(tx: Queryable, userId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(`SELECT item_id AS id FROM public.user_favorites WHERE user_id = $1`, [userId]);
  return rows.map((r) => r.id);
}

/** Where a favorite leads back to. */
export function favoriteHref(type: FavoriteItemType, id: string): string {
  switch (type) {
    case "business":
      return `/business/${id}`;
    case "driver":
      return `/driver/${id}`;
    case "news":
      return `/news/${id}`;
    case "service":
      return `/services#servico-${id}`;
    case "sell_item":
      return `/sell-items/${id}`;
    case "post":
      return `/posts/${id}`;
  }
}
