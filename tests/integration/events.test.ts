import ICAL from "ical.js";
import { formatInTimeZone } from "date-fns-tz";
import { expect, it } from "vitest";
import { ANON, type Claims, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { townInstant } from "#server/models/duty-rota";
import {
  businessNamed, eventProposalOutcomeOf, feedEvents, getEvent, listOwnEvents, listPendingEvents, proposeEvent as proposeThroughModel, readAgenda, reviewEvent as reviewThroughModel,
} from "#server/models/events";
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
const NEWBIE = "00000000-0000-4000-8000-00000000e005";
const CONFIRMED = "00000000-0000-4000-8000-00000000e006";
const BAR = "00000000-0000-4000-8000-00000000e0b1";
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
    // The lists below need more proposals a day than a resident may send (the operator's setting).
    await getDb().query(`UPDATE public.moderation_settings SET events_per_day = 1000`);

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

  it("keeps the trust rules of new content: proposals a day by trust level, the blocked refused, the reason of a refusal told", async () => {
    // 20261202000300_event_proposals.sql: a new account (no confirmed e-mail) 1 a day here, a confirmed one 2.
    await getDb().query(
      `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES
         ($1, 'nova-ev@exemplo.com.br', '{"username":"nova_ev","full_name":"Nova"}', NULL),
         ($2, 'dora-ev@exemplo.com.br', '{"username":"dora_ev","full_name":"Dora"}', now())`,
      [NEWBIE, CONFIRMED],
    );
    await getDb().query(`UPDATE public.moderation_settings SET events_per_day = 2, new_account_events_per_day = 1`);
    try {
      const send = (who: string, title: string, scale = 1) =>
        eventProposalOutcomeOf(run(as(who), (tx) => proposeThroughModel(tx, who, { ...input(title, "2026-12-05 08:00", "2026-12-05 12:00"), category: "Feira" }, scale)));
      const first = await send(NEWBIE, "Brechó da Nova");
      expect(first.ok).toBe(true);
      expect(await send(NEWBIE, "Segundo da Nova")).toEqual({ ok: false, refusal: "rate_limited_new" });
      // The server's RATE_LIMIT_SCALE (the tests') doubles the allowance.
      expect((await send(NEWBIE, "Segundo da Nova", 2)).ok).toBe(true);
      expect((await send(CONFIRMED, "Feira da Dora 1")).ok).toBe(true);
      expect((await send(CONFIRMED, "Feira da Dora 2")).ok).toBe(true);
      expect(await send(CONFIRMED, "Feira da Dora 3")).toEqual({ ok: false, refusal: "rate_limited" });
      expect(await send(BLOCKED, "Do bloqueado")).toEqual({ ok: false, refusal: "blocked" });

      // The queue: moderation sees every pending proposal; a resident only their own.
      const queued = titles(await run(as(MODERATOR), (tx) => listPendingEvents(tx)));
      expect(queued).toEqual(expect.arrayContaining(["Brechó da Nova", "Segundo da Nova", "Feira da Dora 1", "Feira da Dora 2"]));
      expect(titles(await run(as(CONFIRMED), (tx) => listPendingEvents(tx))).sort()).toEqual(["Feira da Dora 1", "Feira da Dora 2"]);

      // A refusal with its reason: the proposer reads it, the log keeps it, their list says so.
      const id = (first as { id: string }).id;
      expect(await outcomeOf(run(as(CONFIRMED), (tx) => reviewThroughModel(tx, id, false, "Não pode")))).toBe("refused");
      await run(as(MODERATOR), (tx) => reviewThroughModel(tx, id, false, "  A data é de 2025: confira e proponha de novo. "));
      const [told] = await getDb().query<{ title: string; body: string; link: string }>(
        `SELECT title, body, link FROM public.notifications WHERE user_id = $1 AND kind = 'moderation'`, [NEWBIE]);
      expect(told).toEqual({ title: "Evento não aprovado", body: "Brechó da Nova não foi aprovado pela moderação. Motivo: A data é de 2025: confira e proponha de novo.", link: `/agenda/${id}` });
      const [logged] = await getDb().query<{ action: string; note: string; subject_id: string }>(
        `SELECT action, note, subject_id FROM public.moderation_log WHERE item_id = $1`, [id]);
      expect(logged).toEqual({ action: "reject_event", note: "A data é de 2025: confira e proponha de novo.", subject_id: NEWBIE });
      const own = await run(as(NEWBIE), (tx) => listOwnEvents(tx, NEWBIE));
      expect(own.map((e) => [e.title, e.status])).toEqual([["Segundo da Nova", "pending"], ["Brechó da Nova", "rejected"]]);
      expect(titles(await run(as(OTHER), (tx) => listOwnEvents(tx, NEWBIE)))).toEqual([]);
      expect(await outcomeOf(run(as(MODERATOR), (tx) => reviewThroughModel(tx, "not-an-id", true, "")))).toBe("not-found");
    } finally {
      await getDb().query(`UPDATE public.moderation_settings SET events_per_day = 1000, new_account_events_per_day = 2`);
    }
  });

  it("reads a place that names one listed business as that business, accents and case aside; anything else is an address", async () => {
    await getDb().query(
      `INSERT INTO public.businesses (id, name, category) VALUES ($1, 'Bar do Zé da Viola', 'Bares'), ($2, 'Padaria Dupla', 'Padarias'), ($3, 'Padaria Dupla', 'Padarias')`,
      [BAR, "00000000-0000-4000-8000-00000000e0b2", "00000000-0000-4000-8000-00000000e0b3"],
    );
    expect(await run(as(RESIDENT), (tx) => businessNamed(tx, "  bar do ze da viola "))).toBe(BAR);
    expect(await run(as(RESIDENT), (tx) => businessNamed(tx, "Padaria Dupla"))).toBeNull();
    expect(await run(as(RESIDENT), (tx) => businessNamed(tx, "Rua Direita, 10"))).toBeNull();
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
  it("keeps an event's place when the business it was held at is deleted", async () => {
    // The foreign key empties business_id; an event placed by its business alone had no place
    // left, and the delete failed on events_place (city-scale.test, whenever it deleted a host).
    await getDb().query(`UPDATE public.moderation_settings SET events_per_day = 1000, new_account_events_per_day = 1000`);
    const [bar] = await getDb().query<{ id: string }>(
      `INSERT INTO public.businesses (name, category, address) VALUES ('Bar da Esquina', 'Bares', 'Rua Direita, 10') RETURNING id`,
    );
    const [host] = await getDb().query<{ id: string }>(
      `INSERT INTO public.businesses (name, category) VALUES ('Quiosque sem Endereço', 'Bares') RETURNING id`,
    );
    const held = async (businessId: string) =>
      (await getDb().query<{ id: string }>(
        `INSERT INTO public.events (proposer_id, title, starts_at, ends_at, business_id, address, category)
         VALUES ($1, 'Roda de samba', now() + interval '1 day', now() + interval '1 day 3 hours', $2, '', 'Festa') RETURNING id`,
        [RESIDENT, businessId],
      ))[0]!.id;
    const atBar = await held(bar!.id);
    const atHost = await held(host!.id);
    await getDb().query(`DELETE FROM public.businesses WHERE id IN ($1, $2)`, [bar!.id, host!.id]);
    const place = async (id: string) =>
      (await getDb().query<{ business_id: string | null; address: string }>(`SELECT business_id, address FROM public.events WHERE id = $1`, [id]))[0];
    expect(await place(atBar)).toEqual({ business_id: null, address: "Bar da Esquina, Rua Direita, 10" });
    expect(await place(atHost)).toEqual({ business_id: null, address: "Quiosque sem Endereço" });
  });
});
