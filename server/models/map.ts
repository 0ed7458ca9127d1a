import type { Queryable } from "../db";
import { TOWN_CENTRE } from "#core/town-map";
import { BUSINESS_OPEN_AT_SQL, OPEN_AT_SQL } from "./hours-sql";
import { DISTANCE_SQL } from "./nearby";

/**
 * The map page's pins (issue #33, /mapa): every visible listing with a position, with its
 * open state at `now` and its distance from the town centre, both computed in the database.
 * RLS decides what is visible (a hidden listing is on no map); the kinds a visitor did not ask
 * for are not read at all.
 */

export const MAP_KINDS = ["negocios", "servicos", "motoristas"] as const;
export type MapKind = (typeof MAP_KINDS)[number];

export type MapPin = {
  kind: MapKind;
  id: string;
  name: string;
  /** A business's or service's category, a driver's vehicle kind. */
  category: string;
  latitude: number;
  longitude: number;
  /** Open (a business) or available (a driver) now; null for services, which keep no hours. */
  open: boolean | null;
  /** Metres from the town centre. */
  distanceM: number;
};

/** The most pins of one kind a map shows: the ones nearest the centre (a 100× town has thousands). */
export const MAP_PINS_PER_KIND = 400;

type Source = { table: string; alias: string; category: string; open: (at: string) => string };
const SOURCES: Record<MapKind, Source> = {
  negocios: { table: "public.businesses", alias: "b", category: "b.category", open: (at) => BUSINESS_OPEN_AT_SQL("b", at) },
  servicos: { table: "public.services", alias: "s", category: "s.category", open: () => "NULL::boolean" },
  motoristas: { table: "public.drivers", alias: "d", category: "d.vehicle_kind", open: (at) => OPEN_AT_SQL("d.working_hours", at) },
};

export async function listMapPins(
  tx: Queryable,
  options: { kinds: readonly MapKind[]; category?: string; openNow?: boolean; now: Date },
): Promise<MapPin[]> {
  const pins: MapPin[] = [];
  for (const kind of options.kinds) {
    const { table, alias: a, category, open } = SOURCES[kind];
    const rows = await tx.query<Omit<MapPin, "kind">>(
      `SELECT * FROM (
         SELECT ${a}.id, ${a}.name, ${category} AS category, ${a}.latitude, ${a}.longitude, ${open("$6")} AS open,
                ${DISTANCE_SQL(a, "$1::float8", "$2::float8")} AS "distanceM"
         FROM ${table} ${a}
         WHERE ${a}.latitude IS NOT NULL AND ($3::text IS NULL OR ${category} = $3)
       ) pin
       WHERE NOT $4::boolean OR pin.open IS TRUE
       ORDER BY "distanceM", id
       LIMIT $5`,
      // The instant only where the kind keeps hours ($6): an unused parameter has no type on PostgreSQL.
      [TOWN_CENTRE.latitude, TOWN_CENTRE.longitude, options.category ?? null, options.openNow ?? false, MAP_PINS_PER_KIND, ...(kind === "servicos" ? [] : [options.now.toISOString()])],
    );
    for (const row of rows) pins.push({ ...row, kind, latitude: Number(row.latitude), longitude: Number(row.longitude), distanceM: Math.round(Number(row.distanceM)) });
  }
  return pins;
}
