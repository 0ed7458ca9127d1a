import { expect, it } from "vitest";
import { isOpenNow, type OpeningHours } from "#core/business-hours";
import { ANON, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { listBusinesses, OPEN_AT_SQL } from "#server/models/businesses";
import { getHomeOverview } from "#server/models/town";
import { forEachEngine } from "./db";

// Issue #32: hours past midnight. The three readers of the rule — the app's isOpenNow, the
// SQL filter (OPEN_AT_SQL, "aberto agora" and the home's cards) and the home's count over the
// trigger-kept public.opening_spans — must answer the same at every boundary, on both engines.

const SCHEDULES: Record<string, OpeningHours> = {
  "Bar da Sexta": { friday: { open: true, opensAt: "18:00", closesAt: "02:00" }, saturday: { open: true, opensAt: "18:00", closesAt: "02:00" } },
  "Bar do Domingo": { sunday: { open: true, opensAt: "20:00", closesAt: "03:30" }, monday: { open: false } },
  "Boate Meia-Noite": { saturday: { open: true, opensAt: "22:00", closesAt: "00:00" } },
  "Padaria Cedo": {
    saturday: { open: true, opensAt: "02:00", closesAt: "12:00" },
    sunday: { open: true, opensAt: "06:00", closesAt: "12:00" },
    monday: { open: true, opensAt: "06:00", closesAt: "19:00" },
  },
  "Posto 24 Horas": Object.fromEntries(
    ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, { open: true, opensAt: "00:00", closesAt: "23:59" }]),
  ),
  "Lanchonete Sem Fim": { friday: { open: true, opensAt: "18:00" } },
};

/** Every instant worth checking: each half hour of a week, and each span's edges ±1 minute. */
function instants(): Date[] {
  const weekStart = Date.parse("2026-11-27T03:00:00Z"); // Friday 2026-11-27 00:00 in the town
  const out: Date[] = [];
  for (let m = 0; m < 8 * 24 * 60; m += 30) out.push(new Date(weekStart + m * 60_000));
  for (const iso of [
    "2026-11-28T04:59:00Z", "2026-11-28T05:00:00Z", // Sat 01:59 / 02:00
    "2026-11-29T02:59:00Z", "2026-11-29T03:00:00Z", // Sat 23:59 / Sun 00:00
    "2026-11-30T06:29:00Z", "2026-11-30T06:30:00Z", // Mon 03:29 / 03:30 (the week's wrap)
    "2018-01-13T03:59:00Z", "2018-01-13T04:00:00Z", // Sat 01:59 / 02:00 under 2018's summer time (UTC−2)
  ]) {
    out.push(new Date(iso));
  }
  return out;
}

forEachEngine((getDb) => {
  const visitor = <T>(fn: (tx: Queryable) => Promise<T>) => withUser(getDb(), ANON, fn);

  it("agrees with the app's rule in the filter, the home's cards and the kept spans' count", async () => {
    for (const [name, hours] of Object.entries(SCHEDULES)) {
      await getDb().query(`INSERT INTO public.businesses (name, category, opening_hours) VALUES ($1, 'Teste', $2::jsonb)`, [name, JSON.stringify(hours)]);
    }
    for (const at of instants()) {
      const expected = Object.entries(SCHEDULES).filter(([, hours]) => isOpenNow(hours, at)).map(([name]) => name).sort();
      const filtered = await visitor((tx) =>
        tx.query<{ name: string }>(`SELECT b.name FROM public.businesses b WHERE ${OPEN_AT_SQL("b.opening_hours", "$1")} ORDER BY b.name`, [at.toISOString()]),
      );
      expect(filtered.map((r) => r.name), at.toISOString()).toEqual(expected);
      const page = await visitor((tx) => listBusinesses(tx, { page: 1, openNow: true, now: at }));
      expect(page.businesses.map((b) => b.name).sort(), at.toISOString()).toEqual(expected);
      const home = await visitor((tx) => getHomeOverview(tx, at));
      expect(home.openBusinessCount, at.toISOString()).toBe(expected.length);
      expect(home.openBusinesses.map((b) => b.name).sort(), at.toISOString()).toEqual(expected);
    }
    // The boundaries, spelled out: Friday's bar at Saturday 01:59 and 02:00.
    const openAt = async (iso: string) => (await visitor((tx) => listBusinesses(tx, { page: 1, openNow: true, now: new Date(iso) }))).businesses.map((b) => b.name);
    expect(await openAt("2026-11-28T04:59:00Z")).toContain("Bar da Sexta");
    expect(await openAt("2026-11-28T05:00:00Z")).not.toContain("Bar da Sexta");
    expect(await openAt("2026-11-30T06:29:00Z")).toContain("Bar do Domingo");
    expect(await openAt("2026-11-30T06:30:00Z")).not.toContain("Bar do Domingo");
  });

  it("refuses hours that make no sense, whoever writes them", async () => {
    const write = (hours: OpeningHours) =>
      getDb().query(`INSERT INTO public.businesses (name, category, opening_hours) VALUES ('Sem Sentido', 'Teste', $1::jsonb)`, [JSON.stringify(hours)]);
    await expect(write({ monday: { open: true, opensAt: "08:00", closesAt: "08:00" } })).rejects.toThrow(/make no sense/);
    await expect(
      write({ saturday: { open: true, opensAt: "18:00", closesAt: "02:00" }, sunday: { open: true, opensAt: "01:00", closesAt: "12:00" } }),
    ).rejects.toThrow(/make no sense/);
    await expect(write({ sunday: { open: true, opensAt: "18:00", closesAt: "02:00" }, monday: { open: true, opensAt: "01:00", closesAt: "09:00" } })).rejects.toThrow(
      /make no sense/,
    );
    // A closed day's times and a day meeting the night's end are fine.
    await write({ saturday: { open: true, opensAt: "18:00", closesAt: "02:00" }, sunday: { open: true, opensAt: "02:00", closesAt: "12:00" } });
    await write({ monday: { open: false, opensAt: "08:00", closesAt: "08:00" } });
    const [row] = await getDb().query<{ n: number }>(`SELECT count(*)::int AS n FROM public.businesses WHERE name = 'Sem Sentido'`);
    expect(row!.n).toBe(2);
  });
});
