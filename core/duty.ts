import { townDate } from "./business-hours";

/**
 * The duty pharmacy (farmácia de plantão, issue #32): a turn is one pharmacy on duty from an
 * instant to another (a 24 h turn from 08:00 to 08:00 the next day is typical). Whatever its
 * normal hours say, a pharmacy inside a turn is open: "Aberto · plantão até amanhã às 8:00".
 * Instants are compared as instants; only the words read the town's wall clock (Intl's tz
 * database for America/Sao_Paulo, as the open badge).
 */
export type DutyTurn = { startsAt: string; endsAt: string };

/** A turn of the rota with what a resident needs to get there: what the home and /farmacias-de-plantao show. */
export type DutyListing = DutyTurn & {
  id: string;
  businessId: string;
  name: string;
  phone: string | null;
  whatsapp: string | null;
  address: string | null;
  neighbourhood: string | null;
};

/** True from the turn's first instant up to, not including, its last. */
export function onDuty(turn: DutyTurn, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(turn.startsAt) <= t && t < Date.parse(turn.endsAt);
}

function clockOf(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

function dayAfter(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** "hoje às 8:00", "amanhã às 8:00" or "sáb., 05/12 às 8:00": an instant as the town says it, seen from `now`. */
export function townMoment(instant: string, now: Date): string {
  const at = townDate(new Date(instant));
  const today = townDate(now).date;
  const clock = clockOf(at.minutes);
  if (at.date === today) return `hoje às ${clock}`;
  if (at.date === dayAfter(today)) return `amanhã às ${clock}`;
  return `${at.date.slice(8, 10)}/${at.date.slice(5, 7)} às ${clock}`;
}

/** The badge of a pharmacy on duty ("Aberto · plantão até amanhã às 8:00"), or null outside its turns. */
export function dutyBadge(turns: readonly DutyTurn[], now: Date): string | null {
  const current = turns.filter((turn) => onDuty(turn, now)).sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt))[0];
  if (!current) return null;
  return `Aberto · plantão até ${townMoment(current.endsAt, now).replace(/^hoje às /, "")}`;
}
