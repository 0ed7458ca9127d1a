import { expect, it } from "vitest";
import { isOpenNow, type BusinessCalendar, type HolidayMode, type OpeningHours, type SpecialDate } from "#core/business-hours";
import { nationalHoliday, type TownHoliday } from "#core/holidays";
import { ANON, type Claims, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { listBusinesses } from "#server/models/businesses";
import { listTownHolidays, removeTownHoliday, setTownHoliday } from "#server/models/holidays";
import { outcomeOf } from "#server/models/moderation";
import { BUSINESS_OPEN_AT_SQL } from "#server/models/hours-sql";
import { getHomeOverview } from "#server/models/town";
import { forEachEngine } from "./db";

// Issue #32: holidays and special dates. The national rule in SQL is the app's, day by day;
// only admins write the town's holidays; and on holidays, around their midnights and inside
// special dates, the open-now filter, the home's cards and the home's count (kept spans plus
// the few exceptions) say what the app's rule says — on PGlite and PostgreSQL.

const ADMIN = "00000000-0000-4000-8000-00000000ad01";
const RESIDENT = "00000000-0000-4000-8000-00000000b404";
const as = (sub: string): Claims => ({ role: "authenticated", sub });
const ANNIVERSARY: TownHoliday = { day: "2026-12-08", name: "Aniversário de Vila Serena", scope: "municipal" };

const WEEK = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const every = (opensAt: string, closesAt: string): OpeningHours => Object.fromEntries(WEEK.map((d) => [d, { open: true, opensAt, closesAt }]));

type Fixture = { name: string; hours: OpeningHours; mode: HolidayMode; opensAt?: string; closesAt?: string; special?: SpecialDate[] };
const FIXTURES: Fixture[] = [
  { name: "Padaria Fecha", hours: every("06:00", "19:00"), mode: "closed" },
  { name: "Mercado Normal", hours: every("07:00", "21:00"), mode: "normal" },
  { name: "Farmácia Especial", hours: every("07:00", "22:00"), mode: "special", opensAt: "08:00", closesAt: "12:00" },
  { name: "Bar Noturno", hours: every("18:00", "02:00"), mode: "closed" },
  { name: "Boate Especial", hours: every("20:00", "03:00"), mode: "special", opensAt: "22:00", closesAt: "04:00" },
  {
    name: "Loja de Férias",
    hours: every("09:00", "18:00"),
    mode: "closed",
    special: [
      { startsOn: "2026-11-29", endsOn: "2026-11-29", open: true, opensAt: "10:00", closesAt: "14:00", note: "" },
      { startsOn: "2026-12-01", endsOn: "2026-12-03", open: false, opensAt: null, closesAt: null, note: "férias" },
    ],
  },
];

/** Around Finados (Mon 2026-11-02), a special Sunday, the vacation and the town's anniversary: each hour and each midnight ±1 minute. */
function instants(): Date[] {
  const out: Date[] = [];
  for (const [from, to] of [["2026-11-01T03:00:00Z", "2026-11-04T03:00:00Z"], ["2026-11-29T03:00:00Z", "2026-12-04T06:00:00Z"], ["2026-12-07T03:00:00Z", "2026-12-09T08:00:00Z"]]) {
    for (let t = Date.parse(from!); t <= Date.parse(to!); t += 60 * 60_000) out.push(new Date(t), new Date(t - 60_000));
  }
  return out;
}

forEachEngine((getDb) => {
  const visitor = <T>(fn: (tx: Queryable) => Promise<T>) => withUser(getDb(), ANON, fn);

  it("computes the national holidays in SQL as the app does, every day of 2020–2031", async () => {
    const rows = await getDb().query<{ day: string; name: string | null }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, public.national_holiday(d::date) AS name
       FROM generate_series('2020-01-01'::date, '2031-12-31'::date, interval '1 day') d`,
    );
    const differ = rows.filter((r) => r.name !== (nationalHoliday(r.day)?.name ?? null));
    expect(differ).toEqual([]);
    expect(rows.filter((r) => r.name).length).toBe(4 * 9 + 8 * 10);
  });

  it("lets only admins write the town's holidays, and not on a national one", async () => {
    await getDb().query(
      `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, 'admin@exemplo.com.br', '{"username":"admin","full_name":"Admin"}', now()),
         ($2, 'morador@exemplo.com.br', '{"username":"morador","full_name":"Morador"}', now())`,
      [ADMIN, RESIDENT],
    );
    await getDb().query(`INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'admin')`, [ADMIN]);
    expect(await outcomeOf(withUser(getDb(), as(RESIDENT), (tx) => setTownHoliday(tx, ANNIVERSARY)))).toBe("refused");
    expect(await outcomeOf(withUser(getDb(), ANON, (tx) => setTownHoliday(tx, ANNIVERSARY)))).not.toBe("done");
    expect(await outcomeOf(withUser(getDb(), as(ADMIN), (tx) => setTownHoliday(tx, { ...ANNIVERSARY, day: "2026-11-02" })))).toBe("duplicate");
    expect(await outcomeOf(withUser(getDb(), as(ADMIN), (tx) => setTownHoliday(tx, { ...ANNIVERSARY, day: "2026-12-09" })))).toBe("done");
    expect(await withUser(getDb(), as(ADMIN), (tx) => removeTownHoliday(tx, "2026-12-09"))).toBe(true);
    expect(await outcomeOf(withUser(getDb(), as(RESIDENT), (tx) => removeTownHoliday(tx, "2026-12-09")))).toBe("refused");
    expect(await outcomeOf(withUser(getDb(), as(ADMIN), (tx) => setTownHoliday(tx, ANNIVERSARY)))).toBe("done");
    expect(await visitor((tx) => listTownHolidays(tx, "2026-01-01"))).toEqual([ANNIVERSARY]);
  });

  it("agrees with the app's rule on holidays, their midnights and special dates: filter, cards and count", async () => {
    for (const f of FIXTURES) {
      const [row] = await getDb().query<{ id: string }>(
        `INSERT INTO public.businesses (name, category, opening_hours, holiday_mode, holiday_opens_at, holiday_closes_at)
         VALUES ($1, 'Teste', $2::jsonb, $3, $4, $5) RETURNING id`,
        [f.name, JSON.stringify(f.hours), f.mode, f.opensAt ?? null, f.closesAt ?? null],
      );
      for (const d of f.special ?? []) {
        await getDb().query(
          `INSERT INTO public.business_special_dates (business_id, starts_on, ends_on, open, opens_at, closes_at, note) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [row!.id, d.startsOn, d.endsOn, d.open, d.opensAt, d.closesAt, d.note],
        );
      }
    }
    const calendarOf = (f: Fixture): BusinessCalendar => ({
      townHolidays: [ANNIVERSARY],
      holidayMode: f.mode,
      holidayOpensAt: f.opensAt ?? null,
      holidayClosesAt: f.closesAt ?? null,
      specialDates: f.special ?? [],
    });
    let sawOpen = 0;
    for (const at of instants()) {
      const expected = FIXTURES.filter((f) => isOpenNow(f.hours, at, calendarOf(f))).map((f) => f.name).sort();
      sawOpen += expected.length;
      const filtered = await visitor((tx) =>
        tx.query<{ name: string }>(`SELECT b.name FROM public.businesses b WHERE ${BUSINESS_OPEN_AT_SQL("b", "$1")} ORDER BY b.name`, [at.toISOString()]),
      );
      expect(filtered.map((r) => r.name), at.toISOString()).toEqual(expected);
      const page = await visitor((tx) => listBusinesses(tx, { page: 1, openNow: true, now: at }));
      expect(page.businesses.map((b) => b.name).sort(), at.toISOString()).toEqual(expected);
      const home = await visitor((tx) => getHomeOverview(tx, at));
      expect(home.openBusinessCount, at.toISOString()).toBe(expected.length);
      expect(home.openBusinesses.map((b) => b.name).sort(), at.toISOString()).toEqual(expected);
      // What the badges read comes along: the business's calendar and the town's holidays.
      for (const b of page.businesses) expect(isOpenNow(b.openingHours, at, { ...b, townHolidays: page.townHolidays }), `${b.name} ${at.toISOString()}`).toBe(true);
    }
    expect(sawOpen).toBeGreaterThan(100);
    // The boundaries, spelled out: Finados begins at 00:00 in the town (03:00Z).
    const names = async (iso: string) => (await visitor((tx) => listBusinesses(tx, { page: 1, openNow: true, now: new Date(iso) }))).businesses.map((b) => b.name);
    expect(await names("2026-11-01T21:59:00Z")).toContain("Padaria Fecha"); // Sun 18:59, open until 19:00
    expect(await names("2026-11-02T03:00:00Z")).not.toContain("Padaria Fecha"); // Finados 00:00
    expect(await names("2026-11-02T04:59:00Z")).toContain("Bar Noturno"); // Finados 01:59, Sunday night's hours
    expect(await names("2026-11-02T12:00:00Z")).toEqual(["Farmácia Especial", "Mercado Normal"]); // Finados 09:00
    // Some 300 instants, four reads each: minutes on a machine shared by several test runs.
  }, 600_000);
});
