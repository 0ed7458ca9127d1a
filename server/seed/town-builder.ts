import { randomUUID } from "node:crypto";
import { hashPassword } from "../auth/password";
import { normalizeBrazilianPhone } from "#core/phone";
import { placeInNeighbourhood } from "#core/town-map";
import { townDate } from "#core/business-hours";
import { addDays } from "#core/events";
import { townInstant } from "../models/duty-rota";
import { demoAgenda } from "./seed-agenda";
import { insertDemoComments } from "./seed-comments";
import { insertDemoReviews } from "./seed-reviews";
import { buildDemoTown, DEMO_PASSWORD } from "./seed-data";
import { SupabaseSeedRefusedError } from "./seed";
import { hasSupabaseAuthSchema } from "../db/migrate";
import type { Database, Queryable } from "../db/types";

/**
 * A town `scale` times the demo town (BENCH_TOWN=N, issue #17), for the benchmark and the
 * plan check: the demo town already in the database, plus scale − 1 copies of it, each
 * drawn from its own seed with its residents renamed (alice → alice_7, alice.7@…), written
 * through the same tables and triggers the app uses — sign-up makes the profile and the
 * welcome notification, a favorite copies its item and notifies the owner, a vote notifies
 * the author, the summaries count — in batches of one statement per table and copy. The
 * copies show the demo town's pictures (the same files). One resident (`heavyEmail`) collects 20 favorites per copy.
 */
export type TownSize = { scale: number; now?: Date; heavyEmail?: string };

const DAY_MS = 86_400_000;
export const HEAVY_RESIDENT_EMAIL = "larissa.duarte@exemplo.com.br";

type Row = Record<string, unknown>;

/** The demo town's picture URLs, in its rows' order: the copies show the same pictures. */
type Pictures = {
  avatars: (string | null)[];
  logos: (string | null)[];
  covers: (string | null)[];
  galleries: string[][];
  services: (string | null)[];
  drivers: (string | null)[];
  items: string[][];
  posts: (string | null)[];
  news: (string | null)[];
};

async function demoPictures(db: Queryable): Promise<Pictures> {
  const column = async <T>(sql: string) => (await db.query<{ v: T }>(sql)).map((r) => r.v);
  return {
    avatars: await column(`SELECT avatar_url AS v FROM public.profiles ORDER BY created_at, id`),
    logos: await column(`SELECT logo_url AS v FROM public.businesses ORDER BY created_at, id`),
    covers: await column(`SELECT cover_url AS v FROM public.businesses ORDER BY created_at, id`),
    galleries: await column(
      `SELECT coalesce((SELECT array_agg(i.url ORDER BY i.position) FROM public.business_images i WHERE i.business_id = b.id), '{}') AS v
       FROM public.businesses b ORDER BY b.created_at, b.id`,
    ),
    services: await column(`SELECT image_url AS v FROM public.services ORDER BY created_at, id`),
    drivers: await column(`SELECT photo_url AS v FROM public.drivers ORDER BY created_at, id`),
    items: await column(`SELECT images AS v FROM public.sell_items ORDER BY created_at, id`),
    posts: await column(`SELECT image_url AS v FROM public.posts ORDER BY created_at, id`),
    news: await column(`SELECT cover_image AS v FROM public.news ORDER BY created_at, id`),
  };
}

const nth = <T>(list: T[], i: number, fallback: T): T => (list.length ? list[i % list.length]! : fallback);

/** Inserts rows given as JSON: one statement, every row's triggers fire as for single inserts. */
async function insertRows(tx: Queryable, table: string, columns: Record<string, string>, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(", ");
  await tx.query(
    `INSERT INTO ${table} (${names.join(", ")}) SELECT ${names.join(", ")} FROM jsonb_to_recordset($1::jsonb) AS r(${definition})`,
    [JSON.stringify(rows)],
  );
}

function copyPhone(copy: number, index: number): string {
  // A mobile number of its own per resident and copy: "96" never starts a demo number.
  const phone = normalizeBrazilianPhone(`(35) 96${String(copy * 100 + index).padStart(7, "0")}`);
  if (!phone) throw new Error("town-builder: invalid generated phone");
  return phone;
}

