import { isUuid } from "#core/uuid";
import type { OpeningHours } from "#core/business-hours";
import type { DriverFilter, VehicleKind } from "#core/drivers";
import type { Queryable } from "../db";
import { OPEN_AT_SQL } from "./businesses";
import { keysetPage, nameOrderPage, type PageRequest } from "./keyset";
import { RATING_SQL, TOP_RATED_SQL, type Rating } from "./reviews";

export const DRIVERS_PAGE_SIZE = 20;

export type DriverCard = {
  id: string;
  name: string;
  vehicleKind: VehicleKind;
  vehicleDescription: string;
  photoUrl: string | null;
  workingHours: OpeningHours | null;
  /** Kept by the database from the visible reviews (issue #30). */
  rating: Rating;
};

export type Driver = DriverCard & {
  ownerId: string | null;
  areas: string[];
  bio: string;
  phone: string | null;
  whatsapp: string | null;
  /** The driver's base (issue #33): both or neither. */
  latitude: number | null;
  longitude: number | null;
};

/** What a list card shows (the "perto de" lists in nearby.ts read the same). */
export const CARD_COLUMNS = `d.id, d.name, d.vehicle_kind AS "vehicleKind", d.vehicle_description AS "vehicleDescription",
  d.photo_url AS "photoUrl", d.working_hours AS "workingHours", ${RATING_SQL("d")} AS rating`;

/**
 * One page of drivers for a filter, in one statement. "disponiveis" is the open-now rule
 * applied to working_hours (same shape as opening hours), evaluated in SQL at `now` so
 * paging stays consistent; a vehicle kind filters on vehicle_kind; "4+ estrelas" (`topRated`)
 * reads the top-rated rows' partial index. Keyset pages in the name order (keyset.ts).
 */
export async function listDrivers(
  tx: Queryable,
  options: PageRequest & { filter: DriverFilter; topRated?: boolean; now: Date },
): Promise<{ drivers: DriverCard[]; hasMore: boolean; page: number }> {
  const { filter } = options;
  const kind = filter === "all" || filter === "disponiveis" ? null : filter;
  const page = nameOrderPage("public.drivers", "d", "name", options, "$6", DRIVERS_PAGE_SIZE, "name_sort_key");
  const rows = await tx.query<DriverCard>(
    `SELECT ${CARD_COLUMNS}
     FROM public.drivers d
     WHERE ($1::text IS NULL OR d.vehicle_kind = $1)
       AND (NOT $2::boolean OR ${OPEN_AT_SQL("d.working_hours", "$3")})
       ${TOP_RATED_SQL("d", options.topRated)}
       AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $4 OFFSET $5`,
    [kind, filter === "disponiveis", options.now.toISOString(), DRIVERS_PAGE_SIZE + 1, page.offset, page.cursor],
  );
  const { rows: drivers, ...rest } = keysetPage(rows, options, DRIVERS_PAGE_SIZE);
  return { drivers, ...rest };
}

export async function getDriver(tx: Queryable, id: string): Promise<Driver | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<Driver>(
    `SELECT ${CARD_COLUMNS}, d.areas, d.bio, d.phone, d.whatsapp, d.latitude, d.longitude, d.owner_id AS "ownerId"
     FROM public.drivers d WHERE d.id = $1`,
    [id],
  );
  return row ?? null;
}
