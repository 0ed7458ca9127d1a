import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { hashPassword } from "../auth/password";
import { localStorage, type Storage } from "../storage";
import { imageKeys, storeImage } from "../storage/images";
import type { ImageShape } from "#core/images";
import { normalizeBrazilianPhone } from "#core/phone";
import { placeInNeighbourhood } from "#core/town-map";
import { demoAgenda } from "./seed-agenda";
import { buildDemoTown, DEMO_MODERATOR, DEMO_PASSWORD, demoCalendar, demoRota, TOWN } from "./seed-data";
import { townInstant } from "../models/duty-rota";
import { townDate } from "#core/business-hours";
import { hasSupabaseAuthSchema } from "../db/migrate";
import { pendingArtworkFile } from "../storage/placeholder";
import type { Database, Queryable } from "../db/types";
import { insertDemoComments } from "./seed-comments";
import { insertDemoReviews } from "./seed-reviews";

/** The demo town's numbers are written as people type them; stored in their one E.164 spelling. */
function e164(phone: string): string {
  const normalized = normalizeBrazilianPhone(phone);
  if (!normalized) throw new Error(`seed: ${phone} is not a Brazilian phone number`);
  return normalized;
}

const DAY_MS = 86_400_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w.length > 2 || /^[A-ZÀ-Ú]/.test(w));
  return ((words[0]?.[0] ?? "G") + (words[1]?.[0] ?? "")).toUpperCase();
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount))).toString(16).padStart(2, "0");
  return `#${c(n >> 16)}${c((n >> 8) & 255)}${c(n & 255)}`;
}

/** Generated artwork: a coloured card with the item's initials or name, rendered at seed time. */
function artwork(shape: ImageShape, label: string, color: string, variant = 0): Buffer {
  const [w, h] = shape === "square" ? [384, 384] : shape === "wide" ? [1280, 720] : [960, 720];
  const dark = shade(color, -50);
  const text =
    shape === "wide"
      ? "" // covers sit under the page's own title and logo: no text of their own
      : shape === "square"
      ? `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="150" fill="#fff">${escapeXml(initials(label))}</text>`
      : `<text x="60" y="${h - 80}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${Math.min(96, Math.floor((w - 120) / Math.max(8, label.length) * 1.7))}" fill="#fff">${escapeXml(label)}</text>`;
  const cx = ((variant * 37) % 70) + 15;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${cx}%" cy="${20 + (variant % 3) * 10}%" r="${h * 0.35}" fill="#fff" opacity=".14"/>
<circle cx="${100 - cx}%" cy="90%" r="${h * 0.25}" fill="#000" opacity=".08"/>
${text}</svg>`;
  return Buffer.from(svg);
}

type Job = { shape: ImageShape; label: string; color: string; variant?: number; id: string };

async function renderAll(storage: Storage, jobs: Job[]): Promise<void> {
  // Bounded concurrency: sharp runs on libuv's thread pool, more in flight only queues.
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      await storeImage(storage, artwork(job.shape, job.label, job.color, job.variant), job.shape, job.id);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

export class SupabaseSeedRefusedError extends Error {
  constructor() {
    super(
      "db:seed refused: DATABASE_URL is a Supabase project's database (Supabase Auth's auth schema is there). " +
        "The demo town's residents are local accounts that Supabase Auth cannot sign in; create accounts through the site instead.",
    );
  }
}

export async function isDatabaseEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM auth.users) AND NOT EXISTS (SELECT 1 FROM public.businesses) AS empty`,
  );
  return row?.empty ?? false;
}

/**
 * Fills an empty database with the demo town of Vila Serena. Images are written first;
 * the rows go in one transaction, so a crash mid-seed leaves an empty database that is
 * seeded again on the next start, never a half town.
 */