function e164(phone: string): string {
  const normalized = normalizeBrazilianPhone(phone);
  if (!normalized) throw new Error(`town-builder: ${phone} is not a Brazilian phone number`);
  return normalized;
}

/** The copy's polls, their options and the residents' votes, each post's poll beside the post it belongs to. */
async function addPollsAndVotes(
  tx: Queryable,
  town: ReturnType<typeof buildDemoTown>,
  posts: { id: string; created_at: string }[],
  uid: (key: string | null) => string | null,
) {
  const polls: Row[] = [];
  const options: Row[] = [];
  const optionIds: string[][] = [];
  const pollIds: (string | null)[] = [];
  town.posts.forEach((p, i) => {
    if (!p.poll) {
      pollIds.push(null);
      optionIds.push([]);
      return;
    }
    const pollId = randomUUID();
    pollIds.push(pollId);
    polls.push({ id: pollId, post_id: posts[i]!.id, question: p.poll.question, created_at: posts[i]!.created_at });
    optionIds.push(p.poll.options.map((label, position) => {
      const id = randomUUID();
      options.push({ id, poll_id: pollId, label, position });
      return id;
    }));
  });
  await insertRows(tx, "public.polls", { id: "uuid", post_id: "uuid", question: "text", created_at: "timestamptz" }, polls);
  await insertRows(tx, "public.poll_options", { id: "uuid", poll_id: "uuid", label: "text", position: "int" }, options);
  const votes = town.votes.flatMap((v) => {
    const pollId = pollIds[v.postIndex];
    const optionId = optionIds[v.postIndex]?.[v.optionIndex];
    return pollId && optionId ? [{ poll_id: pollId, user_id: uid(v.userKey), option_id: optionId }] : [];
  });
  await insertRows(tx, "public.poll_votes", { poll_id: "uuid", user_id: "uuid", option_id: "uuid" }, votes);
}

/** Adds copy `copy` (1, 2, …) of the demo town; returns the ids a favorite may point at. */
/**
 * Issue #32: each copy's agenda a day later than the one before, so the city's events spread
 * over the coming months (December's dates stay: a city has many events those nights).
 */
async function addAgenda(tx: Queryable, copy: number, now: Date, businesses: { id: string; name: string }[], uid: (key: string | null) => string | null): Promise<void> {
  const events = demoAgenda(addDays(townDate(now).date, copy)).map((e) => {
    const business = e.business ? businesses.find((b) => b.name === e.business) : undefined;
    return {
      proposer_id: uid(e.proposer), title: e.title, description: e.description, starts_at: townInstant(e.start), ends_at: townInstant(e.end),
      business_id: business?.id ?? null, address: business ? "" : e.address || e.business, category: e.category, price_cents: e.priceCents,
      status: e.approved ? "approved" : "pending", reviewed_at: e.approved ? new Date(now.getTime() - DAY_MS).toISOString() : null,
      created_at: new Date(now.getTime() - 2 * DAY_MS - copy * 60_000).toISOString(),
    };
  });
  await insertRows(tx, "public.events", {
    proposer_id: "uuid", title: "text", description: "text", starts_at: "timestamptz", ends_at: "timestamptz", business_id: "uuid",
    address: "text", category: "text", price_cents: "int", status: "text", reviewed_at: "timestamptz", created_at: "timestamptz",
  }, events);
}

