import type { OpeningHours } from "#core/business-hours";
import type { VehicleKind } from "#core/drivers";
import type { Queryable } from "../db";
import { CALENDAR_COLUMNS, TOWN_HOLIDAYS_SQL, type BusinessCalendarColumns } from "./businesses";
import { BUSINESS_OPEN_AT_SQL, OPEN_AT_SQL, OPEN_COUNT_SQL } from "./hours-sql";
import type { TownHoliday } from "#core/holidays";
import { DUTY_TURNS_SQL, type DutyListing } from "./duty";

export type HomeOverview = {
  openBusinesses: (BusinessCalendarColumns & { id: string; name: string; category: string; logoUrl: string | null; openingHours: OpeningHours | null })[];
  openBusinessCount: number;
  townHolidays: TownHoliday[];
  /** The pharmacies on duty during this minute (issue #32). */
  dutyNow: DutyListing[];
  sellItems: { id: string; title: string; price: string; image: string | null; location: string }[];
  news: { id: string; title: string; summary: string; coverImage: string | null; createdAt: Date }[];
  posts: { id: string; content: string; authorName: string; authorUsername: string; createdAt: Date; hasPoll: boolean }[];
  drivers: { id: string; name: string; vehicleKind: VehicleKind; photoUrl: string | null; workingHours: OpeningHours | null }[];
};

const OPEN_CARD = `b.id, b.name, b.category, b.logo_url AS "logoUrl", b.opening_hours AS "openingHours", ${CALENDAR_COLUMNS("b")}`;

/**
 * Which six open businesses the home shows changes every hour: the primary key's index is
 * walked from an id drawn from the hour (ids are random, so any business may come first),
 * wrapping around, until six open ones are found — never the whole table.
 */
const HOUR_START = `md5(to_char($1::timestamptz, 'YYYYMMDDHH24'))::uuid`;

/**
 * The home page's "town at a glance" in one statement: each section a bounded JSON array,
 * so the page costs one round trip whatever the town's size. The open count is a sum over the
 * day's opening spans (public.opening_spans, kept by a trigger), not a count of businesses.
 */
export async function getHomeOverview(tx: Queryable, now: Date): Promise<HomeOverview> {
  const [row] = await tx.query<HomeOverview>(
    `SELECT
       coalesce((SELECT json_agg(x) FROM (
         (SELECT ${OPEN_CARD} FROM public.businesses b WHERE b.id >= ${HOUR_START} AND ${BUSINESS_OPEN_AT_SQL("b", "$1")} ORDER BY b.id LIMIT 6)
         UNION ALL
         (SELECT ${OPEN_CARD} FROM public.businesses b WHERE b.id < ${HOUR_START} AND ${BUSINESS_OPEN_AT_SQL("b", "$1")} ORDER BY b.id LIMIT 6)
         LIMIT 6) x), '[]') AS "openBusinesses",
       ${OPEN_COUNT_SQL("$1")} AS "openBusinessCount",
       ${TOWN_HOLIDAYS_SQL} AS "townHolidays",
       -- On duty at any moment of the minute $1 starts (the read is cached per minute).
       ${DUTY_TURNS_SQL("$1", "($1::timestamptz + interval '1 minute')", 3)} AS "dutyNow",
       coalesce((SELECT json_agg(x) FROM (
         SELECT i.id, i.title, i.price::text AS price, i.images[1] AS image, i.location
         FROM public.sell_items i WHERE i.status = 'available'
         ORDER BY i.created_at DESC, i.id DESC LIMIT 4) x), '[]') AS "sellItems",
       coalesce((SELECT json_agg(x) FROM (
         SELECT n.id, n.title, n.summary, n.cover_image AS "coverImage", n.created_at AS "createdAt"
         FROM public.news n ORDER BY n.created_at DESC, n.id DESC LIMIT 3) x), '[]') AS news,
       -- "hasPoll" is asked of the three posts only: asked in the same SELECT as the ORDER BY,
       -- the planner hashed every poll of the town to answer it.
       coalesce((SELECT json_agg(x) FROM (
         SELECT p.*, EXISTS (SELECT 1 FROM public.polls pl WHERE pl.post_id = p.id) AS "hasPoll" FROM (
           SELECT p.id, left(p.content, 180) AS content, pr.full_name AS "authorName", pr.username AS "authorUsername",
                  p.created_at AS "createdAt"
           FROM public.posts p JOIN public.profiles pr ON pr.id = p.author_id
           ORDER BY p.created_at DESC, p.id DESC LIMIT 3) p) x), '[]') AS posts,
       coalesce((SELECT json_agg(x) FROM (
         SELECT d.id, d.name, d.vehicle_kind AS "vehicleKind", d.photo_url AS "photoUrl", d.working_hours AS "workingHours"
         FROM public.drivers d WHERE ${OPEN_AT_SQL("d.working_hours", "$1")}
         ORDER BY d.name LIMIT 6) x), '[]') AS drivers`,
    [now.toISOString()],
  );
  return row!;
}
