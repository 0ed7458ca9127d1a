/**
 * The open/closed rule, in the town's time zone (America/Sao_Paulo): open when today's entry
 * is flagged open, has both times, and now is at or after opening and before closing (the
 * closing minute is closed). A closing time earlier than the opening time closes on the next
 * calendar day (18:00–02:00 is open Friday 23:00 and Saturday 01:59, closed Saturday 02:00):
 * the spec's "overnight spans are not handled" described a limitation, which issue #32 lifts.
 * Equal times make no sense (never open; the forms refuse them), and a missing schedule means
 * closed. The SQL twins (OPEN_AT_SQL, the home's count over public.opening_spans) follow the
 * same rule; docs/hours.md explains the model.
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

const DAY_MINUTES = 24 * 60;

/**
 * A day's span in minutes from that day's midnight, or null when the day is closed, lacks a
 * time or opens and closes at the same minute. A span past midnight ends after 1440:
 * 18:00–02:00 is { opens: 1080, closes: 1560 }.
 */
function spanOf(day: DayHours | undefined): { opens: number; closes: number } | null {
  if (!day?.open) return null;
  const opens = toMinutes(day.opensAt);
  const closes = toMinutes(day.closesAt);
  if (opens === null || closes === null || opens === closes) return null;
  return { opens, closes: closes < opens ? closes + DAY_MINUTES : closes };
}

export type OpenStatus =
  /** `closesAt` is the closing minute on the wall clock (0–1439), today's or, past midnight, tomorrow's. */
  | { open: true; closesAt: number }
  /** `opensIn` is 0 for later today, 1 for tomorrow, up to 7 (the same weekday next week); null when no day opens. */
  | { open: false; next: { opensIn: number; weekday: Weekday; opensAt: number } | null };

/**
 * Open until when, or closed until when, at the instant `now` on the town's wall clock.
 * Yesterday's span still runs after midnight when it closes on the next day; a day it never
 * counts as open (equal or missing times) is never announced as the next opening either.
 */
export function openStatus(hours: OpeningHours | null | undefined, now: Date): OpenStatus {
  const { weekday, minutes } = townClock(now);
  const todayIndex = WEEKDAYS.indexOf(weekday);
  const today = spanOf(hours?.[weekday]);
  const yesterday = spanOf(hours?.[WEEKDAYS[(todayIndex + 6) % 7]!]);
  // Yesterday's overnight tail first: the forms refuse a day opening before it ends, so the two never overlap.
  if (yesterday && minutes + DAY_MINUTES < yesterday.closes) return { open: true, closesAt: yesterday.closes - DAY_MINUTES };
  if (today && minutes >= today.opens && minutes < today.closes) return { open: true, closesAt: today.closes % DAY_MINUTES };
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

/** "às 7:00", "às 18:30", "à 1:00", "à meia-noite": the hour as people say it, without a leading zero. */
function atTime(minutes: number): string {
  if (minutes === 0) return "à meia-noite";
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

export type ScheduleProblem = { day: Weekday; field: "opensAt" | "closesAt"; message: string };

/**
 * What makes a week's hours nonsense, field by field, in the words the hours form shows: a day
 * that opens and closes at the same minute, or a day opening before the previous day's hours
 * past midnight have ended (the two spans would overlap and the business be counted twice).
 * public.is_valid_week_hours refuses the same in the database.
 */
export function scheduleProblems(hours: OpeningHours): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  WEEKDAYS.forEach((day, index) => {
    const entry = hours[day];
    if (!entry?.open) return;
    const opens = toMinutes(entry.opensAt);
    if (opens !== null && opens === toMinutes(entry.closesAt)) {
      problems.push({
        day,
        field: "closesAt",
        message: `Abre e fecha às ${entry.opensAt}: diga horários diferentes (18:00 – 02:00 fecha às 2:00 do dia seguinte; 24 horas é 00:00 – 23:59).`,
      });
      return;
    }
    const previousDay = WEEKDAYS[(index + 6) % 7]!;
    const previous = spanOf(hours[previousDay]);
    if (opens !== null && previous && previous.closes > DAY_MINUTES && opens < previous.closes - DAY_MINUTES) {
      problems.push({
        day,
        field: "opensAt",
        message: `Abre às ${entry.opensAt}, mas o horário de ${WEEKDAY_NAMES[previousDay]} vai até ${hours[previousDay]!.closesAt}: abra depois disso ou feche ${WEEKDAY_NAMES[previousDay]} mais cedo.`,
      });
    }
  });
  return problems;
}
