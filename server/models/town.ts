import type { Queryable } from "../db";

export type TownCounts = {
  businesses: number;
  services: number;
  drivers: number;
  sellItems: number;
  posts: number;
  news: number;
  users: number;
};

export type NewsSummary = { id: string; title: string; summary: string; coverImage: string | null; createdAt: Date };
export type BusinessSummary = { id: string; name: string; category: string; neighbourhood: string; logoUrl: string | null };

/** What the town holds, in one statement (the home page's "at a glance"). */
export async function getTownCounts(tx: Queryable): Promise<TownCounts> {
  const [row] = await tx.query<TownCounts>(`
    SELECT
      (SELECT count(*) FROM public.businesses)::int AS businesses,
      (SELECT count(*) FROM public.services)::int AS services,
      (SELECT count(*) FROM public.drivers)::int AS drivers,
      (SELECT count(*) FROM public.sell_items WHERE status = 'available')::int AS "sellItems",
      (SELECT count(*) FROM public.posts)::int AS posts,
      (SELECT count(*) FROM public.news)::int AS news,
      (SELECT count(*) FROM public.profiles)::int AS users`);
  return row!;
}

export async function getLatestNews(tx: Queryable, limit: number): Promise<NewsSummary[]> {
  return tx.query<NewsSummary>(
    `SELECT id, title, summary, cover_image AS "coverImage", created_at AS "createdAt"
     FROM public.news ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}

export async function getNewestBusinesses(tx: Queryable, limit: number): Promise<BusinessSummary[]> {
  return tx.query<BusinessSummary>(
    `SELECT id, name, category, neighbourhood, logo_url AS "logoUrl"
     FROM public.businesses ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}