export async function seedDemoTownIfEmpty(
  db: Database,
  dataDir: string,
  options: { now?: Date; images?: boolean } = {},
): Promise<boolean> {
  // The demo residents are local accounts (our password hashes, no GoTrue identities):
  // written into a Supabase project they would be 30 users its Auth cannot sign in.
  if (await hasSupabaseAuthSchema(db)) throw new SupabaseSeedRefusedError();
  if (!(await isDatabaseEmpty(db))) return false;
  const jobs: Job[] = [];
  const img = (shape: ImageShape, label: string, color: string, variant = 0) => {
    if (options.images === false) return null;
    const id = `seed-${randomUUID()}`;
    jobs.push({ shape, label, color, variant, id });
    return `/media/${shape}/${id}`;
  };
  const plan = planTown(options.now ?? new Date(), await hashPassword(DEMO_PASSWORD), img);

  // The job list goes to disk before the rows commit, so artwork interrupted by a crash
  // is finished on the next start (resumeSeedArtwork).
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(pendingArtworkFile(dataDir), JSON.stringify(jobs));

  await db.transaction(async (tx) => {
    await insertResidents(tx, plan);
    await insertListings(tx, plan);
    await insertSellItems(tx, plan);
    await insertPostsAndPolls(tx, plan);
    await insertNews(tx, plan);
    await insertDemoComments(tx, {
      posts: plan.posts.map((p, i) => ({ id: p.id, text: p.content, createdAt: plan.ago(p.daysAgo, i * 11).toISOString() })),
      news: plan.news.map((n, i) => ({ id: n.id, text: n.title, createdAt: plan.ago(n.daysAgo, i * 13).toISOString() })),
      uid: plan.uid,
      now: options.now ?? new Date(),
    });
    await insertDemoReviews(tx, { uid: plan.uid, now: options.now ?? new Date() });
  });
  return true;
}

/** The demo town with its ids, times and pictures decided: what the seed writes. */
type TownPlan = ReturnType<typeof planTown>;

function planTown(now: Date, passwordHash: string, img: (shape: ImageShape, label: string, color: string, variant?: number) => string | null) {
  const town = buildDemoTown();
  const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS - minutes * 60_000);
  const userIds = new Map<string, string>();
  const users = town.users.map((u) => {
    const id = randomUUID();
    userIds.set(u.key, id);
    return { ...u, id, avatar: img("square", u.fullName, u.avatarColor) };
  });
  const uid = (key: string | null) => (key ? (userIds.get(key) ?? null) : null);

  const businesses = town.businesses.map((b, i) => ({
    ...b,
    id: randomUUID(),
    logo: img("square", b.name, b.color, i),
    cover: img("wide", b.name, b.color, i),
    gallery: Array.from({ length: b.galleryCount }, (_, g) => img("photo", `${b.category} · ${g + 1}`, shade(b.color, g * 18 - 20), i + g)),
  }));
  const services = town.services.map((s, i) => ({ ...s, id: randomUUID(), image: img("square", s.name, s.color, i) }));
  const drivers = town.drivers.map((d, i) => ({ ...d, id: randomUUID(), photo: img("square", d.name, d.color, i) }));
  const sellItems = town.sellItems.map((s, i) => ({
    ...s,
    id: randomUUID(),
    photos: Array.from({ length: s.photoCount }, (_, p) => img("photo", s.title, shade(s.color, p * 20), i + p)),
  }));
  const posts = town.posts.map((p, i) => ({
    ...p,
    id: randomUUID(),
    image: p.hasImage ? img("photo", p.content.split(/[.!?\n]/)[0]!.slice(0, 28), p.color, i) : null,
  }));
  const news = town.news.map((n, i) => ({ ...n, id: randomUUID(), cover: img("wide", n.title.slice(0, 34), n.color, i) }));
  // The town's calendar year (its holidays and special dates are this year's and the next).
  const today = townDate(now).date;
  const year = Number(today.slice(0, 4));
  return { passwordHash, ago, uid, year, today, users, businesses, services, drivers, sellItems, posts, news, votes: town.votes };
}

