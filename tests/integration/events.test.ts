import ICAL from "ical.js";
import { formatInTimeZone } from "date-fns-tz";
import { expect, it } from "vitest";
import { ANON, type Claims, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { townInstant } from "#server/models/duty-rota";
import { feedEvents, getEvent, readAgenda } from "#server/models/events";
import { outcomeOf } from "#server/models/moderation";
import { agendaCalendar } from "#server/toolkit/agenda-ics";
import { forEachEngine } from "./db";

// Issue #32: the town's agenda. A resident proposes (a pending row of their own, nothing
// else); a moderator approves or refuses through public.review_event; everyone reads the
// approved events, the proposer and moderation the others. "Hoje", "Este fim de semana",
// "Próximos" and a month's list read the town's clock; past events leave the lists but keep
// their pages; the .ics files parse with a calendar library and keep São Paulo's times.

const MODERATOR = "00000000-0000-4000-8000-00000000e001";
const RESIDENT = "00000000-0000-4000-8000-00000000e002";
const OTHER = "00000000-0000-4000-8000-00000000e003";
const BLOCKED = "00000000-0000-4000-8000-00000000e004";
const as = (sub: string): Claims => ({ role: "authenticated", sub });
const t = (local: string) => townInstant(local)!;
/** Wednesday 25 November 2026, 10:00 in Vila Serena: the clock of the lists below. */
const WEDNESDAY = new Date(t("2026-11-25 10:00"));

type EventInput = {
  title: string; description: string; startsAt: string; endsAt: string; businessId: string | null; address: string; category: string; priceCents: number | null;
};
/** What the proposal form writes (the resident's claims: RLS decides), and the moderator's review. */
const proposeEvent = async (tx: Queryable, proposerId: string, e: EventInput): Promise<string> =>
  (await tx.query<{ id: string }>(
    `INSERT INTO public.events (proposer_id, title, description, starts_at, ends_at, business_id, address, category, price_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [proposerId, e.title, e.description, e.startsAt, e.endsAt, e.businessId, e.address, e.category, e.priceCents],
  ))[0]!.id;
const reviewEvent = (tx: Queryable, id: string, approve: boolean, note: string) => tx.query(`SELECT public.review_event($1::uuid, $2, $3)`, [id, approve, note]);

const input = (title: string, from: string, to: string, extra: Partial<EventInput> = {}): EventInput => ({
  title,
  description: "",
  startsAt: t(from),
  endsAt: t(to),
  businessId: null,
  address: "Praça da Matriz",
  category: "Festa",
  priceCents: null,
  ...extra,
});

forEachEngine((getDb) => {
  const run = <T>(who: Claims, fn: (tx: Queryable) => Promise<T>) => withUser(getDb(), who, fn);
  const propose = (who: string, event: EventInput) => run(as(who), (tx) => proposeEvent(tx, who, event));
  const approve = (id: string) => run(as(MODERATOR), (tx) => reviewEvent(tx, id, true, ""));
  const titles = (events: { title: string }[]) => events.map((e) => e.title);
  const ids: Record<string, string> = {};

  it("takes a resident's proposal as pending, shows it to them and moderation only, and publishes it once approved", async () => {
    await getDb().query(
      `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES
         ($1, 'mod-ev@exemplo.com.br', '{"username":"moderadora_ev","full_name":"Moderadora"}', now()),
         ($2, 'ana-ev@exemplo.com.br', '{"username":"ana_ev","full_name":"Ana Proponente"}', now()),
         ($3, 'beto-ev@exemplo.com.br', '{"username":"beto_ev","full_name":"Beto"}', now()),
         ($4, 'caio-ev@exemplo.com.br', '{"username":"caio_ev","full_name":"Caio"}', now())`,
      [MODERATOR, RESIDENT, OTHER, BLOCKED],
    );
    await getDb().query(`INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'moderator')`, [MODERATOR]);
    await getDb().query(`INSERT INTO public.resident_blocks (user_id, blocked_by) VALUES ($1, $2)`, [BLOCKED, MODERATOR]);

    ids.feira = await propose(RESIDENT, input("Feira de artesanato", "2026-11-28 08:00", "2026-11-28 13:00", { category: "Feira" }));
    // Nobody proposes for someone else, as approved, or while blocked; a visitor not at all.
    expect(await outcomeOf(run(as(OTHER), (tx) => proposeEvent(tx, RESIDENT, input("Forjado", "2026-11-28 08:00", "2026-11-28 09:00"))))).toBe("refused");
    expect(await outcomeOf(run(as(RESIDENT), (tx) => tx.query(
      `INSERT INTO public.events (proposer_id, title, starts_at, ends_at, address, category, status) VALUES ($1, 'Já aprovado', now(), now() + interval '1 hour', 'Rua', 'Festa', 'approved')`, [RESIDENT])))).not.toBe("done");
    expect(await outcomeOf(propose(BLOCKED, input("Do bloqueado", "2026-11-28 08:00", "2026-11-28 09:00")))).toBe("refused");
    expect(await outcomeOf(run(ANON, (tx) => proposeEvent(tx, RESIDENT, input("Anônimo", "2026-11-28 08:00", "2026-11-28 09:00"))))).not.toBe("done");
    // The database's own rules: an end before the start, a place left out, over a month long.
    expect(await outcomeOf(propose(RESIDENT, input("Ao contrário", "2026-11-28 10:00", "2026-11-28 09:00")))).not.toBe("done");
    expect(await outcomeOf(propose(RESIDENT, input("Sem lugar", "2026-11-28 08:00", "2026-11-28 09:00", { address: " " })))).not.toBe("done");
    expect(await outcomeOf(propose(RESIDENT, input("Longo demais", "2026-11-28 08:00", "2027-01-28 09:00")))).not.toBe("done");

    expect((await run(ANON, (tx) => getEvent(tx, ids.feira!)))).toBeNull();
    expect((await run(as(OTHER), (tx) => getEvent(tx, ids.feira!)))).toBeNull();
    expect((await run(as(RESIDENT), (tx) => getEvent(tx, ids.feira!)))?.status).toBe("pending");
    expect((await run(as(MODERATOR), (tx) => getEvent(tx, ids.feira!)))?.proposerName).toBe("Ana Proponente");
    expect(titles((await run(ANON, (tx) => readAgenda(tx, WEDNESDAY, { page: 1 }))).upcoming.rows)).toEqual([]);

    // Only moderation reviews; a review is once.
    expect(await outcomeOf(run(as(RESIDENT), (tx) => reviewEvent(tx, ids.feira!, true, "")))).toBe("refused");
    await approve(ids.feira);
    expect(await outcomeOf(approve(ids.feira))).toBe("not-found");
    expect((await run(ANON, (tx) => getEvent(tx, ids.feira!)))?.status).toBe("approved");
    const [told] = await getDb().query<{ title: string; link: string }>(`SELECT title, link FROM public.notifications WHERE user_id = $1 AND kind = 'moderation'`, [RESIDENT]);
    expect(told).toEqual({ title: "Evento aprovado", link: `/agenda/${ids.feira}` });
  });

  it("lists Hoje, Este fim de semana, Próximos and a month on the town's clock; past events leave the lists and keep their pages", async () => {
    const add = async (title: string, from: string, to: string) => {
      const id = await propose(RESIDENT, input(title, from, to));
      await approve(id);
      return id;
    };
    ids.vacina = await add("Dia de vacinação", "2026-11-25 08:00", "2026-11-25 17:00"); // Wednesday, today
    ids.cedo = await add("Café comunitário", "2026-11-25 07:00", "2026-11-25 09:00"); // today, over at 10:00
    ids.quermesse = await add("Quermesse da Matriz", "2026-11-29 18:00", "2026-11-29 23:30"); // Sunday
    ids.sabado = await add("Baile de sábado", "2026-11-28 21:00", "2026-11-29 02:00"); // Saturday night into Sunday
    ids.segunda = await add("Palestra de segunda", "2026-11-30 00:00", "2026-11-30 01:00"); // Monday 00:00: not the weekend
    ids.dezembro = await add("Cantata de Natal", "2026-12-20 19:00", "2026-12-20 21:00");

    const agenda = await run(ANON, (tx) => readAgenda(tx, WEDNESDAY, { page: 1 }));
    expect(titles(agenda.today)).toEqual(["Dia de vacinação"]);
    expect(titles(agenda.weekend)).toEqual(["Feira de artesanato", "Baile de sábado", "Quermesse da Matriz"]);
    expect(titles(agenda.upcoming.rows)).toEqual([
      "Dia de vacinação", "Feira de artesanato", "Baile de sábado", "Quermesse da Matriz", "Palestra de segunda", "Cantata de Natal",
    ]);
    const december = await run(ANON, (tx) => readAgenda(tx, WEDNESDAY, { page: 1 }, "2026-12"));
    expect(titles(december.upcoming.rows)).toEqual(["Cantata de Natal"]);

    // Saturday 23:00: today is the ball; the weekend is this one (the feira is over).
    const saturdayNight = await run(ANON, (tx) => readAgenda(tx, new Date(t("2026-11-28 23:00")), { page: 1 }));
    expect(titles(saturdayNight.today)).toEqual(["Baile de sábado"]);
    expect(titles(saturdayNight.weekend)).toEqual(["Baile de sábado", "Quermesse da Matriz"]);
    // Sunday 23:59 the quermesse is still on; Monday 00:00 the weekend is the next one.
    expect(titles((await run(ANON, (tx) => readAgenda(tx, new Date(t("2026-11-29 23:29")), { page: 1 }))).weekend)).toEqual(["Quermesse da Matriz"]);
    expect(titles((await run(ANON, (tx) => readAgenda(tx, new Date(t("2026-11-30 00:00")), { page: 1 }))).weekend)).toEqual([]);
    // A past event keeps its page.
    expect((await run(ANON, (tx) => getEvent(tx, ids.cedo!)))?.title).toBe("Café comunitário");
  });

  it("pages Próximos by a cursor, twenty at a time, in the order events start", async () => {
    const many: string[] = [];
    for (let i = 0; i < 23; i++) {
      const day = String(1 + i).padStart(2, "0");
      many.push(await propose(OTHER, input(`Treino ${day}`, `2027-01-${day} 19:00`, `2027-01-${day} 20:00`, { category: "Esporte" })));
    }
    for (const id of many) await approve(id);
    const first = await run(ANON, (tx) => readAgenda(tx, WEDNESDAY, { page: 1 }, "2027-01"));
    expect(first.upcoming.rows).toHaveLength(20);
    expect(first.upcoming.hasMore).toBe(true);
    const second = await run(ANON, (tx) => readAgenda(tx, WEDNESDAY, { page: 2, after: first.upcoming.rows.at(-1)!.id }, "2027-01"));
    expect(titles(second.upcoming.rows)).toEqual(["Treino 21", "Treino 22", "Treino 23"]);
    expect(second.upcoming.hasMore).toBe(false);
    const back = await run(ANON, (tx) => readAgenda(tx, WEDNESDAY, { page: 1, before: second.upcoming.rows[0]!.id }, "2027-01"));
    expect(titles(back.upcoming.rows)).toEqual(titles(first.upcoming.rows));
  });

  it("writes .ics files a calendar library reads back with São Paulo's times, approved events only in the feed", async () => {
    const pending = await propose(RESIDENT, input("Ainda pendente", "2026-11-27 19:00", "2026-11-27 22:00"));
    const feed = await run(as(RESIDENT), (tx) => feedEvents(tx, WEDNESDAY));
    expect(feed.map((e) => e.id)).not.toContain(pending);
    const calendar = new ICAL.Component(ICAL.parse(agendaCalendar(feed)));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const ball = events.find((e) => e.summary === "Baile de sábado")!;
    expect(ball).toBeDefined();
    const local = (time: ICAL.Time) => formatInTimeZone(time.toJSDate(), "America/Sao_Paulo", "yyyy-MM-dd HH:mm");
    expect([local(ball.startDate), local(ball.endDate)]).toEqual(["2026-11-28 21:00", "2026-11-29 02:00"]);
    expect(ball.location).toBe("Praça da Matriz");
    expect(ball.uid).toBe(`${ids.sabado}@guida`);
    expect(events.map((e) => e.summary)).not.toContain("Ainda pendente");
    // January 2018: São Paulo was on summer time (UTC−2); the file says the instant, the tz database the wall clock.
    const old = await propose(RESIDENT, input("Carnaval de 2018", "2018-01-20 21:00", "2018-01-20 23:00"));
    await approve(old);
    const oldEvent = (await run(ANON, (tx) => getEvent(tx, old)))!;
    expect(oldEvent.startsAt).toBe("2018-01-20T23:00:00.000Z");
    const one = new ICAL.Event(new ICAL.Component(ICAL.parse(agendaCalendar([oldEvent]))).getFirstSubcomponent("vevent")!);
    expect(local(one.startDate)).toBe("2018-01-20 21:00");
  });
});
