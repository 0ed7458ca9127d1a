import { expect, it } from "vitest";
import { ANON, type Claims, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { addDutyTurns, listDutyTurns, removeDutyTurn } from "#server/models/duty";
import { townInstant } from "#server/models/duty-rota";
import { outcomeOf } from "#server/models/moderation";
import { getHomeOverview } from "#server/models/town";
import { isOpenNow, type OpeningHours } from "#core/business-hours";
import { dutyBadge } from "#core/duty";
import { listBusinesses } from "#server/models/businesses";
import { BUSINESS_OPEN_AT_SQL } from "#server/models/hours-sql";
import { forEachEngine } from "./db";

// Issue #32: the duty pharmacy's rota. Everyone reads it; moderators and admins write it
// through public.add_duty_turns / remove_duty_turn, all of a rota or none; only a pharmacy
// goes on duty; the home's "Farmácia de plantão" and /farmacias-de-plantao's week change
// pharmacy at the turn's minute — on PGlite and PostgreSQL.

const MODERATOR = "00000000-0000-4000-8000-00000000d001";
const ADMIN = "00000000-0000-4000-8000-00000000d002";
const RESIDENT = "00000000-0000-4000-8000-00000000d003";
const as = (sub: string): Claims => ({ role: "authenticated", sub });
const t = (local: string) => townInstant(local)!;

forEachEngine((getDb) => {
  const visitor = <T>(fn: (tx: Queryable) => Promise<T>) => withUser(getDb(), ANON, fn);
  const add = (who: Claims, rows: [string, string, string][]) =>
    outcomeOf(withUser(getDb(), who, (tx) => addDutyTurns(tx, rows.map(([businessId, startsAt, endsAt]) => ({ businessId, startsAt, endsAt })))));
  const count = async () => Number((await getDb().query<{ n: number }>(`SELECT count(*)::int AS n FROM public.duty_turns`))[0]!.n);
  let bomJesus = "";
  let saoBenedito = "";
  let padaria = "";

  it("lets moderators and admins write the rota, all of it or none, pharmacies only", async () => {
    await getDb().query(
      `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES
         ($1, 'mod@exemplo.com.br', '{"username":"moderadora","full_name":"Moderadora"}', now()),
         ($2, 'adm@exemplo.com.br', '{"username":"admin","full_name":"Admin"}', now()),
         ($3, 'morador@exemplo.com.br', '{"username":"morador","full_name":"Morador"}', now())`,
      [MODERATOR, ADMIN, RESIDENT],
    );
    await getDb().query(`INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'moderator'), ($2, 'admin')`, [MODERATOR, ADMIN]);
    const business = async (name: string, category: string) =>
      (await getDb().query<{ id: string }>(`INSERT INTO public.businesses (name, category, phone, address) VALUES ($1, $2, '+553533334444', 'Rua Direita, 10') RETURNING id`, [name, category]))[0]!.id;
    bomJesus = await business("Farmácia Bom Jesus", "Farmácia");
    saoBenedito = await business("Farmácia São Benedito", "Farmácia");
    padaria = await business("Padaria Pão Quente", "Padaria");

    const friday = [bomJesus, t("2026-11-27 08:00"), t("2026-11-28 08:00")] as [string, string, string];
    const saturday = [saoBenedito, t("2026-11-28 08:00"), t("2026-11-29 08:00")] as [string, string, string];
    expect(await add(as(RESIDENT), [friday])).toBe("refused");
    expect(await add(ANON, [friday])).not.toBe("done");
    // Direct writes are refused to everyone, staff included: the functions are the way in.
    expect(await outcomeOf(withUser(getDb(), as(MODERATOR), (tx) => tx.query(`INSERT INTO public.duty_turns (business_id, starts_at, ends_at) VALUES ($1, $2, $3)`, friday)))).not.toBe("done");
    // A bakery in the middle of a rota: nothing of the rota is kept.
    expect(await add(as(MODERATOR), [friday, [padaria, saturday[1], saturday[2]], saturday])).not.toBe("done");
    // An end before the start, or a turn over a week long.
    expect(await add(as(MODERATOR), [[bomJesus, friday[2], friday[1]]])).not.toBe("done");
    expect(await add(as(MODERATOR), [[bomJesus, t("2026-11-27 08:00"), t("2026-12-05 08:00")]])).not.toBe("done");
    expect(await count()).toBe(0);
    expect(await add(as(MODERATOR), [friday])).toBe("done");
    expect(await add(as(ADMIN), [saturday])).toBe("done");
    expect(await count()).toBe(2);

    const [{ id } = { id: "" }] = await getDb().query<{ id: string }>(`SELECT id FROM public.duty_turns WHERE business_id = $1`, [saoBenedito]);
    const remove = (who: Claims) => outcomeOf(withUser(getDb(), who, (tx) => removeDutyTurn(tx, id)));
    expect(await remove(as(RESIDENT))).toBe("refused");
    expect(await count()).toBe(2);
    expect(await remove(as(ADMIN))).toBe("done");
    expect(await count()).toBe(1);
    expect(await add(as(ADMIN), [saturday])).toBe("done");
  });

  it("shows the pharmacy on duty at each minute, the turn changing at 08:00, past midnight and on a Sunday", async () => {
    const onDutyAt = async (local: string) => (await visitor((tx) => getHomeOverview(tx, new Date(t(local))))).dutyNow.map((d) => d.name);
    expect(await onDutyAt("2026-11-27 07:59")).toEqual([]);
    expect(await onDutyAt("2026-11-27 08:00")).toEqual(["Farmácia Bom Jesus"]);
    expect(await onDutyAt("2026-11-28 00:00")).toEqual(["Farmácia Bom Jesus"]); // past midnight, Saturday
    expect(await onDutyAt("2026-11-28 07:59")).toEqual(["Farmácia Bom Jesus"]);
    expect(await onDutyAt("2026-11-28 08:00")).toEqual(["Farmácia São Benedito"]);
    expect(await onDutyAt("2026-11-29 07:59")).toEqual(["Farmácia São Benedito"]); // Sunday, before 08:00
    expect(await onDutyAt("2026-11-29 08:00")).toEqual([]);
    // What the card shows comes along, and the turn's instants as ISO text.
    const [card] = (await visitor((tx) => getHomeOverview(tx, new Date(t("2026-11-27 12:00"))))).dutyNow;
    expect(card).toMatchObject({ businessId: bomJesus, phone: "+553533334444", address: "Rua Direita, 10", startsAt: "2026-11-27T11:00:00Z", endsAt: "2026-11-28T11:00:00Z" });
    // The week's rota: what is on now and what comes, earliest first; nothing already over.
    const week = await visitor((tx) => listDutyTurns(tx, new Date(t("2026-11-27 09:00"))));
    expect(week.map((d) => d.name)).toEqual(["Farmácia Bom Jesus", "Farmácia São Benedito"]);
    expect((await visitor((tx) => listDutyTurns(tx, new Date(t("2026-11-28 08:00"))))).map((d) => d.name)).toEqual(["Farmácia São Benedito"]);
  });

  it("counts a pharmacy on duty as open whatever its hours: filter, cards, count and badge agree at every hour of the turns", async () => {
    // Bom Jesus keeps 08:00–18:00 every day (on duty inside those hours it is counted once);
    // São Benedito and the bakery have no hours at all.
    const week: OpeningHours = Object.fromEntries(["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, { open: true, opensAt: "08:00", closesAt: "18:00" }]));
    await getDb().query(`UPDATE public.businesses SET opening_hours = $2::jsonb WHERE id = $1`, [bomJesus, JSON.stringify(week)]);
    const fixtures = [
      { name: "Farmácia Bom Jesus", hours: week, turns: [{ startsAt: t("2026-11-27 08:00"), endsAt: t("2026-11-28 08:00") }] },
      { name: "Farmácia São Benedito", hours: null, turns: [{ startsAt: t("2026-11-28 08:00"), endsAt: t("2026-11-29 08:00") }] },
      { name: "Padaria Pão Quente", hours: null, turns: [] },
    ];
    const instants: Date[] = [];
    for (let at = Date.parse(t("2026-11-26 20:00")); at <= Date.parse(t("2026-11-29 12:00")); at += 60 * 60_000) instants.push(new Date(at), new Date(at - 60_000));
    let sawDuty = 0;
    for (const at of instants) {
      const expected = fixtures.filter((f) => isOpenNow(f.hours, at) || dutyBadge(f.turns, at) !== null).map((f) => f.name).sort();
      sawDuty += fixtures.filter((f) => !isOpenNow(f.hours, at) && dutyBadge(f.turns, at) !== null).length;
      const filtered = await visitor((tx) => tx.query<{ name: string }>(`SELECT b.name FROM public.businesses b WHERE ${BUSINESS_OPEN_AT_SQL("b", "$1")} ORDER BY b.name`, [at.toISOString()]));
      expect(filtered.map((r) => r.name), at.toISOString()).toEqual(expected);
      const page = await visitor((tx) => listBusinesses(tx, { page: 1, openNow: true, now: at }));
      expect(page.businesses.map((b) => b.name).sort(), at.toISOString()).toEqual(expected);
      const home = await visitor((tx) => getHomeOverview(tx, at));
      expect(home.openBusinessCount, at.toISOString()).toBe(expected.length);
      expect(home.openBusinesses.map((b) => b.name).sort(), at.toISOString()).toEqual(expected);
    }
    expect(sawDuty).toBeGreaterThan(20);
    // The card carries the turns its badge reads (those not yet over at the real time: none here, in 2026's past or future alike).
    const cards = await visitor((tx) => listBusinesses(tx, { page: 1, now: new Date() }));
    for (const card of cards.businesses) expect(Array.isArray(card.dutyTurns), card.name).toBe(true);
  }, 300_000);
});
