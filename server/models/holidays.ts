import type { SpecialDate } from "#core/business-hours";
import type { TownHoliday } from "#core/holidays";
import type { Queryable } from "../db";
import { isUuid } from "#core/uuid";

// ---------------------------------------------------------------- the state's and the town's holidays

/** The town's holidays from `from` ("YYYY-MM-DD") on, for the admin page. */
export async function listTownHolidays(tx: Queryable, from: string): Promise<TownHoliday[]> {
  return tx.query<TownHoliday>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, name, scope FROM public.town_holidays WHERE day >= $1::date ORDER BY day LIMIT 200`,
    [from],
  );
}

/** Admins only: the database refuses anyone else (42501) and a national holiday's date (23505). */
export async function setTownHoliday(tx: Queryable, holiday: TownHoliday): Promise<void> {
  await tx.query(`SELECT public.set_town_holiday($1::date, $2, $3)`, [holiday.day, holiday.name, holiday.scope]);
}

/** Admins only; false when there was no holiday that day. */
export async function removeTownHoliday(tx: Queryable, day: string): Promise<boolean> {
  const [row] = await tx.query<{ removed: boolean }>(`SELECT public.remove_town_holiday($1::date) AS removed`, [day]);
  return row?.removed ?? false;
}

// ---------------------------------------------------------------- a business's special dates

export type SpecialDateRow = SpecialDate & { id: string };

/** The business's special dates from yesterday on, earliest first (what its edit page lists). */
export async function listSpecialDates(tx: Queryable, businessId: string): Promise<SpecialDateRow[]> {
  if (!isUuid(businessId)) return [];
  return tx.query<SpecialDateRow>(
    `SELECT id, to_char(starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(ends_on, 'YYYY-MM-DD') AS "endsOn", open,
            opens_at AS "opensAt", closes_at AS "closesAt", note
     FROM public.business_special_dates
     WHERE business_id = $1 AND ends_on >= (now() AT TIME ZONE 'America/Sao_Paulo')::date - 1
     ORDER BY starts_on, id LIMIT 20`,
    [businessId],
  );
}

/** The owner adds one (RLS business_special_dates_insert_own refuses anyone else: 42501). */
export async function addSpecialDate(tx: Queryable, businessId: string, date: SpecialDate): Promise<void> {
  await tx.query(
    `INSERT INTO public.business_special_dates (business_id, starts_on, ends_on, open, opens_at, closes_at, note)
     VALUES ($1, $2::date, $3::date, $4, $5, $6, $7)`,
    [businessId, date.startsOn, date.endsOn, date.open, date.open ? date.opensAt : null, date.open ? date.closesAt : null, date.note],
  );
}

/** The owner removes one; false when no row of theirs matched. */
export async function removeSpecialDate(tx: Queryable, businessId: string, id: string): Promise<boolean> {
  if (!isUuid(id) || !isUuid(businessId)) return false;
  const rows = await tx.query(`DELETE FROM public.business_special_dates WHERE id = $1 AND business_id = $2 RETURNING id`, [id, businessId]);
  return rows.length === 1;
}
