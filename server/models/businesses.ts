import { isUuid } from "#core/uuid";
import type { OpeningHours } from "#core/business-hours";
import type { Queryable } from "../db";
import { keysetPage, nameOrderPage, type PageRequest } from "./keyset";
import { ptSortKey } from "./sort";

export const BUSINESSES_PAGE_SIZE = 20;

export type BusinessCard = {
  id: string;
  name: string;
  category: string;
  neighbourhood: string;
  logoUrl: string | null;
  openingHours: OpeningHours | null;
};

export type Business = BusinessCard & {
  ownerId: string | null;
  description: string;
  address: string;
  phone: string | null;
  whatsapp: string | null;
  instagram: string | null;
  website: string | null;
  coverUrl: string | null;
  gallery: { id: string; url: string }[];
};

/**
 * The open-now rule in SQL, for filtering and paginating in the database. It must agree with
 * isOpenNow (core/business-hours.ts); tests compare them at every boundary. Open by today's
 * entry (opensAt <= HH:MI, and before closesAt unless that closes on the next day), or by
 * yesterday's when it closes on the next day and HH:MI is before its closesAt (18:00–02:00 on
 * Friday is still open Saturday 01:59). Equal times are never open. 'FMDay' gives English
 * weekday names whatever the locale; times are the tz database's America/Sao_Paulo.
 */
export const OPEN_AT_SQL = (hoursColumn: string, instantParam: string) => `(
  WITH clock AS (SELECT (${instantParam}::timestamptz AT TIME ZONE 'America/Sao_Paulo') AS t)
  SELECT coalesce(
    ((d -> 'open') = 'true'::jsonb
      AND d ->> 'opensAt' <> d ->> 'closesAt'
      AND to_char(clock.t, 'HH24:MI') >= d ->> 'opensAt'
      AND (to_char(clock.t, 'HH24:MI') < d ->> 'closesAt' OR d ->> 'closesAt' < d ->> 'opensAt'))
    OR ((y -> 'open') = 'true'::jsonb
      AND y ->> 'closesAt' < y ->> 'opensAt'
      AND to_char(clock.t, 'HH24:MI') < y ->> 'closesAt'),
    false)
  FROM clock, LATERAL (
    SELECT ${hoursColumn} -> lower(to_char(clock.t, 'FMDay')) AS d,
           ${hoursColumn} -> lower(to_char(clock.t - interval '1 day', 'FMDay')) AS y
  ) AS days
)`;

/**
 * The same rule over the kept spans (public.opening_spans, one row per weekday and pair of
 * times): how many visible businesses are open at $1. `clock.t` is the town's wall clock.
 */
export const OPEN_SPANS_AT_SQL = `(
  (s.weekday = lower(to_char(clock.t, 'FMDay')) AND s.opens_at <> s.closes_at
    AND s.opens_at <= to_char(clock.t, 'HH24:MI')
    AND (to_char(clock.t, 'HH24:MI') < s.closes_at OR s.closes_at < s.opens_at))
  OR (s.weekday = lower(to_char(clock.t - interval '1 day', 'FMDay'))
    AND s.closes_at < s.opens_at AND to_char(clock.t, 'HH24:MI') < s.closes_at)
)`;

const CARD_COLUMNS = `b.id, b.name, b.category, b.neighbourhood, b.logo_url AS "logoUrl", b.opening_hours AS "openingHours"`;

/** The category picker's counts, kept by a trigger (public.category_counts) rather than counted. */
export async function listBusinessCategories(tx: Queryable): Promise<{ category: string; count: number }[]> {
  return listCategoryCounts(tx, "businesses");
}

export async function listCategoryCounts(
  tx: Queryable,
  listing: "businesses" | "services" | "sell_items",
): Promise<{ category: string; count: number }[]> {
  return tx.query(
    `SELECT category, listings AS count FROM public.category_counts WHERE listing = $1 AND listings > 0
     ORDER BY ${ptSortKey("category")}, category`,
    [listing],
  );
}

/**
 * One page in name order, read from the name-order index from the cursor on (keyset.ts); the
 * open-now filter is checked on the rows the index walks, which stops at the page's last.
 */
export async function listBusinesses(
  tx: Queryable,
  options: PageRequest & { category?: string; openNow?: boolean; now: Date },
): Promise<{ businesses: BusinessCard[]; hasMore: boolean; page: number }> {
  const page = nameOrderPage("public.businesses", "b", "name", options, "$6", BUSINESSES_PAGE_SIZE, "name_sort_key");
  const rows = await tx.query<BusinessCard>(
    `SELECT ${CARD_COLUMNS}
     FROM public.businesses b
     WHERE ($1::text IS NULL OR b.category = $1)
       AND (NOT $2::boolean OR ${OPEN_AT_SQL("b.opening_hours", "$3")})
       AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $4 OFFSET $5`,
    [
      options.category ?? null,
      options.openNow ?? false,
      options.now.toISOString(),
      BUSINESSES_PAGE_SIZE + 1,
      page.offset,
      page.cursor,
    ],
  );
  const { rows: businesses, ...rest } = keysetPage(rows, options, BUSINESSES_PAGE_SIZE);
  return { businesses, ...rest };
}

export async function getBusiness(tx: Queryable, id: string): Promise<Business | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<Business>(
    `SELECT ${CARD_COLUMNS}, b.owner_id AS "ownerId", b.description, b.address, b.phone, b.whatsapp,
            b.instagram, b.website, b.cover_url AS "coverUrl",
            coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.created_at)
                      FROM public.business_images i WHERE i.business_id = b.id), '[]'::json) AS gallery
     FROM public.businesses b WHERE b.id = $1`,
    [id],
  );
  return row ?? null;
}
