import { agendaDays, monthDays, type EventCategory, type TownEvent } from "#core/events";
import { isUuid } from "#core/uuid";
import type { Queryable } from "../db";
import { refusedOr } from "../db/errors";
import { ptSortKey } from "./sort";
import { townInstant } from "./duty-rota";
import { keysetPage, startsOrderPage, type PageRequest } from "./keyset";

/**
 * The town's agenda (issue #32; the table: 20261201000300_events.sql). A resident writes only
 * a pending proposal of their own; a moderator's review_event (SECURITY DEFINER) approves or
 * refuses it. The lists read approved events not yet over, in the order they happen: past
 * events leave them but keep their pages (getEvent).
 */

export const AGENDA_PAGE_SIZE = 20;
/** "Hoje" and "Este fim de semana" are short lists; more than this is what "Próximos" pages through. */
const WINDOW_LIMIT = 20;


const EVENT_COLUMNS = `e.id, e.title, e.description, e.starts_at AS "startsAt", e.ends_at AS "endsAt", e.category,
  e.price_cents AS "priceCents", e.address, e.business_id AS "businessId", b.name AS "businessName",
  nullif(b.address, '') AS "businessAddress", e.status,
  coalesce((SELECT p.full_name FROM public.profiles p WHERE p.id = e.proposer_id), '') AS "proposerName"`;
// The proposer's name is one primary-key read per row shown: joined, PostgreSQL hashed the whole
// profiles table for the queue's and the feed's hundred-odd rows (city-plans, the 100x town).
const EVENT_FROM = `public.events e LEFT JOIN public.businesses b ON b.id = e.business_id`;

/** timestamptz comes back as Date from some drivers and as text from others: the app speaks ISO. */
function iso<T extends { startsAt: string | Date; endsAt: string | Date }>(row: T): T {
  return { ...row, startsAt: new Date(row.startsAt).toISOString(), endsAt: new Date(row.endsAt).toISOString() };
}

const midnight = (date: string) => townInstant(`${date} 00:00`)!;

/** Approved events running between two instants (and not over at `now`), in the order they start. */
async function window(tx: Queryable, from: string, to: string, now: Date): Promise<TownEvent[]> {
  const rows = await tx.query<TownEvent>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM}
     WHERE e.status = 'approved' AND e.starts_at < $2::timestamptz AND e.ends_at > greatest($1::timestamptz, $3::timestamptz)
     ORDER BY e.starts_at, e.id LIMIT ${WINDOW_LIMIT}`,
    [from, to, now.toISOString()],
  );
  return rows.map(iso);
}

export type Agenda = {
  today: TownEvent[];
  weekend: TownEvent[];
  upcoming: { rows: TownEvent[]; hasMore: boolean; page: number };
};

/**
 * The agenda at `now`: "Hoje", "Este fim de semana" and a keyset page of "Próximos" — every
 * event not yet over, or, with `month` ("YYYY-MM"), those of that month.
 */
export async function readAgenda(tx: Queryable, now: Date, request: PageRequest, month?: string): Promise<Agenda> {
  const days = agendaDays(now);
  const [today, weekend] = await Promise.all([
    window(tx, midnight(days.today), midnight(days.tomorrow), now),
    window(tx, midnight(days.weekendFrom), midnight(days.weekendTo), now),
  ]);
  const bounds = month ? monthDays(month) : null;
  const page = startsOrderPage("public.events", "e", request, "$2", AGENDA_PAGE_SIZE, { filter: "c.status = 'approved'" });
  const rows = await tx.query<TownEvent>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM}
     WHERE e.status = 'approved' AND e.ends_at > greatest($3::timestamptz, coalesce($4::timestamptz, $3::timestamptz))
       AND ($5::timestamptz IS NULL OR e.starts_at < $5::timestamptz) AND ${page.where}
     ORDER BY ${page.orderBy} LIMIT $1 OFFSET ${page.offset}`,
    [AGENDA_PAGE_SIZE + 1, page.cursor, now.toISOString(), bounds ? midnight(bounds.from) : null, bounds ? midnight(bounds.to) : null],
  );
  return { today, weekend, upcoming: keysetPage(rows.map(iso), request, AGENDA_PAGE_SIZE) };
}

