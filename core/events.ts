import { townDate, WEEKDAYS } from "./business-hours";
import { formatBRL } from "./format";

/**
 * The town's agenda (issue #32): events residents propose and moderators approve. Instants
 * are compared as instants; only the words and the agenda's windows ("Hoje", "Este fim de
 * semana", a month) read the town's wall clock (the tz database for America/Sao_Paulo).
 */

/** The categories a proposal picks from (the database checks the same list: 20261201000300_events.sql). */
export const EVENT_CATEGORIES = ["Festa", "Feira", "Religião", "Cultura", "Esporte", "Saúde", "Comunidade"] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export type EventStatus = "pending" | "approved" | "rejected";

export type TownEvent = {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  category: EventCategory;
  /** Centavos; null when the event is free. */
  priceCents: number | null;
  address: string;
  businessId: string | null;
  businessName: string | null;
  businessAddress: string | null;
  status: EventStatus;
  proposerName: string;
};

/** A calendar day "YYYY-MM-DD" moved by `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The agenda's windows as town dates (each from the first instant of `from` to the first of
 * `to`): today; this weekend — Saturday and Sunday, the coming ones from Monday to Friday, the
 * current ones on a Saturday or a Sunday; and the month `month` ("YYYY-MM").
 */
export function agendaDays(now: Date): { today: string; tomorrow: string; weekendFrom: string; weekendTo: string } {
  const { date, weekday } = townDate(now);
  const index = WEEKDAYS.indexOf(weekday); // 0 Sunday … 6 Saturday
  const weekendFrom = index === 0 ? addDays(date, -1) : addDays(date, 6 - index);
  return { today: date, tomorrow: addDays(date, 1), weekendFrom, weekendTo: addDays(weekendFrom, 2) };
}

export function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
const WEEKDAY_SHORT = ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."];

/** "dezembro de 2026" */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return `${MONTHS[m - 1]} de ${year}`;
}

/** The month "YYYY-MM" `count` months after the town's current one (0: this month). */
export function monthAfter(now: Date, count: number): string {
  const [year, m] = townDate(now).date.split("-").map(Number) as [number, number];
  const total = year * 12 + (m - 1) + count;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

function clock(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

function dayWords(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return `${WEEKDAY_SHORT[weekday]}, ${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** "sáb., 05/12 das 19:00 às 23:00", or "sex., 04/12 às 19:00 até dom., 06/12 às 22:00" for more than a day. */
export function eventWhen(event: { startsAt: string; endsAt: string }): string {
  const start = townDate(new Date(event.startsAt));
  const end = townDate(new Date(event.endsAt));
  if (start.date === end.date) return `${dayWords(start.date)} das ${clock(start.minutes)} às ${clock(end.minutes)}`;
  return `${dayWords(start.date)} às ${clock(start.minutes)} até ${dayWords(end.date)} às ${clock(end.minutes)}`;
}

/** "Gratuito" or "Entrada: R$ 10,00". */
export function eventPrice(priceCents: number | null): string {
  return priceCents === null ? "Gratuito" : `Entrada: ${formatBRL(priceCents / 100)}`;
}

/** Where the event happens, in words: the listed business (and its address) or the address given. */
export function eventPlace(event: Pick<TownEvent, "address" | "businessName" | "businessAddress">): string {
  const address = event.address || event.businessAddress || "";
  if (event.businessName) return address ? `${event.businessName} · ${address}` : event.businessName;
  return address;
}

/** True once the event is over: it leaves the agenda's lists but keeps its page. */
export function eventIsPast(event: { endsAt: string }, now: Date): boolean {
  return Date.parse(event.endsAt) <= now.getTime();
}
