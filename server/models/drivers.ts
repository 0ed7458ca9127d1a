import type { OpeningHours } from "../../app/lib/business-hours";
import type { DriverFilter, VehicleKind } from "../../app/lib/drivers";
import type { Queryable } from "../db";
import { OPEN_AT_SQL, isUuid } from "./businesses";
import { ptSortKey } from "./sort";

export const DRIVERS_PAGE_SIZE = 20;

export type DriverCard = {
  id: string;
  name: string;
  vehicleKind: VehicleKind;
  vehicleDescription: string;
  photoUrl: string | null;
  workingHours: OpeningHours | null;
};

export type Driver = DriverCard & {
  areas: string[];
  bio: string;
  phone: string | null;
  whatsapp: string | null;
};

const CARD_COLUMNS = `d.id, d.name, d.vehicle_kind AS "vehicleKind", d.vehicle_description AS "vehicleDescription",
  d.photo_url AS "photoUrl", d.working_hours AS "workingHours"`;

/**
 * One page of drivers for a filter, in one statement. "disponiveis" is the open-now rule
 * applied to working_hours (same shape as opening hours), evaluated in SQL at `now` so
 * paging stays consistent; a vehicle kind filters on vehicle_kind.
 */
export async function listDrivers(
  tx: Queryable,
  options: { filter: DriverFilter; page: number; now: Date },
): Promise<{ drivers: DriverCard[]; hasMore: boolean }> {
  const { filter } = options;
  const kind = filter === "all" || filter === "disponiveis" ? null : filter;
  const rows = await tx.query<DriverCard>(
    `SELECT ${CARD_COLUMNS}
     FROM public.drivers d
     WHERE ($1::text IS NULL OR d.vehicle_kind = $1)
       AND (NOT $2::boolean OR ${OPEN_AT_SQL("d.working_hours", "$3")})
     ORDER BY ${ptSortKey("d.name")}, d.name, d.id
     LIMIT $4 OFFSET $5`,
    [
      kind,
      filter === "disponiveis",
      options.now.toISOString(),
      DRIVERS_PAGE_SIZE + 1,
      (options.page - 1) * DRIVERS_PAGE_SIZE,
    ],
  );
  return { drivers: rows.slice(0, DRIVERS_PAGE_SIZE), hasMore: rows.length > DRIVERS_PAGE_SIZE };
}

export async function getDriver(tx: Queryable, id: string): Promise<Driver | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<Driver>(
    `SELECT ${CARD_COLUMNS}, d.areas, d.bio, d.phone, d.whatsapp
     FROM public.drivers d WHERE d.id = $1`,
    [id],
  );
  return row ?? null;
}
