import { fromZonedTime } from "date-fns-tz";
import { BUSINESS_TIME_ZONE } from "#core/business-hours";

/**
 * The duty rota's times (issue #32) are written on the town's clock — "2026-12-05 08:00" or
 * "05/12/2026 08:00" — and kept as instants: America/Sao_Paulo read from the tz database
 * (no daylight saving since 2019, UTC−2 in the summers before): never a fixed −03:00.
 */

/** "2026-12-05 08:00" or "05/12/2026 08:00" on the town's clock → an ISO instant; null when no such moment. */
export function townInstant(text: string): string | null {
  const m = /^(?:(\d{4})-(\d{2})-(\d{2})|(\d{2})\/(\d{2})\/(\d{4}))[ T]([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = m[1] ? [m[1], m[2], m[3]] : [m[6], m[5], m[4]];
  const date = `${year}-${month}-${day}`;
  const check = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date) return null;
  return fromZonedTime(`${date}T${m[7]}:${m[8]}:00`, BUSINESS_TIME_ZONE).toISOString();
}
