import { isUuid } from "#core/uuid";
import type { Queryable } from "../db";
import { listCategoryCounts } from "./businesses";
import { keysetPage, nameOrderPage, type PageRequest } from "./keyset";
import { RATING_SQL, TOP_RATED_SQL, type Rating } from "./reviews";

export const SERVICES_PAGE_SIZE = 20;

export type ServiceCard = {
  id: string;
  name: string;
  category: string;
  description: string;
  neighbourhood: string;
  phone: string | null;
  whatsapp: string | null;
  priceInfo: string;
  imageUrl: string | null;
  /** Kept by the database from the visible reviews (issue #30). */
  rating: Rating;
  /** The pin (issue #33): both or neither. */
  latitude: number | null;
  longitude: number | null;
};

/** What a list card shows (the "perto de" lists in nearby.ts read the same). */
export const CARD_COLUMNS = `s.id, s.name, s.category, s.description, s.neighbourhood, s.phone, s.whatsapp,
            s.price_info AS "priceInfo", s.image_url AS "imageUrl", ${RATING_SQL("s")} AS rating, s.latitude, s.longitude`;

export async function listServiceCategories(tx: Queryable): Promise<{ category: string; count: number }[]> {
  return listCategoryCounts(tx, "services");
}

/**
 * One page of services in name order (one statement, keyset.ts); one extra row tells whether a
 * next page exists. "4+ estrelas" (`topRated`) reads the top-rated rows' partial index.
 */
export async function listServices(
  tx: Queryable,
  options: PageRequest & { category?: string; topRated?: boolean },
): Promise<{ services: ServiceCard[]; hasMore: boolean; page: number }> {
  const page = nameOrderPage("public.services", "s", "name", options, "$4", SERVICES_PAGE_SIZE, "name_sort_key");
  const rows = await tx.query<ServiceCard>(
    `SELECT ${CARD_COLUMNS}
     FROM public.services s
     WHERE ($1::text IS NULL OR s.category = $1) ${TOP_RATED_SQL("s", options.topRated)} AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $2 OFFSET $3`,
    [options.category ?? null, SERVICES_PAGE_SIZE + 1, page.offset, page.cursor],
  );
  const { rows: services, ...rest } = keysetPage(rows, options, SERVICES_PAGE_SIZE);
  return { services, ...rest };
}

/** A service's own page (/service/{id}): the card's fields; null for an unknown or malformed id. */
export async function getService(tx: Queryable, id: string): Promise<(ServiceCard & { ownerId: string | null }) | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<ServiceCard & { ownerId: string | null }>(`SELECT ${CARD_COLUMNS}, s.owner_id AS "ownerId" FROM public.services s WHERE s.id = $1`, [id]);
  return row ?? null;
}