async function addCopy(tx: Queryable, copy: number, now: Date, passwordHash: string, pictures: Pictures): Promise<{ kind: string; id: string }[]> {
  const town = buildDemoTown(2026 + copy);
  const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS - minutes * 60_000).toISOString();
  const userIds = new Map(town.users.map((u) => [u.key, randomUUID()]));
  const uid = (key: string | null) => (key ? (userIds.get(key) ?? null) : null);
  const suffix = `_${copy}`;

  const users = town.users.map((u, i) => ({
    id: userIds.get(u.key)!,
    email: u.email.replace("@", `.${copy}@`),
    encrypted_password: passwordHash,
    raw_user_meta_data: { username: `${u.username.slice(0, 20 - suffix.length)}${suffix}`, full_name: u.fullName },
    email_confirmed_at: ago(200 - i * 5),
    created_at: ago(200 - i * 5),
    bio: u.bio,
    phone: copyPhone(copy, i),
    birth_date: u.birthDate,
    avatar: nth(pictures.avatars, i, null),
  }));
  await insertRows(tx, "auth.users", { id: "uuid", email: "text", encrypted_password: "text", raw_user_meta_data: "jsonb", email_confirmed_at: "timestamptz", created_at: "timestamptz" }, users);
  const people = JSON.stringify(users);
  await tx.query(
    `UPDATE public.profiles p SET bio = r.bio, avatar_url = r.avatar, created_at = r.created_at
     FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, bio text, avatar text, created_at timestamptz) WHERE p.id = r.id`,
    [people],
  );
  await tx.query(
    `UPDATE public.profile_private p SET phone = r.phone, birth_date = r.birth_date FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, phone text, birth_date date) WHERE p.user_id = r.id`,
    [people],
  );
  await tx.query(
    `UPDATE public.notifications n SET created_at = r.created_at FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, created_at timestamptz) WHERE n.user_id = r.id`,
    [people],
  );

  const businesses = town.businesses.map((b, i) => ({
    id: randomUUID(), owner_id: uid(b.ownerKey), name: b.name, category: b.category, description: b.description, address: b.address,
    neighbourhood: b.neighbourhood, phone: e164(b.phone), whatsapp: b.whatsapp, instagram: b.instagram, website: b.website,
    opening_hours: b.openingHours, created_at: ago(300 - i), logo_url: nth(pictures.logos, i, null), cover_url: nth(pictures.covers, i, null),
    ...placeInNeighbourhood(b.neighbourhood, `${b.name}#${copy}`),
  }));
  await insertRows(tx, "public.businesses", {
    id: "uuid", owner_id: "uuid", name: "text", category: "text", description: "text", address: "text", neighbourhood: "text",
    phone: "text", whatsapp: "text", instagram: "text", website: "text", opening_hours: "jsonb", created_at: "timestamptz",
    logo_url: "text", cover_url: "text", latitude: "float8", longitude: "float8",
  }, businesses);
  const gallery = businesses.flatMap((b, i) => nth(pictures.galleries, i, []).map((url, position) => ({ business_id: b.id, url, position })));
  await insertRows(tx, "public.business_images", { business_id: "uuid", url: "text", position: "int" }, gallery);
  const services = town.services.map((s, i) => ({
    id: randomUUID(), owner_id: uid(s.ownerKey), name: s.name, category: s.category, description: s.description,
    neighbourhood: s.neighbourhood, phone: e164(s.phone), whatsapp: s.whatsapp, price_info: s.priceInfo, created_at: ago(250 - i),
    image_url: nth(pictures.services, i, null), ...placeInNeighbourhood(s.neighbourhood, `${s.name}#${copy}`),
  }));
  await insertRows(tx, "public.services", {
    id: "uuid", owner_id: "uuid", name: "text", category: "text", description: "text", neighbourhood: "text", phone: "text",
    whatsapp: "text", price_info: "text", created_at: "timestamptz", image_url: "text", latitude: "float8", longitude: "float8",
  }, services);
  const drivers = town.drivers.map((d, i) => ({
    id: randomUUID(), name: d.name, vehicle_kind: d.vehicleKind, vehicle_description: d.vehicleDescription, areas: d.areas, bio: d.bio,
    phone: e164(d.phone), whatsapp: d.whatsapp, working_hours: d.workingHours, created_at: ago(220 - i),
    photo_url: nth(pictures.drivers, i, null), ...placeInNeighbourhood(d.areas[(i + copy) % Math.max(1, d.areas.length)] ?? "Centro", `${d.name}#${copy}`),
  }));
  await insertRows(tx, "public.drivers", {
    id: "uuid", name: "text", vehicle_kind: "text", vehicle_description: "text", areas: "text[]", bio: "text", phone: "text",
    whatsapp: "text", working_hours: "jsonb", created_at: "timestamptz", photo_url: "text", latitude: "float8", longitude: "float8",
  }, drivers);
  const sellItems = town.sellItems.map((s, i) => ({
    id: randomUUID(), seller_id: uid(s.sellerKey), title: s.title, description: s.description, price: s.price.toFixed(2),
    condition: s.condition, category: s.category, location: s.location, images: nth(pictures.items, i, []), status: s.sold ? "sold" : "available",
    sold_at: s.sold ? ago(s.daysAgo, i * 7) : null, created_at: ago(s.daysAgo, i * 7),
  }));
  await insertRows(tx, "public.sell_items", {
    id: "uuid", seller_id: "uuid", title: "text", description: "text", price: "numeric", condition: "text", category: "text",
    location: "text", images: "text[]", status: "text", sold_at: "timestamptz", created_at: "timestamptz",
  }, sellItems);

  const posts = town.posts.map((p, i) => ({ id: randomUUID(), author_id: uid(p.authorKey), content: p.content, created_at: ago(p.daysAgo, i * 11),
    image_url: p.hasImage ? nth(pictures.posts.filter(Boolean), i, null) : null }));
  await insertRows(tx, "public.posts", { id: "uuid", author_id: "uuid", content: "text", created_at: "timestamptz", image_url: "text" }, posts);
  await addPollsAndVotes(tx, town, posts, uid);
  const news = town.news.map((n, i) => ({
    id: randomUUID(), author_id: uid(n.authorKey), title: n.title, summary: n.summary, content: n.content, created_at: ago(n.daysAgo, i * 13),
    cover_image: nth(pictures.news, i, null),
  }));
  await insertRows(tx, "public.news", {
    id: "uuid", author_id: "uuid", title: "text", summary: "text", content: "text", created_at: "timestamptz", cover_image: "text",
  }, news);
  await insertDemoComments(tx, {
    posts: posts.map((p) => ({ id: p.id, text: p.content, createdAt: p.created_at })),
    news: news.map((n) => ({ id: n.id, text: n.title, createdAt: n.created_at })),
    uid,
    now,
  });
  await insertDemoReviews(tx, { uid, now });
  await addAgenda(tx, copy, now, businesses, uid);

  // Each resident of the copy keeps two favorites of it: the owners' notifications follow.
  const items = [
    ...businesses.map((r) => ({ kind: "business", id: r.id })),
    ...services.map((r) => ({ kind: "service", id: r.id })),
    ...drivers.map((r) => ({ kind: "driver", id: r.id })),
    ...sellItems.map((r) => ({ kind: "sell_item", id: r.id })),
    ...posts.map((r) => ({ kind: "post", id: r.id })),
    ...news.map((r) => ({ kind: "news", id: r.id })),
  ];
  const favorites = users.flatMap((u, i) =>
    [0, 1].map((j) => {
      const item = items[(i * 37 + j * 101 + copy) % items.length]!;
      return { user_id: u.id, item_id: item.id, item_type: item.kind };
    }),
  );
  await insertRows(tx, "public.user_favorites", { user_id: "uuid", item_id: "uuid", item_type: "text" }, favorites);
  return items;
}

