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
 * One statement over the six listings, ranked within each kind and capped per kind.
 * Each document expression matches its GIN index (supabase/migrations/*_search.sql).
 */
export async function searchTown(tx: Queryable, input: string): Promise<SearchHit[]> {
  const query = toPrefixTsQuery(input);
  if (!query) return [];
  return tx.query<SearchHit>(
    `WITH q AS (SELECT to_tsquery('pg_catalog.portuguese', $1) AS query),
     hits AS (
       SELECT 'business' AS kind, b.id, b.name AS title, b.category || ' · ' || b.neighbourhood AS subtitle, b.logo_url AS image,
              ts_rank(public.search_vector(b.name || ' ' || b.category || ' ' || b.neighbourhood || ' ' || b.description), q.query) AS rank
       FROM public.businesses b, q
       WHERE public.search_vector(b.name || ' ' || b.category || ' ' || b.neighbourhood || ' ' || b.description) @@ q.query
       UNION ALL
       SELECT 'service', s.id, s.name, s.category || ' · ' || s.neighbourhood, s.image_url,
              ts_rank(public.search_vector(s.name || ' ' || s.category || ' ' || s.neighbourhood || ' ' || s.description), q.query)
       FROM public.services s, q
       WHERE public.search_vector(s.name || ' ' || s.category || ' ' || s.neighbourhood || ' ' || s.description) @@ q.query
       UNION ALL
       SELECT 'driver', d.id, d.name, initcap(d.vehicle_kind) || ' · ' || d.vehicle_description, d.photo_url,
              ts_rank(public.search_vector(d.name || ' ' || d.vehicle_kind || ' ' || d.vehicle_description || ' ' || public.search_join(d.areas)), q.query)
       FROM public.drivers d, q
       WHERE public.search_vector(d.name || ' ' || d.vehicle_kind || ' ' || d.vehicle_description || ' ' || public.search_join(d.areas)) @@ q.query
       UNION ALL
       SELECT 'sell_item', i.id, i.title, i.category || ' · ' || i.location || CASE WHEN i.status = 'sold' THEN ' · vendido' ELSE '' END, i.images[1],
              ts_rank(public.search_vector(i.title || ' ' || i.category || ' ' || i.location || ' ' || i.description), q.query)
       FROM public.sell_items i, q
       WHERE public.search_vector(i.title || ' ' || i.category || ' ' || i.location || ' ' || i.description) @@ q.query
       UNION ALL
       SELECT 'post', p.id, left(p.content, 120), pr.full_name, p.image_url,
              ts_rank(public.search_vector(p.content), q.query)
       FROM public.posts p JOIN public.profiles pr ON pr.id = p.author_id, q
       WHERE public.search_vector(p.content) @@ q.query
       UNION ALL
       SELECT 'news', n.id, n.title, n.summary, n.cover_image,
              ts_rank(public.search_vector(n.title || ' ' || n.summary || ' ' || n.content), q.query)
       FROM public.news n, q
       WHERE public.search_vector(n.title || ' ' || n.summary || ' ' || n.content) @@ q.query
     ),
     ranked AS (
       SELECT *, row_number() OVER (PARTITION BY kind ORDER BY rank DESC, title) AS position FROM hits
     )
     SELECT kind, id, title, subtitle, image, rank::float8 AS rank
     FROM ranked WHERE position <= $2
     ORDER BY kind, position`,
    [query, SEARCH_PER_KIND],
  );
}
