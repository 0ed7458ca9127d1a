import type { TownHoliday } from "#core/holidays";
import type { DriverFilter } from "#core/drivers";
import { offsetBy, type Position } from "#core/town-map";
import type { Queryable } from "../db";
import { CARD_COLUMNS as BUSINESS_COLUMNS, TOWN_HOLIDAYS_SQL, type BusinessCard } from "./businesses";
import { CARD_COLUMNS as DRIVER_COLUMNS, type DriverCard } from "./drivers";
import { BUSINESS_OPEN_AT_SQL, OPEN_AT_SQL } from "./hours-sql";
import { CARD_COLUMNS as SERVICE_COLUMNS, type ServiceCard } from "./services";
import { TOP_RATED_SQL } from "./reviews";

/**
 * "Perto de mim" (issue #33): a list in order of distance from a point — a resident's position
 * rounded to ~100 m, or a neighbourhood's centre — computed in the database. The point arrives as
 * bound parameters and is used for this one statement: nothing stores, logs or caches it (the
 * routes answer `private, no-store`, server/cache never sees it).
 *
 * Bounding box first: each attempt reads the rows inside a box of half-side r around the point
 * through the listing's B-tree on (latitude, longitude), keeps those within r and sorts
 * them. Every row within r lies in the box, so the order is exact up to r; when fewer rows than the
 * page needs lie within r, the next, four times wider box is asked. The cost follows the rows near
 * the point, not the town's size (EXPLAIN at the 100× town: tests/integration/city-plans.test.ts).
 */

const NEAR_PAGE_SIZE = 20;
/** The deepest page a "perto de" list serves (offset paging: the rows before it are sorted again). */
const NEAR_MAX_PAGE = 20;
/** Half-sides of the boxes asked in turn; the last one (clamped to the planet's box) holds every pin. */
const RADII_M = [150, 600, 2_400, 9_600, 38_400, 1e9];

export type Near<T> = T & { distanceM: number };
export type NearRequest = { origin: Position; page: number };

/** Metres from the point ($lat, $lng) to a row's pin: the equirectangular formula, good across a town. */
export const DISTANCE_SQL = (alias: string, lat: string, lng: string) =>
  `(6371000 * sqrt(power(radians(${alias}.latitude - ${lat}), 2)
     + power(radians(${alias}.longitude - ${lng}) * cos(radians((${alias}.latitude + ${lat}) / 2)), 2)))`;

/**
 * The box and radius parameters every "perto de" statement starts with: $1–$4 the box's corners
 * (west, south, east, north), $5 the radius, $6 and $7 the point.
 */
function boxParams(origin: Position, radius: number): number[] {
  const ne = offsetBy(origin, radius, radius);
  const sw = offsetBy(origin, -radius, -radius);
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  return [clamp(sw.longitude, 180), clamp(sw.latitude, 90), clamp(ne.longitude, 180), clamp(ne.latitude, 90), radius, origin.latitude, origin.longitude];
}

// Plain float8 comparisons: they are LEAKPROOF, so under RLS they may drive the B-tree on
// (latitude, longitude); point <@ box may not (20261201000610_coordinates_btree.sql).
const WITHIN = (alias: string) =>
  `${alias}.latitude BETWEEN $2::float8 AND $4::float8 AND ${alias}.longitude BETWEEN $1::float8 AND $3::float8
   AND ${DISTANCE_SQL(alias, "$6::float8", "$7::float8")} <= $5::float8`;

/** Widens the box until the page is whole (or the planet is read); then cuts out the page. */
async function nearestPage<T>(
  request: NearRequest,
  read: (params: number[], limit: number) => Promise<Near<T>[]>,
): Promise<{ rows: Near<T>[]; hasMore: boolean; page: number }> {
  const page = Math.min(Math.max(1, request.page), NEAR_MAX_PAGE);
  const need = page * NEAR_PAGE_SIZE + 1;
  let rows: Near<T>[] = [];
  for (const radius of RADII_M) {
    rows = await read(boxParams(request.origin, radius), need);
    if (rows.length >= need) break;
  }
  const start = (page - 1) * NEAR_PAGE_SIZE;
  const hasMore = rows.length > start + NEAR_PAGE_SIZE && page < NEAR_MAX_PAGE;
  return { rows: rows.slice(start, start + NEAR_PAGE_SIZE).map((r) => ({ ...r, distanceM: Math.round(Number(r.distanceM)) })), hasMore, page };
}

