import { isUuid } from "#core/uuid";
import type { ItemKind } from "#core/item-kinds";
import type { Queryable } from "../db";

/**
 * What /sitemap.xml lists (issue #31): every item a visitor can open, read as the visitor role,
 * so the row-level policies leave hidden and pending items out as they do on the pages. Each
 * kind is cut into pages of SITEMAP_PAGE_SIZE in id order; a page starts at an id (keyset),
 * so listing page 40 of a big town reads its rows from the primary key, not past 39 pages.
 */

const SITEMAP_PAGE_SIZE = 1000;

const TABLES: Record<ItemKind, string> = {
  business: "public.businesses",
  service: "public.services",
  driver: "public.drivers",
  sell_item: "public.sell_items",
  post: "public.posts",
  news: "public.news",
};

export type SitemapPage = { kind: ItemKind; from: string; lastmod: Date };
export type SitemapEntry = { id: string; lastmod: Date };

/** Every kind's pages: the first id of each and its newest change, one statement for the town. */
export async function listSitemapPages(tx: Queryable, size = SITEMAP_PAGE_SIZE): Promise<SitemapPage[]> {
  const numbered = (Object.entries(TABLES) as [ItemKind, string][])
    .map(([kind, table]) => `SELECT '${kind}' AS kind, id, updated_at, (row_number() OVER (ORDER BY id) - 1) / $1 AS page FROM ${table}`)
    .join("\nUNION ALL\n");
  return tx.query<SitemapPage>(
    `SELECT kind, (array_agg(id::text ORDER BY id))[1] AS "from", max(updated_at) AS lastmod
     FROM (${numbered}) t
     GROUP BY kind, page
     ORDER BY kind, page`,
    [size],
  );
}

/** One page of a kind's items from `from` on, in id order; null for an id that is not one. */
export async function listSitemapEntries(tx: Queryable, kind: ItemKind, from: string | null, size = SITEMAP_PAGE_SIZE): Promise<SitemapEntry[] | null> {
  if (from !== null && !isUuid(from)) return null;
  return tx.query<SitemapEntry>(
    `SELECT id, updated_at AS lastmod FROM ${TABLES[kind]}
     WHERE $1::uuid IS NULL OR id >= $1::uuid
     ORDER BY id
     LIMIT $2`,
    [from, size],
  );
}
