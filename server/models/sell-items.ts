import { isUuid } from "#core/uuid";
import type { SellItemStatus } from "#core/sell-items";
import type { Queryable } from "../db";
import { keysetPage, newestOrderPage, type PageRequest } from "./keyset";

/**
 * Sell items (the marketplace). Every statement runs inside withUser(), so Row Level
 * Security is the authority: anyone reads; only the seller inserts, updates or deletes.
 * Writes here never check ownership in code — a write RLS refuses touches no row, and
 * only then do we look the item up to tell "not yours" from "not there".
 */

export const SELL_ITEMS_PAGE_SIZE = 20;
export const MY_SELL_ITEMS_PAGE_SIZE = 20;

export type SellItemCard = {
  id: string;
  title: string;
  /** numeric(12,2) as text ("1234.50"), exact for the cart's centavo arithmetic. */
  price: string;
  condition: string;
  category: string;
  location: string;
  image: string | null;
  status: SellItemStatus;
  createdAt: Date;
  sellerId: string;
  sellerName: string;
  sellerUsername: string;
};

export type SellItem = Omit<SellItemCard, "image"> & {
  description: string;
  images: string[];
  soldAt: Date | null;
  updatedAt: Date;
  sellerAvatarUrl: string | null;
};

export type SellItemValues = {
  title: string;
  description: string;
  /** Exact decimal text, e.g. "1234.50". */
  price: string;
  condition: string;
  category: string;
  location: string;
};

// The seller's public profile comes in the same statement: one round trip per page.
const CARD_COLUMNS = `i.id, i.title, i.price::text AS price, i.condition, i.category, i.location,
  i.images[1] AS image, i.status, i.created_at AS "createdAt",
  p.id AS "sellerId", p.full_name AS "sellerName", p.username AS "sellerUsername"`;

export type SellItemFilters = PageRequest & {
  category?: string;
  /** Reais, inclusive. */
  minPrice?: number;
  maxPrice?: number;
};

/** The marketplace: newest first (sold ads included, marked by status), one bounded page; keyset pages (keyset.ts). */
export async function listSellItems(
  tx: Queryable,
  filters: SellItemFilters,
): Promise<{ items: SellItemCard[]; hasMore: boolean; page: number }> {
  const page = newestOrderPage("public.sell_items", "i", filters, "$6", SELL_ITEMS_PAGE_SIZE);
  const rows = await tx.query<SellItemCard>(
    `SELECT ${CARD_COLUMNS}
     FROM public.sell_items i JOIN public.profiles p ON p.id = i.seller_id
     WHERE ($1::text IS NULL OR i.category = $1)
       AND ($2::numeric IS NULL OR i.price >= $2::numeric)
       AND ($3::numeric IS NULL OR i.price <= $3::numeric)
       AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $4 OFFSET $5`,
    [
      filters.category ?? null,
      filters.minPrice === undefined ? null : filters.minPrice.toFixed(2),
      filters.maxPrice === undefined ? null : filters.maxPrice.toFixed(2),
      SELL_ITEMS_PAGE_SIZE + 1,
      page.offset,
      page.cursor,
    ],
  );
  const { rows: items, ...rest } = keysetPage(rows, filters, SELL_ITEMS_PAGE_SIZE);
  return { items, ...rest };
}

/** Categories that have ads, with counts, for the filter. */
export async function listSellItemCategories(tx: Queryable): Promise<{ category: string; count: number }[]> {
  // Kept by a trigger (public.category_counts) rather than counted over every item.
  return tx.query(
    `SELECT category, listings AS count FROM public.category_counts WHERE listing = 'sell_items' AND listings > 0 ORDER BY category`,
  );
}

/** One seller's ads, newest first, one bounded page (/my-sell-items). */
export async function listSellItemsBySeller(
  tx: Queryable,
  sellerId: string,
  page: number,
): Promise<{ items: SellItemCard[]; hasMore: boolean }> {
  const rows = await tx.query<SellItemCard>(
    `SELECT ${CARD_COLUMNS}
     FROM public.sell_items i JOIN public.profiles p ON p.id = i.seller_id
     WHERE i.seller_id = $1
     ORDER BY i.created_at DESC, i.id DESC
     LIMIT $2 OFFSET $3`,
    [sellerId, MY_SELL_ITEMS_PAGE_SIZE + 1, (page - 1) * MY_SELL_ITEMS_PAGE_SIZE],
  );
  return { items: rows.slice(0, MY_SELL_ITEMS_PAGE_SIZE), hasMore: rows.length > MY_SELL_ITEMS_PAGE_SIZE };
}

