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

// The browser's own time-zone database (Intl), which date-fns-tz's toZonedTime also reads:
// called directly it costs no download, where date-fns-tz's date parsing added 3 KiB gzip to
// the first view of every page with an open/closed badge (issue #29).
const TOWN_CLOCK = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: "long",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

/** Weekday and minute of the day on the town's wall clock at the instant `now`. */
export function townClock(now: Date): { weekday: Weekday; minutes: number } {
  const parts = TOWN_CLOCK.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = part("weekday").toLowerCase() as Weekday;
  // "24" is how some engines write midnight even in the 23-hour cycle.
  return { weekday, minutes: (Number(part("hour")) % 24) * 60 + Number(part("minute")) };
}

function toMinutes(time: string | undefined): number | null {
  if (!time) return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function isOpenNow(hours: OpeningHours | null | undefined, now: Date): boolean {
  return openStatus(hours, now).open;
}

/** "06:00 – 19:00", "Fechado" or "Sem horário" for one day, as the hours table shows it. */
export function describeDay(day: DayHours | undefined): string {
  if (!day || !day.open) return "Fechado";
  if (!day.opensAt || !day.closesAt) return "Sem horário";
  return `${day.opensAt} – ${day.closesAt}`;
}

/** A day's span in minutes, or null when the day is closed, lacks a time or runs overnight (never open by the spec's rule). */
function spanOf(day: DayHours | undefined): { opens: number; closes: number } | null {
  if (!day?.open) return null;
  const opens = toMinutes(day.opensAt);
  const closes = toMinutes(day.closesAt);
  return opens !== null && closes !== null && opens < closes ? { opens, closes } : null;
}

export type OpenStatus =
  | { open: true; closesAt: number }
  /** `opensIn` is 0 for later today, 1 for tomorrow, up to 7 (the same weekday next week); null when no day opens. */
  | { open: false; next: { opensIn: number; weekday: Weekday; opensAt: number } | null };

/**
 * Open until when, or closed until when, at the instant `now` on the town's wall clock. Uses
 * the same rule as isOpenNow, so a day it never counts as open (overnight, missing times) is
 * never announced as the next opening either.
 */
export function openStatus(hours: OpeningHours | null | undefined, now: Date): OpenStatus {
  const { weekday, minutes } = townClock(now);
  const todayIndex = WEEKDAYS.indexOf(weekday);
  const today = spanOf(hours?.[weekday]);
  if (today && minutes >= today.opens && minutes < today.closes) return { open: true, closesAt: today.closes };
  for (let opensIn = 0; opensIn <= 7; opensIn++) {
    const day = WEEKDAYS[(todayIndex + opensIn) % 7]!;
    const span = spanOf(hours?.[day]);
    if (span && (opensIn > 0 || minutes < span.opens)) return { open: false, next: { opensIn, weekday: day, opensAt: span.opens } };
  }
  return { open: false, next: null };
}

const WEEKDAY_NAMES: Record<Weekday, string> = {
  sunday: "domingo",
  monday: "segunda",
  tuesday: "terça",
  wednesday: "quarta",
  thursday: "quinta",
  friday: "sexta",
  saturday: "sábado",
};

/** "às 7:00", "às 18:30", "à 1:00": the hour as people say it, without a leading zero. */
function atTime(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  return `${hour <= 1 ? "à" : "às"} ${hour}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "Aberto · fecha às 18:00", "Fechado · abre amanhã às 7:00", "Fechado · abre segunda às 7:00" or "Fechado". */
export function describeOpenStatus(status: OpenStatus): string {
  if (status.open) return `Aberto · fecha ${atTime(status.closesAt)}`;
  if (!status.next) return "Fechado";
  const { opensIn, weekday, opensAt } = status.next;
  const when = opensIn === 0 ? "hoje" : opensIn === 1 ? "amanhã" : WEEKDAY_NAMES[weekday];
  return `Fechado · abre ${when} ${atTime(opensAt)}`;
}
