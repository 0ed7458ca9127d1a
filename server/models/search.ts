import { toPrefixTsQuery } from "#core/search-query";
import type { ItemKind } from "#core/item-kinds";
import type { Queryable } from "../db";

export type SearchHit = {
  kind: ItemKind;
  id: string;
  title: string;
  subtitle: string;
  image: string | null;
  rank: number;
};

export const SEARCH_PER_KIND = 8;

/**
 * How many matches of one kind are ranked at most: three times the eight shown, never the
 * whole town. Ranking reads each candidate's document, and on PGlite that work holds the
 * event loop: this bound is what bounds the stall a search causes.
 */
export const SEARCH_CANDIDATES = 24;

type SearchSource = {
  kind: ItemKind;
  table: string;
  /** The listing's document, as the search_documents triggers build it (for its hidden rows). */
  document: string;
  columns: readonly [
    id: string,
    title: string,
    subtitle: string,
    image: string,
  ];
};

/** Each document is the one supabase/migrations/20261126000200_search_visible.sql keeps. */
const SOURCES: readonly SearchSource[] = [
  {
    kind: "business",
    table: "public.businesses",
    document:
      "x.name || ' ' || x.category || ' ' || x.neighbourhood || ' ' || x.description",
    columns: [
      "x.id",
      "x.name",
      "x.category || ' · ' || x.neighbourhood",
      "x.logo_url",
    ],
  },
  {
    kind: "service",
    table: "public.services",
    document:
      "x.name || ' ' || x.category || ' ' || x.neighbourhood || ' ' || x.description",
    columns: [
      "x.id",
      "x.name",
      "x.category || ' · ' || x.neighbourhood",
      "x.image_url",
    ],
  },
  {
    kind: "driver",
    table: "public.drivers",
    document:
      "x.name || ' ' || x.vehicle_kind || ' ' || x.vehicle_description || ' ' || public.search_join(x.areas)",
    columns: [
      "x.id",
      "x.name",
      "initcap(x.vehicle_kind) || ' · ' || x.vehicle_description",
      "x.photo_url",
    ],
  },
  {
    kind: "sell_item",
    table: "public.sell_items",
    document:
      "x.title || ' ' || x.category || ' ' || x.location || ' ' || x.description",
    columns: [
      "x.id",
      "x.title",
      "x.category || ' · ' || x.location || CASE WHEN x.status = 'sold' THEN ' · vendido' ELSE '' END",
      "x.images[1]",
    ],
  },
  {
    kind: "post",
    table: "public.posts",
    document: "x.content",
    columns: [
      "x.id",
      "left(x.content, 120)",
      "(SELECT pr.full_name FROM public.profiles pr WHERE pr.id = x.author_id)",
      "x.image_url",
    ],
  },
  {
    kind: "news",
    table: "public.news",
    document: "x.title || ' ' || x.summary || ' ' || x.content",
    columns: ["x.id", "x.title", "x.summary", "x.cover_image"],
  },
];

/**
 * One kind's matches, ranked within at most SEARCH_CANDIDATES of them (the first in id
 * order: the same candidates whatever the engine or the rows' physical order). The visible
 * ones come from search_documents (it holds only what visitors may see, so its match can be
 * an index condition) and are read back by id from the listing under its own policies (one
 * primary-key lookup each: the LIMIT keeps the planner from hashing the whole table); the
 * hidden ones the caller may see (their own, or all for a moderator) come from the listing's
 * few hidden rows, under the same policies: a visitor gets none of them.
 */
function kindQuery(source: SearchSource, tsQuery: string): string {
  const columns = source.columns
    .map((column, i) => `${column} AS ${["id", "title", "subtitle", "image"][i]}`)
    .join(", ");
  return `(SELECT '${source.kind}' AS kind, c.*, row_number() OVER (ORDER BY c.rank DESC, c.title) AS position
       FROM (SELECT ${columns}, ts_rank(m.document, ${tsQuery}) AS rank
             FROM (SELECT d.item_id, d.document FROM public.search_documents d
                   WHERE d.kind = '${source.kind}' AND d.document @@ ${tsQuery} ORDER BY d.item_id LIMIT $3) m
             CROSS JOIN LATERAL (SELECT x.* FROM ${source.table} x WHERE x.id = m.item_id LIMIT 1) x
             UNION ALL
             SELECT ${columns}, ts_rank(public.search_vector(${source.document}), ${tsQuery})
             FROM (SELECT x.* FROM ${source.table} x
                   WHERE x.moderation_state <> 'visible' AND public.search_vector(${source.document}) @@ ${tsQuery}
                   ORDER BY x.id LIMIT $3) x) c)`;
}

/**
 * One statement over the six listings, ranked within each kind and capped per kind, so a
 * common word costs the same in a city as in a town. The query is written out in each
 * condition, not read from a CTE, so the planner sees how selective it is. Its text is the
 * same for every search (the words are its parameter): made once, when the module loads.
 */
const SEARCH_STATEMENT = `SELECT kind, id, title, subtitle, image, rank::float8 AS rank
     FROM (${SOURCES.map((source) => kindQuery(source, "to_tsquery('pg_catalog.portuguese', $1)")).join("\n     UNION ALL ")}) hits
     WHERE position <= $2
     ORDER BY kind, position`;

export async function searchTown(
  tx: Queryable,
  input: string,
): Promise<SearchHit[]> {
  const query = toPrefixTsQuery(input);
  if (!query) return [];
  return tx.query<SearchHit>(SEARCH_STATEMENT, [query, SEARCH_PER_KIND, SEARCH_CANDIDATES]);
}
