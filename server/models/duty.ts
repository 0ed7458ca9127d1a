import type { Queryable } from "../db";
import type { DutyListing } from "#core/duty";
import { isUuid } from "#core/uuid";
import type { Pharmacy, RotaTurn } from "./duty-rota";

export type { DutyListing };

/** The turns that overlap [$from, $to), earliest first; `from` and `to` are SQL parameter names. */
export const DUTY_TURNS_SQL = (from: string, to: string, limit: number) => `(SELECT coalesce(json_agg(x ORDER BY x."startsAt", x.name), '[]'::json) FROM (
    SELECT t.id, b.id AS "businessId", b.name, b.phone, b.whatsapp, b.address, b.neighbourhood,
           to_char(t.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "startsAt",
           to_char(t.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "endsAt"
    FROM public.duty_turns t JOIN public.businesses b ON b.id = t.business_id
    WHERE t.ends_at > ${from}::timestamptz AND t.starts_at < ${to}::timestamptz
    ORDER BY t.starts_at, b.name LIMIT ${limit}) x)`;

/** Today's and the next days' turns (a week from `now`), for /farmacias-de-plantao. */
export async function listDutyTurns(tx: Queryable, now: Date, days = 7): Promise<DutyListing[]> {
  const to = new Date(now.getTime() + days * 86_400_000);
  const [row] = await tx.query<{ turns: DutyListing[] }>(`SELECT ${DUTY_TURNS_SQL("$1", "$2", 200)} AS turns`, [now.toISOString(), to.toISOString()]);
  return row?.turns ?? [];
}

/** The pharmacies a turn may name (the Farmácia category, as the database insists). */
export async function listPharmacies(tx: Queryable): Promise<Pharmacy[]> {
  return tx.query<Pharmacy>(`SELECT b.id, b.name FROM public.businesses b WHERE b.category = 'Farmácia' ORDER BY b.name, b.id LIMIT 200`);
}

/** Moderators and admins (public.add_duty_turns refuses anyone else: 42501): the whole rota or, on a refusal, none of it. */
export async function addDutyTurns(tx: Queryable, turns: readonly RotaTurn[]): Promise<void> {
  if (turns.length === 0) return;
  await tx.query(`SELECT public.add_duty_turns($1::uuid[], $2::timestamptz[], $3::timestamptz[])`, [
    turns.map((t) => t.businessId),
    turns.map((t) => t.startsAt),
    turns.map((t) => t.endsAt),
  ]);
}

/** Moderators and admins; false when no turn had that id. */
export async function removeDutyTurn(tx: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await tx.query<{ removed: boolean }>(`SELECT public.remove_duty_turn($1) AS removed`, [id]);
  return row?.removed ?? false;
}
