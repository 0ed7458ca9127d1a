import { toZonedTime } from "date-fns-tz";

/**
 * The spec's open/closed rule, in the town's time zone (America/Sao_Paulo): open when
 * today's entry is flagged open, has both times, and now is at or after opening and
 * before closing (the closing minute is closed). Overnight spans are not handled (closed),
 * and a missing schedule means closed.
 */
export const BUSINESS_TIME_ZONE = "America/Sao_Paulo";

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type DayHours = { open: boolean; opensAt?: string; closesAt?: string };
export type OpeningHours = Partial<Record<Weekday, DayHours>>;

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sunday: "Domingo",
  monday: "Segunda",
  tuesday: "Terça",
  wednesday: "Quarta",
  thursday: "Quinta",
  friday: "Sexta",
  saturday: "Sábado",
};

/** Weekday and minute of the day on the town's wall clock at the instant `now`. */
export function townClock(now: Date): { weekday: Weekday; minutes: number } {
  const zoned = toZonedTime(now, BUSINESS_TIME_ZONE);
  return { weekday: WEEKDAYS[zoned.getDay()]!, minutes: zoned.getHours() * 60 + zoned.getMinutes() };
}

function toMinutes(time: string | undefined): number | null {
  if (!time) return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function isOpenNow(hours: OpeningHours | null | undefined, now: Date): boolean {
  if (!hours) return false;
  const { weekday, minutes } = townClock(now);
  const today = hours[weekday];
  if (!today?.open) return false;
  const opens = toMinutes(today.opensAt);
  const closes = toMinutes(today.closesAt);
  if (opens === null || closes === null) return false;
  return minutes >= opens && minutes < closes;
}

/** "06:00 – 19:00", "Fechado" or "Sem horário" for one day, as the hours table shows it. */
export function describeDay(day: DayHours | undefined): string {
  if (!day || !day.open) return "Fechado";
  if (!day.opensAt || !day.closesAt) return "Sem horário";
  return `${day.opensAt} – ${day.closesAt}`;
}