export async function listBusinessesNear(
  tx: Queryable,
  options: NearRequest & { category?: string; openNow?: boolean; topRated?: boolean; now: Date },
): Promise<{ businesses: Near<BusinessCard>[]; townHolidays: TownHoliday[]; hasMore: boolean; page: number }> {
  let townHolidays: TownHoliday[] = [];
  const { rows, ...rest } = await nearestPage<BusinessCard>(options, async (params, limit) => {
    const found = await tx.query<Near<BusinessCard> & { townHolidays?: TownHoliday[] }>(
      `SELECT ${BUSINESS_COLUMNS}, ${TOWN_HOLIDAYS_SQL} AS "townHolidays", ${DISTANCE_SQL("b", "$6::float8", "$7::float8")} AS "distanceM"
       FROM public.businesses b
       WHERE ${WITHIN("b")}
         AND ($8::text IS NULL OR b.category = $8)
         AND (NOT $9::boolean OR ${BUSINESS_OPEN_AT_SQL("b", "$10")}) ${TOP_RATED_SQL("b", options.topRated)}
       ORDER BY "distanceM", b.id
       LIMIT $11`,
      [...params, options.category ?? null, options.openNow ?? false, options.now.toISOString(), limit],
    );
    townHolidays = found[0]?.townHolidays ?? townHolidays;
    return found;
  });
  const businesses = rows.map(({ townHolidays: _shared, ...card }: Near<BusinessCard> & { townHolidays?: TownHoliday[] }) => card);
  return { businesses, townHolidays, ...rest };
}

export async function listServicesNear(
  tx: Queryable,
  options: NearRequest & { category?: string; topRated?: boolean },
): Promise<{ services: Near<ServiceCard>[]; hasMore: boolean; page: number }> {
  const { rows, ...rest } = await nearestPage<ServiceCard>(options, (params, limit) =>
    tx.query(
      `SELECT ${SERVICE_COLUMNS}, ${DISTANCE_SQL("s", "$6::float8", "$7::float8")} AS "distanceM"
       FROM public.services s
       WHERE ${WITHIN("s")} AND ($8::text IS NULL OR s.category = $8) ${TOP_RATED_SQL("s", options.topRated)}
       ORDER BY "distanceM", s.id
       LIMIT $9`,
      [...params, options.category ?? null, limit],
    ),
  );
  return { services: rows, ...rest };
}

export async function listDriversNear(
  tx: Queryable,
  options: NearRequest & { filter: DriverFilter; topRated?: boolean; now: Date },
): Promise<{ drivers: Near<DriverCard>[]; hasMore: boolean; page: number }> {
  const kind = options.filter === "all" || options.filter === "disponiveis" ? null : options.filter;
  const { rows, ...rest } = await nearestPage<DriverCard>(options, (params, limit) =>
    tx.query(
      `SELECT ${DRIVER_COLUMNS}, ${DISTANCE_SQL("d", "$6::float8", "$7::float8")} AS "distanceM"
       FROM public.drivers d
       WHERE ${WITHIN("d")}
         AND ($8::text IS NULL OR d.vehicle_kind = $8)
         AND (NOT $9::boolean OR ${OPEN_AT_SQL("d.working_hours", "$10")}) ${TOP_RATED_SQL("d", options.topRated)}
       ORDER BY "distanceM", d.id
       LIMIT $11`,
      [...params, kind, options.filter === "disponiveis", options.now.toISOString(), limit],
    ),
  );
  return { drivers: rows, ...rest };
}
