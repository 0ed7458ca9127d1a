import { toPrefixTsQuery } from "../../app/lib/search-query";
import type { ItemKind } from "../../app/lib/item-kinds";
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
 * whole town. Each candidate's document is rebuilt to rank it, and on PGlite that work holds
 * the event loop: this bound is what bounds the stall a search causes.
 */
export const SEARCH_CANDIDATES = 24;

type SearchSource = {
  kind: ItemKind;
  from: string;
  document: string;
  columns: readonly [
    id: string,
    title: string,
    subtitle: string,
    image: string,
  ];
};

/** Each document expression matches its GIN index (supabase/migrations/*_search.sql). */
const SOURCES: readonly SearchSource[] = [
  {
    kind: "business",
    from: "public.businesses x",
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
    from: "public.services x",
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
    from: "public.drivers x",
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
    from: "public.sell_items x",
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
    from: "public.posts x",
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
    from: "public.news x",
    document: "x.title || ' ' || x.summary || ' ' || x.content",
    columns: ["x.id", "x.title", "x.summary", "x.cover_image"],
  },
];

/**
 * One statement over the six listings, ranked within each kind and capped per kind. Each
 * kind ranks at most SEARCH_CANDIDATES of its matches (taken from its GIN index), so a
 * common word costs the same in a city as in a town. The query is written out in each
 * condition, not read from a CTE, so the planner sees how selective it is.
 */
export async function searchTown(
  tx: Queryable,
  input: string,
): Promise<SearchHit[]> {
  const query = toPrefixTsQuery(input);
  if (!query) return [];
  const tsQuery = "to_tsquery('pg_catalog.portuguese', $1)";
  const kinds = SOURCES.map((source) => {
    const columns = source.columns
      .map(
        (column, i) =>
          `${column} AS ${["id", "title", "subtitle", "image"][i]}`,
      )
      .join(", ");
    return `(SELECT '${source.kind}' AS kind, c.*, row_number() OVER (ORDER BY c.rank DESC, c.title) AS position
       FROM (SELECT ${columns}, ts_rank(public.search_vector(${source.document}), ${tsQuery}) AS rank
             FROM (SELECT x.* FROM ${source.from} WHERE public.search_vector(${source.document}) @@ ${tsQuery} LIMIT $3) x) c)`;
  });
  return tx.query<SearchHit>(
    `SELECT kind, id, title, subtitle, image, rank::float8 AS rank
     FROM (${kinds.join("\n     UNION ALL ")}) hits
     WHERE position <= $2
     ORDER BY kind, position`,
    [query, SEARCH_PER_KIND, SEARCH_CANDIDATES],
  );
}
