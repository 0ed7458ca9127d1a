import type { OpeningHours } from "../../app/lib/business-hours";
import type { VehicleKind } from "../../app/lib/drivers";
import type { Queryable } from "../db";
import { OPEN_AT_SQL } from "./businesses";

export type HomeOverview = {
  openBusinesses: { id: string; name: string; category: string; logoUrl: string | null; openingHours: OpeningHours | null }[];
  openBusinessCount: number;
  sellItems: { id: string; title: string; price: string; image: string | null; location: string }[];
  news: { id: string; title: string; summary: string; coverImage: string | null; createdAt: Date }[];
  posts: { id: string; content: string; authorName: string; authorUsername: string; createdAt: Date; hasPoll: boolean }[];
  drivers: { id: string; name: string; vehicleKind: VehicleKind; photoUrl: string | null; workingHours: OpeningHours | null }[];
};

/**
 * The home page's "town at a glance" in one statement: each section a bounded JSON array,
 * so the page costs one round trip whatever the town's size.
 */
export async function getHomeOverview(tx: Queryable, now: Date): Promise<HomeOverview> {
  const [row] = await tx.query<HomeOverview>(
    `SELECT
       coalesce((SELECT json_agg(x) FROM (
         SELECT b.id, b.name, b.category, b.logo_url AS "logoUrl", b.opening_hours AS "openingHours"
         FROM public.businesses b WHERE ${OPEN_AT_SQL("b.opening_hours", "$1")}
         ORDER BY md5(b.id::text || to_char($1::timestamptz, 'YYYYMMDDHH24')) LIMIT 6) x), '[]') AS "openBusinesses",
       (SELECT count(*)::int FROM public.businesses b WHERE ${OPEN_AT_SQL("b.opening_hours", "$1")}) AS "openBusinessCount",
       coalesce((SELECT json_agg(x) FROM (
         SELECT i.id, i.title, i.price::text AS price, i.images[1] AS image, i.location
         FROM public.sell_items i WHERE i.status = 'available'
         ORDER BY i.created_at DESC, i.id DESC LIMIT 4) x), '[]') AS "sellItems",
       coalesce((SELECT json_agg(x) FROM (
         SELECT n.id, n.title, n.summary, n.cover_image AS "coverImage", n.created_at AS "createdAt"
         FROM public.news n ORDER BY n.created_at DESC, n.id DESC LIMIT 3) x), '[]') AS news,
       coalesce((SELECT json_agg(x) FROM (
         SELECT p.id, left(p.content, 180) AS content, pr.full_name AS "authorName", pr.username AS "authorUsername",
                p.created_at AS "createdAt", EXISTS (SELECT 1 FROM public.polls pl WHERE pl.post_id = p.id) AS "hasPoll"
         FROM public.posts p JOIN public.profiles pr ON pr.id = p.author_id
         ORDER BY p.created_at DESC, p.id DESC LIMIT 3) x), '[]') AS posts,
       coalesce((SELECT json_agg(x) FROM (
         SELECT d.id, d.name, d.vehicle_kind AS "vehicleKind", d.photo_url AS "photoUrl", d.working_hours AS "workingHours"
         FROM public.drivers d WHERE ${OPEN_AT_SQL("d.working_hours", "$1")}
         ORDER BY d.name LIMIT 6) x), '[]') AS drivers`,
    [now.toISOString()],
  );
  return row!;
}
