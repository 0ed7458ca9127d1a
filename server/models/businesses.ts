import type { OpeningHours } from "../../app/lib/business-hours";
import type { Queryable } from "../db";
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
 * The spec's open-now rule in SQL, for filtering and paginating in the database. It must
 * agree with isOpenNow (app/lib/business-hours.ts); a test compares them over the demo town.
 * $1 is the instant; 'FMDay' gives English weekday names whatever the locale.
 */
export const OPEN_AT_SQL = (hoursColumn: string, instantParam: string) => `(
  WITH clock AS (SELECT (${instantParam}::timestamptz AT TIME ZONE 'America/Sao_Paulo') AS t)
  SELECT coalesce(
    (d ->> 'open')::boolean
      AND d ? 'opensAt' AND d ? 'closesAt'
      AND to_char(clock.t, 'HH24:MI') >= d ->> 'opensAt'
      AND to_char(clock.t, 'HH24:MI') < d ->> 'closesAt',
    false)
  FROM clock, LATERAL (SELECT ${hoursColumn} -> lower(to_char(clock.t, 'FMDay')) AS d) AS today
)`;

const CARD_COLUMNS = `b.id, b.name, b.category, b.neighbourhood, b.logo_url AS "logoUrl", b.opening_hours AS "openingHours"`;

export async function listBusinessCategories(tx: Queryable): Promise<{ category: string; count: number }[]> {
  return tx.query(
    `SELECT category, count(*)::int AS count FROM public.businesses GROUP BY category ORDER BY ${ptSortKey("category")}, category`,
  );
}

export async function listBusinesses(
  tx: Queryable,
  options: { category?: string; openNow?: boolean; page: number; now: Date },
): Promise<{ businesses: BusinessCard[]; hasMore: boolean }> {
  const rows = await tx.query<BusinessCard>(
    `SELECT ${CARD_COLUMNS}
     FROM public.businesses b
     WHERE ($1::text IS NULL OR b.category = $1)
       AND (NOT $2::boolean OR ${OPEN_AT_SQL("b.opening_hours", "$3")})
     ORDER BY ${ptSortKey("b.name")}, b.name, b.id
     LIMIT $4 OFFSET $5`,
    [
      options.category ?? null,
      options.openNow ?? false,
      options.now.toISOString(),
      BUSINESSES_PAGE_SIZE + 1,
      (options.page - 1) * BUSINESSES_PAGE_SIZE,
    ],
  );
  return { businesses: rows.slice(0, BUSINESSES_PAGE_SIZE), hasMore: rows.length > BUSINESSES_PAGE_SIZE };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
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
