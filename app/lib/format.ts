/** Text formats a Brazilian reader expects; the time zone is the town's, on server and client alike. */
export const TOWN_TIME_ZONE = "America/Sao_Paulo";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const longDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: TOWN_TIME_ZONE });
const shortDate = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "short", timeZone: TOWN_TIME_ZONE });
const count = new Intl.NumberFormat("pt-BR");

export function formatBRL(value: number | string): string {
  return brl.format(typeof value === "string" ? Number(value) : value);
}

export function formatLongDate(date: Date | string): string {
  return longDate.format(new Date(date));
}

export function formatShortDate(date: Date | string): string {
  return shortDate.format(new Date(date));
}

export function formatCount(value: number): string {
  return count.format(value);
}
