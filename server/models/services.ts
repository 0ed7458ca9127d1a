import type { Queryable } from "../db";
import { ptSortKey } from "./sort";

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
};

export async function listServiceCategories(tx: Queryable): Promise<{ category: string; count: number }[]> {
  return tx.query(
    `SELECT category, count(*)::int AS count FROM public.services GROUP BY category ORDER BY ${ptSortKey("category")}, category`,
  );
}

/** One page of services (one statement); one extra row tells whether a next page exists. */
export async function listServices(
  tx: Queryable,
  options: { category?: string; page: number },
): Promise<{ services: ServiceCard[]; hasMore: boolean }> {
  const rows = await tx.query<ServiceCard>(
    `SELECT s.id, s.name, s.category, s.description, s.neighbourhood, s.phone, s.whatsapp,
            s.price_info AS "priceInfo", s.image_url AS "imageUrl"
     FROM public.services s
     WHERE ($1::text IS NULL OR s.category = $1)
     ORDER BY ${ptSortKey("s.name")}, s.name, s.id
     LIMIT $2 OFFSET $3`,
    [options.category ?? null, SERVICES_PAGE_SIZE + 1, (options.page - 1) * SERVICES_PAGE_SIZE],
  );
  return { services: rows.slice(0, SERVICES_PAGE_SIZE), hasMore: rows.length > SERVICES_PAGE_SIZE };
}