/**
 * Grows the demo town already in `db` to `scale` times its size (nothing when scale ≤ 1),
 * then refreshes the planner's statistics. Copies commit one by one, so a big town does not
 * hold one huge transaction; a crash mid-way leaves a smaller town, never a broken one.
 */
export async function growTown(db: Database, { scale, now = new Date(), heavyEmail = HEAVY_RESIDENT_EMAIL }: TownSize): Promise<void> {
  if (scale <= 1) return;
  if (await hasSupabaseAuthSchema(db)) throw new SupabaseSeedRefusedError();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const pictures = await demoPictures(db);
  const [heavy] = await db.query<{ id: string }>(`SELECT id FROM auth.users WHERE lower(email) = lower($1)`, [heavyEmail]);
  for (let copy = 1; copy < scale; copy++) {
    await db.transaction(async (tx) => {
      // A bulk load announces no row (issue #15's change channel): nobody has cached the
      // town it is building, and thousands of notices would only cost the load.
      await tx.query(`SELECT set_config('guida.announce_changes', 'off', true)`);
      const items = await addCopy(tx, copy, now, passwordHash, pictures);
      if (!heavy) return;
      const picks = Array.from({ length: 20 }, (_, i) => items[(i * 53 + copy * 7) % items.length]!);
      const unique = [...new Map(picks.map((p) => [p.id, p])).values()];
      await insertRows(
        tx,
        "public.user_favorites",
        { user_id: "uuid", item_id: "uuid", item_type: "text" },
        unique.map((item) => ({ user_id: heavy.id, item_id: item.id, item_type: item.kind })),
      );
    });
  }
  await db.exec("ANALYZE");
}