export async function getSellItem(tx: Queryable, id: string): Promise<SellItem | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<SellItem>(
    `SELECT i.id, i.title, i.description, i.price::text AS price, i.condition, i.category, i.location,
            i.images, i.status, i.sold_at AS "soldAt", i.created_at AS "createdAt", i.updated_at AS "updatedAt",
            p.id AS "sellerId", p.full_name AS "sellerName", p.username AS "sellerUsername",
            p.avatar_url AS "sellerAvatarUrl"
     FROM public.sell_items i JOIN public.profiles p ON p.id = i.seller_id
     WHERE i.id = $1`,
    [id],
  );
  return row ?? null;
}

/** Who may change an item (for the route's clear 403 before any file is stored). */
export async function getSellItemOwner(tx: Queryable, id: string): Promise<{ sellerId: string; images: string[] } | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<{ sellerId: string; images: string[] }>(
    `SELECT seller_id AS "sellerId", images FROM public.sell_items WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** RLS: the insert is refused (an error) unless sellerId is the caller. */
export async function createSellItem(
  tx: Queryable,
  sellerId: string,
  values: SellItemValues,
  images: string[],
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO public.sell_items (seller_id, title, description, price, condition, category, location, images)
     VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, $8::text[])
     RETURNING id`,
    [sellerId, values.title, values.description, values.price, values.condition, values.category, values.location, images],
  );
  return row!.id;
}

export type WriteRefusal = "not_found" | "forbidden";

/** After a write that touched no row: was the item missing, or did RLS hide it from writes? */
async function refusal(tx: Queryable, id: string): Promise<WriteRefusal> {
  const [row] = await tx.query(`SELECT 1 FROM public.sell_items WHERE id = $1`, [id]);
  return row ? "forbidden" : "not_found";
}

export type UpdateSellItemResult =
  | { outcome: "ok"; removedImages: string[]; images: string[] }
  | { outcome: "too_many_images"; kept: number }
  | { outcome: WriteRefusal };

/**
 * Saves the fields and the photo list: `removeImages` are dropped (refs not on the item
 * are ignored), `addImages` appended. The row is locked first (SELECT ... FOR UPDATE,
 * which RLS limits to rows the caller may update), so two saves cannot lose a photo.
 * Returns the refs that left the item, for the caller to delete their files.
 */
export async function updateSellItem(
  tx: Queryable,
  id: string,
  values: SellItemValues,
  change: { removeImages: string[]; addImages: string[]; maxImages: number },
): Promise<UpdateSellItemResult> {
  if (!isUuid(id)) return { outcome: "not_found" };
  const [current] = await tx.query<{ images: string[] }>(`SELECT images FROM public.sell_items WHERE id = $1 FOR UPDATE`, [id]);
  if (!current) return { outcome: await refusal(tx, id) };
  const remove = new Set(change.removeImages);
  const kept = current.images.filter((ref) => !remove.has(ref));
  if (kept.length + change.addImages.length > change.maxImages) return { outcome: "too_many_images", kept: kept.length };
  const images = [...kept, ...change.addImages];
  const updated = await tx.query(
    `UPDATE public.sell_items
     SET title = $2, description = $3, price = $4::numeric, condition = $5, category = $6, location = $7, images = $8::text[]
     WHERE id = $1
     RETURNING id`,
    [id, values.title, values.description, values.price, values.condition, values.category, values.location, images],
  );
  if (updated.length === 0) return { outcome: await refusal(tx, id) };
  return { outcome: "ok", removedImages: current.images.filter((ref) => remove.has(ref)), images };
}

/**
 * Marks an item sold or available again. The database stamps sold_at (the first moment
 * it was marked sold, cleared when it is available again): residents cannot write it.
 */
export async function setSellItemStatus(
  tx: Queryable,
  id: string,
  status: SellItemStatus,
): Promise<"ok" | WriteRefusal> {
  if (!isUuid(id)) return "not_found";
  const rows = await tx.query(
    `UPDATE public.sell_items
     SET status = $2
     WHERE id = $1
     RETURNING id`,
    [id, status],
  );
  return rows.length > 0 ? "ok" : refusal(tx, id);
}

/** Deletes the row; returns its image refs so the caller can delete the files too. */
export async function deleteSellItem(
  tx: Queryable,
  id: string,
): Promise<{ outcome: "ok"; images: string[] } | { outcome: WriteRefusal }> {
  if (!isUuid(id)) return { outcome: "not_found" };
  const [row] = await tx.query<{ images: string[] }>(`DELETE FROM public.sell_items WHERE id = $1 RETURNING images`, [id]);
  if (!row) return { outcome: await refusal(tx, id) };
  return { outcome: "ok", images: row.images };
}