/** The residents: accounts (the profile trigger makes the rest), then their profiles' details. */
async function insertResidents(tx: Queryable, plan: TownPlan) {
  for (const [i, u] of plan.users.entries()) {
    await tx.query(
      `INSERT INTO auth.users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [u.id, u.email, plan.passwordHash, JSON.stringify({ username: u.username, full_name: u.fullName }), plan.ago(200 - i * 5)],
    );
    await tx.query(`UPDATE public.profiles SET bio = $2, avatar_url = $3, created_at = $4 WHERE id = $1`, [
      u.id,
      u.bio,
      u.avatar,
      plan.ago(200 - i * 5),
    ]);
    await tx.query(`UPDATE public.profile_private SET phone = $2, birth_date = $3 WHERE user_id = $1`, [
      u.id,
      e164(u.phone),
      u.birthDate,
    ]);
    await tx.query(`UPDATE public.notifications SET created_at = $2 WHERE user_id = $1`, [u.id, plan.ago(200 - i * 5)]);
  }
  // The demo town's moderator (issue #18).
  await tx.query(`INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'moderator')`, [plan.uid(DEMO_MODERATOR)]);
}

/** A listing's pin in its neighbourhood (issue #33): stable for a name, spread around the neighbourhood's centre. */
function pin(neighbourhood: string, key: string): [latitude: number, longitude: number] {
  const p = placeInNeighbourhood(neighbourhood, key);
  return [p.latitude, p.longitude];
}

/** Businesses with their galleries, services and drivers. */
async function insertListings(tx: Queryable, plan: TownPlan) {
  for (const [i, b] of plan.businesses.entries()) {
    await tx.query(
      `INSERT INTO public.businesses (id, owner_id, name, category, description, address, neighbourhood, phone,
         whatsapp, instagram, website, opening_hours, logo_url, cover_url, created_at, holiday_mode, holiday_opens_at, holiday_closes_at,
         latitude, longitude)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20)`,
      [b.id, plan.uid(b.ownerKey), b.name, b.category, b.description, b.address, b.neighbourhood, e164(b.phone), b.whatsapp,
        b.instagram, b.website, b.openingHours ? JSON.stringify(b.openingHours) : null, b.logo, b.cover, plan.ago(300 - i),
        b.holidayMode, b.holidayOpensAt, b.holidayClosesAt, ...pin(b.neighbourhood, b.name)],
    );
    for (const [position, url] of b.gallery.entries()) {
      if (url) await tx.query(`INSERT INTO public.business_images (business_id, url, position) VALUES ($1,$2,$3)`, [b.id, url, position]);
    }
  }
  // Issue #32: the town's own holidays and a few special dates, for this year and the next.
  const calendar = demoCalendar(plan.year);
  for (const h of calendar.townHolidays) {
    await tx.query(`INSERT INTO public.town_holidays (day, name, scope) VALUES ($1, $2, $3)`, [h.day, h.name, h.scope]);
  }
  for (const d of calendar.specialDates) {
    const business = plan.businesses.find((b) => b.name === d.business);
    if (!business) throw new Error(`seed: no business ${d.business} for a special date`);
    await tx.query(
      `INSERT INTO public.business_special_dates (business_id, starts_on, ends_on, open, opens_at, closes_at, note) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
      [business.id, d.startsOn, d.endsOn, d.open, d.opensAt, d.closesAt, d.note],
    );
  }
  // Issue #32: the duty rota around today (its turns are instants read from the town's clock).
  for (const turn of demoRota(plan.today)) {
    const business = plan.businesses.find((b) => b.name === turn.name);
    if (!business) throw new Error(`seed: no pharmacy ${turn.name} for the rota`);
    await tx.query(`INSERT INTO public.duty_turns (business_id, starts_at, ends_at) VALUES ($1, $2, $3)`, [business.id, townInstant(turn.start), townInstant(turn.end)]);
  }
  // Issue #32: the agenda around today, approved by the demo moderator but for one proposal.
  for (const e of demoAgenda(plan.today)) {
    const business = e.business ? plan.businesses.find((b) => b.name === e.business) : null;
    if (e.business && !business) throw new Error(`seed: no business ${e.business} for an event`);
    await tx.query(
      `INSERT INTO public.events (proposer_id, title, description, starts_at, ends_at, business_id, address, category, price_cents, status, reviewed_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
      [plan.uid(e.proposer), e.title, e.description, townInstant(e.start), townInstant(e.end), business?.id ?? null, e.address, e.category, e.priceCents,
        e.approved ? "approved" : "pending", e.approved ? plan.ago(1) : null],
    );
  }
  for (const [i, s] of plan.services.entries()) {
    await tx.query(
      `INSERT INTO public.services (id, owner_id, name, category, description, neighbourhood, phone, whatsapp, price_info, image_url, created_at,
         latitude, longitude)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [s.id, plan.uid(s.ownerKey), s.name, s.category, s.description, s.neighbourhood, e164(s.phone), s.whatsapp, s.priceInfo, s.image, plan.ago(250 - i),
        ...pin(s.neighbourhood, s.name)],
    );
  }
  for (const [i, d] of plan.drivers.entries()) {
    await tx.query(
      `INSERT INTO public.drivers (id, name, vehicle_kind, vehicle_description, areas, bio, phone, whatsapp, photo_url, working_hours, created_at,
         latitude, longitude)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [d.id, d.name, d.vehicleKind, d.vehicleDescription, d.areas, d.bio, e164(d.phone), d.whatsapp, d.photo, JSON.stringify(d.workingHours), plan.ago(220 - i),
        // The base: one of the areas the driver serves, so the drivers spread over the town.
        ...pin(d.areas[i % Math.max(1, d.areas.length)] ?? "Centro", d.name)],
    );
  }
}

/** The items for sale, the sold ones marked sold when they were listed. */
async function insertSellItems(tx: Queryable, plan: TownPlan) {
  for (const [i, s] of plan.sellItems.entries()) {
    const createdAt = plan.ago(s.daysAgo, i * 7);
    await tx.query(
      `INSERT INTO public.sell_items (id, seller_id, title, description, price, condition, category, location, images, status, sold_at, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [s.id, plan.uid(s.sellerKey), s.title, s.description, s.price.toFixed(2), s.condition, s.category, s.location,
        s.photos.filter((p): p is string => p !== null), s.sold ? "sold" : "available", s.sold ? createdAt : null, createdAt],
    );
  }
}

