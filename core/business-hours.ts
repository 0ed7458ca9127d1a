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
import { addDays, holidayOn, type TownHoliday } from "./holidays";

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
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  weekday: "long",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

/** Weekday and minute of the day on the town's wall clock at the instant `now`. */
export function townClock(now: Date): { weekday: Weekday; minutes: number } {
  const { weekday, minutes } = townDate(now);
  return { weekday, minutes };
}

/** The town's calendar date ("YYYY-MM-DD"), weekday and minute of the day at the instant `now`. */
export function townDate(now: Date): { date: string; weekday: Weekday; minutes: number } {
  const parts = TOWN_CLOCK.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = part("weekday").toLowerCase() as Weekday;
  // "24" is how some engines write midnight even in the 23-hour cycle.
  const minutes = (Number(part("hour")) % 24) * 60 + Number(part("minute"));
  return { date: `${part("year")}-${part("month")}-${part("day")}`, weekday, minutes };
}

function toMinutes(time: string | undefined): number | null {
  if (!time) return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function isOpenNow(hours: OpeningHours | null | undefined, now: Date, calendar?: BusinessCalendar): boolean {
  return openStatus(hours, now, calendar).open;
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
  /**
   * `opensIn` is 0 for later today, 1 for tomorrow, 7 the same weekday next week, more past a
   * vacation (up to 62 days); null when no day opens. `reason` says why today is closed when a holiday or a special date closes it.
   */
  | { open: false; next: { opensIn: number; weekday: Weekday; date: string; opensAt: number } | null; reason?: string };

/**
 * What changes a business's week on some dates (issue #32): the holidays (national by rule,
 * the state's and the town's from public.town_holidays), what the business does on them, and
 * its own special dates (vacation, open on a Sunday). Without it, only the week counts.
 */
export type BusinessCalendar = {
  townHolidays?: readonly TownHoliday[];
  holidayMode?: HolidayMode;
  holidayOpensAt?: string | null;
  holidayClosesAt?: string | null;
  specialDates?: readonly SpecialDate[];
  /** The business's turns of the duty rota (a pharmacy, issue #32): core/duty.ts's dutyBadge reads them. */
  dutyTurns?: readonly { startsAt: string; endsAt: string }[];
};
export type HolidayMode = "closed" | "normal" | "special";
export type SpecialDate = { startsOn: string; endsOn: string; open: boolean; opensAt: string | null; closesAt: string | null; note: string };

/**
 * A date's hours, in the order the SQL readers resolve them (server/models/hours-sql.ts): a
 * special date of the business, else a holiday (closed, the week's hours or the holiday's),
 * else the week. `reason` names what closed the day.
 */
export function hoursOn(hours: OpeningHours | null | undefined, date: string, weekday: Weekday, calendar?: BusinessCalendar): { day: DayHours | undefined; reason?: string } {
  const special = calendar?.specialDates?.find((d) => d.startsOn <= date && date <= d.endsOn);
  if (special) {
    return special.open
      ? { day: { open: true, opensAt: special.opensAt ?? undefined, closesAt: special.closesAt ?? undefined } }
      : { day: { open: false }, reason: special.note || "fechado nesta data" };
  }
  const holiday = calendar ? holidayOn(date, calendar.townHolidays) : null;
  if (holiday && calendar?.holidayMode !== "normal") {
    if (calendar?.holidayMode === "special") return { day: { open: true, opensAt: calendar.holidayOpensAt ?? undefined, closesAt: calendar.holidayClosesAt ?? undefined } };
    return { day: { open: false }, reason: holiday.phrase };
  }
  return { day: hours?.[weekday] };
}

/**
 * Open until when, or closed until when, at the instant `now` on the town's wall clock.
 * Yesterday's span still runs after midnight when it closes on the next day; a day it never
 * counts as open (equal or missing times) is never announced as the next opening either.
 */
export function openStatus(hours: OpeningHours | null | undefined, now: Date, calendar?: BusinessCalendar): OpenStatus {
  const { date, weekday, minutes } = townDate(now);
  const todayIndex = WEEKDAYS.indexOf(weekday);
  const on = (offset: number) => hoursOn(hours, addDays(date, offset), WEEKDAYS[(todayIndex + 7 + offset) % 7]!, calendar);
  const resolvedToday = on(0);
  const today = spanOf(resolvedToday.day);
  const yesterday = spanOf(on(-1).day);
  // Yesterday's tail first: the forms refuse a week whose day opens inside the previous night.
  if (yesterday && minutes + DAY_MINUTES < yesterday.closes) return { open: true, closesAt: yesterday.closes - DAY_MINUTES };
  if (today && minutes >= today.opens && minutes < today.closes) return { open: true, closesAt: today.closes % DAY_MINUTES };
  const reason = resolvedToday.reason;
  // A week ahead is enough for the week alone; special dates (a vacation) may close longer.
  const horizon = calendar?.specialDates?.length ? 62 : 7;
  for (let opensIn = 0; opensIn <= horizon; opensIn++) {
    const span = opensIn === 0 ? today : spanOf(on(opensIn).day);
    if (span && (opensIn > 0 || minutes < span.opens)) {
      const next = { opensIn, weekday: WEEKDAYS[(todayIndex + opensIn) % 7]!, date: addDays(date, opensIn), opensAt: span.opens };
      return { open: false, next, ...(reason ? { reason } : {}) };
    }
  }
  return { open: false, next: null, ...(reason ? { reason } : {}) };
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

/** "Aberto · fecha às 18:00", "Fechado · abre amanhã às 7:00", "Fechado · abre segunda às 7:00", "Fechado · feriado de Finados" or "Fechado". */
export function describeOpenStatus(status: OpenStatus): string {
  if (status.open) return `Aberto · fecha ${atTime(status.closesAt)}`;
  if (status.reason) return `Fechado · ${status.reason}`;
  if (!status.next) return "Fechado";
  const { opensIn, weekday, date, opensAt } = status.next;
  const when = opensIn === 0 ? "hoje" : opensIn === 1 ? "amanhã" : opensIn <= 7 ? WEEKDAY_NAMES[weekday] : `dia ${date.slice(8, 10)}/${date.slice(5, 7)}`;
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
