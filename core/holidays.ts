/**
 * Brazil's national holidays by rule (issue #32), the twin of public.national_holiday (SQL):
 * fixed dates, 20 November from 2024 (Lei 14.759/2023) and Sexta-feira Santa, two days
 * before Easter. Carnaval and Corpus Christi are pontos facultativos, not holidays: a business
 * may close, the calendar does not assume it. The state's and the town's own holidays come
 * from public.town_holidays. Dates are the town's calendar dates, "YYYY-MM-DD".
 */

export type TownHoliday = { day: string; name: string; scope: "estadual" | "municipal" };

/** Each fixed holiday's name and how a status says it ("Fechado · feriado de Finados"). */
const FIXED: Record<string, { name: string; phrase: string; since?: number }> = {
  "01-01": { name: "Confraternização Universal", phrase: "feriado de Ano-Novo" },
  "04-21": { name: "Tiradentes", phrase: "feriado de Tiradentes" },
  "05-01": { name: "Dia do Trabalho", phrase: "feriado do Dia do Trabalho" },
  "09-07": { name: "Independência do Brasil", phrase: "feriado da Independência" },
  "10-12": { name: "Nossa Senhora Aparecida", phrase: "feriado de Nossa Senhora Aparecida" },
  "11-02": { name: "Finados", phrase: "feriado de Finados" },
  "11-15": { name: "Proclamação da República", phrase: "feriado da Proclamação da República" },
  "11-20": { name: "Consciência Negra", phrase: "feriado da Consciência Negra", since: 2024 },
  "12-25": { name: "Natal", phrase: "feriado de Natal" },
};
const GOOD_FRIDAY = { name: "Sexta-feira Santa", phrase: "feriado de Sexta-feira Santa" };

/** Easter Sunday of a Gregorian year (the anonymous computus), as "YYYY-MM-DD". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - Math.floor(b / 4) - g + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return isoDate(Date.UTC(year, Math.floor(n / 31) - 1, (n % 31) + 1));
}

function isoDate(utcMillis: number): string {
  return new Date(utcMillis).toISOString().slice(0, 10);
}

/** The calendar date `days` after `day` ("YYYY-MM-DD"; negative goes back). */
export function addDays(day: string, days: number): string {
  return isoDate(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
}

/** The national holiday on a date, or null. */
export function nationalHoliday(day: string): { name: string; phrase: string } | null {
  const year = Number(day.slice(0, 4));
  const fixed = FIXED[day.slice(5)];
  if (fixed && (!fixed.since || year >= fixed.since)) return { name: fixed.name, phrase: fixed.phrase };
  return addDays(easterSunday(year), -2) === day ? GOOD_FRIDAY : null;
}

/** The holiday on a date, national first, then the state's or the town's: how a status says it. */
export function holidayOn(day: string, townHolidays: readonly TownHoliday[] = []): { name: string; phrase: string } | null {
  const national = nationalHoliday(day);
  if (national) return national;
  const own = townHolidays.find((h) => h.day === day);
  return own ? { name: own.name, phrase: `feriado ${own.scope}: ${own.name}` } : null;
}

/** Every national holiday of a year, in date order (the admin page lists them beside the town's). */
export function nationalHolidays(year: number): { day: string; name: string }[] {
  const days: { day: string; name: string }[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    const day = isoDate(t);
    const holiday = nationalHoliday(day);
    if (holiday) days.push({ day, name: holiday.name });
  }
  return days;
}