/** The posts, their polls and options, and the residents' votes. */
async function insertPostsAndPolls(tx: Queryable, plan: TownPlan) {
  const pollIds: (string | null)[] = [];
  const optionIds: string[][] = [];
  for (const [i, p] of plan.posts.entries()) {
    await tx.query(
      `INSERT INTO public.posts (id, author_id, content, image_url, created_at) VALUES ($1,$2,$3,$4,$5)`,
      [p.id, plan.uid(p.authorKey), p.content, p.image, plan.ago(p.daysAgo, i * 11)],
    );
    if (!p.poll) {
      pollIds.push(null);
      optionIds.push([]);
      continue;
    }
    const pollId = randomUUID();
    await tx.query(`INSERT INTO public.polls (id, post_id, question, created_at) VALUES ($1,$2,$3,$4)`, [
      pollId, p.id, p.poll.question, plan.ago(p.daysAgo, i * 11),
    ]);
    const ids: string[] = [];
    for (const [position, label] of p.poll.options.entries()) {
      const optionId = randomUUID();
      ids.push(optionId);
      await tx.query(`INSERT INTO public.poll_options (id, poll_id, label, position) VALUES ($1,$2,$3,$4)`, [
        optionId, pollId, label, position,
      ]);
    }
    pollIds.push(pollId);
    optionIds.push(ids);
  }
  for (const vote of plan.votes) {
    const pollId = pollIds[vote.postIndex];
    const optionId = optionIds[vote.postIndex]?.[vote.optionIndex];
    if (!pollId || !optionId) continue;
    await tx.query(`INSERT INTO public.poll_votes (poll_id, user_id, option_id) VALUES ($1,$2,$3)`, [
      pollId, plan.uid(vote.userKey), optionId,
    ]);
  }
}

/** The news articles. */
async function insertNews(tx: Queryable, plan: TownPlan) {
  for (const [i, n] of plan.news.entries()) {
    await tx.query(
      `INSERT INTO public.news (id, author_id, title, summary, content, cover_image, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
      [n.id, plan.uid(n.authorKey), n.title, n.summary, n.content, n.cover, plan.ago(n.daysAgo, i * 13)],
    );
  }
}

/**
 * Renders the demo town's pictures (about ten seconds on two cores) after the rows are
 * in, so the server answers at once; pages show images as they appear. Files already
 * there are skipped, which makes it safe to resume after a crash.
 */
export async function renderPendingSeedArtwork(dataDir: string): Promise<number> {
  let jobs: Job[];
  try {
    jobs = JSON.parse(await fs.readFile(pendingArtworkFile(dataDir), "utf8")) as Job[];
  } catch {
    return 0;
  }
  const storage = localStorage(process.env.MEDIA_DIR || path.join(dataDir, "media"));
  const missing: Job[] = [];
  for (const job of jobs) {
    const keys = imageKeys(job.shape, job.id);
    const present = await Promise.all(keys.map((k) => storage.get(k).then((f) => f !== null)));
    if (!present.every(Boolean)) missing.push(job);
  }
  await renderAll(storage, missing);
  await fs.rm(pendingArtworkFile(dataDir), { force: true });
  return missing.length;
}

export { TOWN };