/** One event as its page shows it: approved ones for everyone, the proposer's and moderation's pending or refused ones (RLS). */
export async function getEvent(tx: Queryable, id: string): Promise<TownEvent | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<TownEvent>(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = $1`, [id]);
  return row ? iso(row) : null;
}

/** The feed of the town's agenda (/agenda.ics): approved events from a month ago on, at most 500. */
export async function feedEvents(tx: Queryable, now: Date): Promise<TownEvent[]> {
  const rows = await tx.query<TownEvent>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM}
     WHERE e.status = 'approved' AND e.ends_at > $1::timestamptz - interval '31 days'
       -- Implied by the above (an event lasts 31 days at most): a range of the agenda's index.
       AND e.starts_at > $1::timestamptz - interval '62 days'
     ORDER BY e.starts_at, e.id LIMIT 500`,
    [now.toISOString()],
  );
  return rows.map(iso);
}

// ---------------------------------------------------------------- proposals and the queue

export type EventInput = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  businessId: string | null;
  address: string;
  category: EventCategory;
  priceCents: number | null;
};

export type ProposalRefusal = "rate_limited" | "rate_limited_new" | "blocked";

/** The database's refusals of a proposal (20261202000300_event_proposals.sql), as outcomes the form words. */
function proposalRefusalOf(error: unknown): ProposalRefusal | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  const constraint = e.constraint ?? "";
  if (e.code === "23514") {
    if (constraint === "events_rate_limit_new" || /for a new account/.test(e.message ?? "")) return "rate_limited_new";
    if (constraint === "events_rate_limit" || /too many event proposals/.test(e.message ?? "")) return "rate_limited";
  }
  // 42501: the restrictive policy refused a blocked resident.
  if (e.code === "42501") return "blocked";
  return null;
}

/**
 * The outcome of a proposal, its transaction included: the trigger and the policies refuse
 * inside it — eventProposalOutcomeOf(ctx.db.asCaller((tx) => proposeEvent(tx, …))).
 */
export function eventProposalOutcomeOf<T>(work: Promise<T>): Promise<T | { ok: false; refusal: ProposalRefusal }> {
  return refusedOr(work, proposalRefusalOf);
}

/** A pending proposal of the caller's own. `rateScale`: the server's RATE_LIMIT_SCALE (tests raise it). */
export async function proposeEvent(tx: Queryable, proposerId: string, input: EventInput, rateScale = 1): Promise<{ ok: true; id: string }> {
  if (rateScale !== 1) await tx.query(`SELECT set_config('guida.rate_limit_scale', $1, true)`, [String(rateScale)]);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO public.events (proposer_id, title, description, starts_at, ends_at, business_id, address, category, price_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [proposerId, input.title, input.description, input.startsAt, input.endsAt, input.businessId, input.address, input.category, input.priceCents],
  );
  return { ok: true, id: row!.id };
}

/** The resident's own proposals (RLS shows no one else's pending ones), newest first. */
export async function listOwnEvents(tx: Queryable, proposerId: string): Promise<TownEvent[]> {
  const rows = await tx.query<TownEvent>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.proposer_id = $1 ORDER BY e.created_at DESC LIMIT 20`,
    [proposerId],
  );
  return rows.map(iso);
}

/** The moderators' queue, newest first (RLS shows a resident only their own). */
export async function listPendingEvents(tx: Queryable): Promise<TownEvent[]> {
  const rows = await tx.query<TownEvent>(
    `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.status = 'pending' ORDER BY e.created_at DESC LIMIT 100`,
  );
  return rows.map(iso);
}

export async function reviewEvent(tx: Queryable, id: string, approve: boolean, note: string): Promise<void> {
  if (!isUuid(id)) throw Object.assign(new Error("no such event"), { code: "P0002" });
  await tx.query(`SELECT public.review_event($1::uuid, $2, $3)`, [id, approve, note]);
}

/**
 * The listed business a proposal's place names, when it names one: the same name as a listing,
 * accents and case aside (the businesses' stored sort key, which an index serves). Null when no
 * listing, or more than one, has that name: the place is then an address in words.
 */
export async function businessNamed(tx: Queryable, place: string): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `SELECT b.id FROM public.businesses b WHERE b.name_sort_key = ${ptSortKey("$1::text")} LIMIT 2`,
    [place.trim()],
  );
  return rows.length === 1 ? rows[0]!.id : null;
}
