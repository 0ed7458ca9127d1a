import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { openPostgres } from "#server/db/engines";
import { buildDemoTown, DEMO_MODERATOR, DEMO_PASSWORD } from "#server/seed/seed-data";
import { seedDemoTownIfEmpty } from "#server/seed/seed";
import type { Database } from "#server/db/types";
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from "./postgres-admin";
import {
  copySeededDataDir,
  decodeHtml,
  ensureBuild,
  type HttpResponse,
  killChildren,
  request,
  ROOT,
  type Server,
  signIn,
  startReadyServer,
} from "./server-harness";

// Issue #9: every route of app/routes.ts, and every action with each of its intents, tried
// by the three people who matter — a visitor (no cookie), the owner of the row it touches
// and another signed-in user — against the production server on the demo town. Each cell
// says the status (and Location) the route must answer and what the database may do:
//   none/refused  nothing changes: on PostgreSQL a digest of every table (public, auth and
//                 the local sessions) is compared before and after; on both engines the
//                 target row is read back through the owner's own pages (`.data`).
//   own           the actor changes only their own data; the owner's rows read the same.
//   allowed       the owner's write happens, and the test reads it back.
// Allowed writes run after every refusal (deletes and password changes last), so each
// refusal is tried against rows that are still there.

const town = buildDemoTown();

function resident(key: string) {
  const found = town.users.find((u) => u.key === key);
  if (!found) throw new Error(`no ${key} in the demo town`);
  return found;
}

// Ana sells, posts a poll, writes news, has notifications and a profile of her own.
const ANA = resident("ana_souza");
// Antônio owns a business (Boutique Flor de Maio) with a photo gallery.
const ANTONIO = resident("antonio_batista");
// "Another user": Dona Conceição owns a business, ads and polls too, so the forged
// requests can mix real ids of hers with Ana's and Antônio's.
const DONA = resident("dona_conceicao");
// Issue #18: the demo town's moderator, and an admin named by ADMIN_EMAIL when the server starts.
const HELENA = resident(DEMO_MODERATOR);
const ADMIN = resident("isa_freitas");
/** A day ten days from now (UTC date: in the future on the town's clock too): an event proposal's date. */
const IN_TEN_DAYS = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
for (const business of [ANTONIO, DONA]) {
  if (!town.businesses.some((b) => b.ownerKey === business.key)) throw new Error(`${business.key} owns no business in the demo town`);
}

const ANA_NEWS_TITLES = new Set(town.news.filter((n) => n.authorKey === ANA.key).map((n) => n.title));
const UNOWNED_BUSINESSES = new Set(town.businesses.filter((b) => !b.ownerKey).map((b) => b.name));
// Ana's private data: only she may ever see it.
const ANA_SECRETS = [ANA.phone, ANA.email, ANA.birthDate.split("-").reverse().join("/")];

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

// ---------------------------------------------------------------------------------------
// The people and the rows

type Actor = "visitor" | "owner" | "other" | "moderator" | "admin";
type Person = "ana" | "antonio" | "dona" | "helena" | "admin";

type Ids = {
  /** Issue #32: a pharmacy the rota may name, and a turn of the seeded rota. */
  pharmacy: string;
  /** Issue #32: an approved event of the seeded agenda. */
  event: string;
  dutyTurn: string;
  anaId: string;
  username: string;
  sellItem: string;
  sellItemToDelete: string;
  post: string;
  pollOption: string;
  otherPollOption: string;
  /** An option of one of Dona's polls: not an option of Ana's. */
  foreignPollOption: string;
  donaItem: string;
  /** A photo reference of Ana's ad (sellItem). */
  anaPhoto: string;
  news: string;
  newsToDelete: string;
  notification: string;
  favorite: string;
  favoriteToAdd: string;
  business: string;
  galleryImage: string;
  otherBusiness: string;
  unownedBusiness: string;
  driver: string;
  service: string;
  filter: string;
  mediaKey: string;
  /** /cadastrar/{proposalKind} */
  proposalKind: string;
  /** /og/{ogCard}: a share card, "business/<id>" (issue #31) */
  ogCard: string;
  /** /sitemaps/{sitemapFile}: one page of the sitemap */
  sitemapFile: string;
  /** Issue #30: Ana's comments on her own post, one to edit and one to delete. */
  anaComment: string;
  anaCommentToDelete: string;
  /** Issue #30: Ana's review of Antônio's business. */
  anaReview: string;
  /** Issue #30: a service and a driver Antônio proposed and Helena approved, and Ana's review of each. */
  ownedService: string;
  ownedDriver: string;
  anaServiceReview: string;
  anaDriverReview: string;
};

type Ctx = {
  base: string;
  ids: Ids;
  cookies: Record<Person, string>;
  passwords: Record<Person, string>;
  /** The poll of Ana's post as its edit form sends it back. */
  poll: [string, string][];
  /** Every table's digest (PostgreSQL), or null where the test cannot read the tables. */
  digest: () => Promise<Record<string, string> | null>;
};

/** Fills `{name}` from the ids ({new} is left alone: it stands for an id the server makes). */
function fill(template: string, c: Ctx): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (key === "new") return whole;
    const value = (c.ids as Record<string, string | undefined>)[key];
    if (value === undefined) throw new Error(`no id for {${key}}`);
    return value;
  });
}

async function get(c: Ctx, pathname: string, cookie?: string): Promise<HttpResponse> {
  return request(`${c.base}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
}

async function html(c: Ctx, pathname: string, cookie?: string): Promise<string> {
  const res = await get(c, pathname, cookie);
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  return res.body;
}

function matches(text: string, pattern: RegExp): string[] {
  return [...new Set([...text.matchAll(pattern)].map((m) => m[1]!))];
}

// ---------------------------------------------------------------------------------------
// "Nothing changed", read through the owner's own pages (both engines)

type Resource =
  | "sellItem"
  | "sellItemToDelete"
  | "anaSellItems"
  | "post"
  | "anaPosts"
  | "news"
  | "newsToDelete"
  | "notifications"
  | "favorites"
  | "profile"
  | "session"
  | "business"
  | "unownedBusiness"
  | "ownedService"
  | "ownedDriver";

// Each resource as its owner sees it: the route's loader data alone (`?_routes=`), which
// holds every column the page shows, updated_at included. `session` is Ana's sign-in.
const RESOURCES: Record<Resource, { as: Person; path: string; statusOnly?: boolean }> = {
  sellItem: { as: "ana", path: "/sell-items/{sellItem}/edit.data?_routes=routes/edit-sell-item" },
  sellItemToDelete: { as: "ana", path: "/sell-items/{sellItemToDelete}/edit.data?_routes=routes/edit-sell-item" },
  anaSellItems: { as: "ana", path: "/my-sell-items.data?_routes=routes/my-sell-items" },
  post: { as: "ana", path: "/posts/{post}.data?_routes=routes/post" },
  anaPosts: { as: "ana", path: "/my-posts.data?_routes=routes/my-posts" },
  news: { as: "ana", path: "/news/{news}.data?_routes=routes/news-detail" },
  newsToDelete: { as: "ana", path: "/news/{newsToDelete}.data?_routes=routes/news-detail" },
  notifications: { as: "ana", path: "/notifications.data?_routes=routes/notifications" },
  favorites: { as: "ana", path: "/favorites.data?_routes=routes/favorites" },
  profile: { as: "ana", path: "/edit-profile.data?_routes=routes/edit-profile" },
  session: { as: "ana", path: "/profile", statusOnly: true },
  business: { as: "antonio", path: "/update-business-images.data?_routes=routes/update-business-images" },
  unownedBusiness: { as: "ana", path: "/business/{unownedBusiness}.data?_routes=routes/business" },
  ownedService: { as: "antonio", path: "/service/{ownedService}.data?_routes=routes/service" },
  ownedDriver: { as: "antonio", path: "/driver/{ownedDriver}.data?_routes=routes/driver" },
};

async function fingerprint(c: Ctx, resource: Resource): Promise<string> {
  const { as, path: template, statusOnly } = RESOURCES[resource];
  const res = await get(c, fill(template, c), c.cookies[as]);
  if (statusOnly) return `${res.status} ${res.headers.location ?? ""}`;
  // The business page stamps the render time (for its open/closed badge): not data.
  return `${res.status} ${res.body.replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z"/g, '"<time>"')}`;
}

async function fingerprints(c: Ctx, resources: readonly Resource[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const resource of resources) out[resource] = await fingerprint(c, resource);
  return out;
}

// ---------------------------------------------------------------------------------------
// "Nothing changed", table by table (PostgreSQL only: the test cannot open the server's
// PGlite folder while the server runs)

/** A function returning one md5 per table, for a database the test may read. */
async function tableDigest(db: Database): Promise<() => Promise<Record<string, string>>> {
  const tables = await db.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'auth', 'guida_private')
       -- The shared rate limiter's counters (issue #15) move on every POST by design: they
       -- are bookkeeping of the requests themselves, not data any request may change.
       AND NOT (table_schema = 'public' AND table_name = 'rate_limits')
     ORDER BY 1, 2`,
  );
  if (tables.length < 15) throw new Error(`only ${tables.length} tables to digest`);
  const sql = `SELECT ${tables
    .map(({ schema, name }) => {
      // A session's last_seen_at/expires_at slide on every request its owner makes: the
      // read-backs above are requests as Ana. Which sessions exist still counts.
      const row = schema === "guida_private" && name === "sessions" ? "concat_ws('|', token_hash, user_id, created_at, user_agent)" : "t::text";
      return `(SELECT md5(coalesce(string_agg(${row}, ',' ORDER BY ${row}), '')) FROM "${schema}"."${name}" t) AS "${schema}.${name}"`;
    })
    .join(", ")}`;
  return async () => (await db.query<Record<string, string>>(sql))[0]!;
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}

// ---------------------------------------------------------------------------------------
// Requests as a browser sends them

let png: Buffer;

/** A form post from the site's own page: the cross-site guard must not be what refuses it. */
function sameOrigin(c: Ctx): Record<string, string> {
  return { Origin: c.base, "Sec-Fetch-Site": "same-origin" };
}

function encode(fields: [string, string][], upload?: string): { body: string | Buffer; type: string } {
  if (!upload) return { body: new URLSearchParams(fields).toString(), type: "application/x-www-form-urlencoded" };
  const boundary = `----guida-authz-${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${upload}"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function post(c: Ctx, pathname: string, fields: [string, string][], cookie?: string, upload?: string): Promise<HttpResponse> {
  const { body, type } = encode(fields, upload);
  return request(`${c.base}${pathname}`, {
    body,
    headers: { ...sameOrigin(c), "Content-Type": type, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

function sessionCookie(res: HttpResponse): string {
  const line = res.cookies.find((c) => c.startsWith("guida_session=") && !/guida_session=;/.test(c));
  if (!line) throw new Error(`no new session cookie: ${res.cookies.join(" | ")}`);
  return line.split(";")[0]!;
}

// ---------------------------------------------------------------------------------------
// The matrix

type Effect = "none" | "refused" | "own" | "allowed";

type Cell = {
  status: number;
  /** Exact Location; `{new}` matches the id of a row the request created. */
  location?: string;
  /** Location is /login?redirectTo=<the request's path, or this template>. */
  login?: true | string;
  /** Default: "none" for a GET, "refused" for a POST. */
  effect?: Effect;
  contains?: (c: Ctx) => string[];
  lacks?: (c: Ctx) => string[];
  /** Read back before and after (in addition to the row's target when nothing may change). */
  untouched?: Resource[];
  /** `cookie` is the one the request carried. */
  verify?: (c: Ctx, res: HttpResponse, cookie: string | undefined) => Promise<void>;
  /**
   * The request mails a reset link after its answer (the token is written then too): the case
   * waits for the link in the server's log, so that write lands inside this case and not in the
   * table digests of the next one.
   */
  mailsResetLink?: true;
  /** The same for an e-mail confirmation link (a sign-up, a new address). */
  mailsConfirmationLink?: true;
  /** Instead of the row's fields. */
  fields?: (c: Ctx) => [string, string][];
  /** A session of its own (sign-outs and password changes end sessions). */
  cookie?: (c: Ctx) => Promise<string>;
  /** What the title says happened, when the effect's usual words do not fit. */
  outcome?: string;
  /** 1: allowed writes; 2: deletes and password changes (after everything else). */
  phase?: 1 | 2;
  note?: string;
};

type Row = {
  method: "GET" | "POST";
  path: string;
  intent?: string;
  note?: string;
  /** Whose row it is ("owner" signs in as them); Ana unless said. */
  owner?: Person;
  /** Who "owner" is, in the test names. */
  ownerIs?: string;
  /** The row a refused request must leave as it was. */
  target?: Resource;
  fields?: (c: Ctx) => [string, string][];
  /** Sent as multipart, with a small PNG in this field. */
  upload?: string;
  cells: Partial<Record<Actor, Cell>>;
};

const ok: Cell = { status: 200 };
const toLogin = (status: 302 | 303, back?: string): Cell => ({ status, login: back ?? true });
const everyone = (cell: Cell): Row["cells"] => ({ visitor: cell, owner: cell, other: cell });
/** Signed-in pages: visitors go to /login and back; any signed-in user gets their own. */
const signedInPage = (owner: Cell = ok, other: Cell = ok): Row["cells"] => ({ visitor: toLogin(302), owner, other });
const hideSecrets: Cell = { status: 200, lacks: () => ANA_SECRETS };

const sellItemFields = (title: string): [string, string][] => [
  ["title", title],
  ["description", "Anúncio de teste da matriz de autorização."],
  ["price", "1.234,56"],
  ["condition", "usado"],
  ["category", "Casa"],
  ["location", "Centro"],
];

async function expectGone(c: Ctx, pathname: string) {
  expect((await get(c, fill(pathname, c))).status, pathname).toBe(404);
}

async function expectListed(c: Ctx, pathname: string, as: Person, id: string, listed = true) {
  const body = await html(c, pathname, c.cookies[as]);
  if (listed) expect(body, `${pathname} as ${as}`).toContain(id);
  else expect(body, `${pathname} as ${as}`).not.toContain(id);
}

/** The poll on the post's page shows the voter's choice pressed. */
async function expectVote(c: Ctx, as: Person, optionId: string) {
  const page = await html(c, `/posts/${c.ids.post}`, c.cookies[as]);
  const button = [...page.matchAll(/<button[^>]*\bname="optionId"[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`value="${optionId}"`));
  expect(button, `${as}'s vote`).toContain('aria-pressed="true"');
}

/** A comment's 303 lands on its item at the comment, which shows its text there. */
async function expectComment(c: Ctx, res: HttpResponse, text: string) {
  const to = res.headers.location ?? "";
  expect(to).toMatch(new RegExp(`^/(posts|news)/${UUID}\\?comentario=(${UUID})#comentario-\\2$`));
  expect(decodeHtml(await html(c, to.split("#")[0]!))).toContain(text);
}

const newId = (res: HttpResponse) => new RegExp(UUID).exec(res.headers.location ?? "")?.[0] ?? "";

/**
 * Issue #30: review, edit-review and answer-review on a listing of Antônio's that Ana has
 * reviewed (discover): Dona reviews it, Ana edits hers, Antônio answers it.
 */
function reviewRows(listing: { path: string; noun: string; target: Resource; review: "anaReview" | "anaServiceReview" | "anaDriverReview" }): Row[] {
  const page = (c: Ctx) => fill(listing.path, c);
  /** The owner's change is made: the listing's page shows `text`. */
  const shows = (text: string): Cell => ({
    status: 303,
    effect: "allowed",
    phase: 1,
    verify: async (c) => expect(decodeHtml(await html(c, page(c)))).toContain(text),
  });
  return [
    {
      method: "POST",
      path: listing.path,
      intent: "review",
      owner: "antonio",
      ownerIs: `the ${listing.noun} owner`,
      note: `their own ${listing.noun}`,
      target: listing.target,
      fields: () => [["stars", "5"], ["body", "O melhor da cidade"]],
      cells: {
        visitor: toLogin(303),
        owner: { status: 403, contains: () => ["Quem é dono do cadastro não pode avaliá-lo."] },
        other: {
          status: 303,
          effect: "own",
          outcome: `her own review of Antônio's ${listing.noun}`,
          verify: async (c, res) => {
            expect(res.headers.location ?? "").toMatch(new RegExp(`^${page(c)}#avaliacao-${UUID}$`));
            expect(decodeHtml(await html(c, page(c)))).toContain("O melhor da cidade");
          },
        },
      },
    },
    {
      method: "POST",
      path: listing.path,
      intent: "edit-review",
      ownerIs: "the review's author",
      target: listing.target,
      fields: (c) => [["reviewId", c.ids[listing.review]], ["stars", "3"], ["body", "Avaliação da Ana, revisada"]],
      cells: {
        visitor: toLogin(303),
        owner: shows("Avaliação da Ana, revisada"),
        other: { status: 403, contains: () => ["Só quem escreveu a avaliação pode editá-la"] },
      },
    },
    {
      method: "POST",
      path: listing.path,
      intent: "answer-review",
      owner: "antonio",
      ownerIs: `the ${listing.noun} owner`,
      target: listing.target,
      fields: (c) => [["reviewId", c.ids[listing.review]], ["body", "Obrigado, Ana!"]],
      cells: {
        visitor: toLogin(303),
        owner: shows("Obrigado, Ana!"),
        other: { status: 403, contains: () => ["só o dono do cadastro pode respondê-la"] },
      },
    },
  ];
}

const ROWS: Row[] = [
  // ----------------------------------------------------------------- public pages
  { method: "GET", path: "/", cells: everyone(ok) },
  { method: "GET", path: "/businesses", cells: everyone(ok) },
  { method: "GET", path: "/business/{business}", cells: everyone(ok) },
  { method: "GET", path: "/services", cells: everyone(ok) },
  { method: "GET", path: "/service/{service}", cells: everyone(ok) },
  { method: "GET", path: "/drivers", cells: everyone({ status: 302, location: "/drivers/all" }) },
  { method: "GET", path: "/drivers/{filter}", cells: everyone(ok) },
  { method: "GET", path: "/driver/{driver}", cells: everyone(ok) },
  { method: "GET", path: "/news", cells: everyone(ok) },
  { method: "GET", path: "/news/{news}", cells: everyone(ok) },
  { method: "GET", path: "/posts", cells: everyone(ok) },
  { method: "GET", path: "/posts/{post}", cells: everyone(ok) },
  { method: "GET", path: "/search?q=padaria", cells: everyone(ok) },
  {
    method: "GET",
    path: "/update-business-images",
    owner: "antonio",
    ownerIs: "the business owner",
    cells: {
      visitor: { status: 200, lacks: (c) => [c.ids.business, 'name="businessId"'] },
      owner: { status: 200, contains: (c) => [c.ids.business, c.ids.galleryImage], lacks: (c) => [c.ids.otherBusiness] },
      other: { status: 200, contains: (c) => [c.ids.otherBusiness], lacks: (c) => [c.ids.business, c.ids.galleryImage] },
    },
  },
  {
    method: "GET",
    path: "/login",
    ownerIs: "signed-in user",
    cells: { visitor: ok, owner: { status: 302, location: "/" }, other: { status: 302, location: "/" } },
  },
  { method: "GET", path: "/logout", ownerIs: "signed-in user", cells: everyone({ status: 302, location: "/" }), target: "session" },
  { method: "GET", path: "/auth/callback", cells: everyone(ok) },
  { method: "GET", path: "/auth/callback?code=forjado", target: "session", cells: everyone({ status: 302, location: "/login" }) },
  { method: "GET", path: "/users", cells: everyone(hideSecrets) },
  { method: "GET", path: "/user/{anaId}", ownerIs: "the user themself", cells: everyone(hideSecrets) },
  { method: "GET", path: "/u/{username}", ownerIs: "the user themself", cells: everyone(hideSecrets) },
  { method: "GET", path: "/game/clicker", cells: everyone(ok) },
  { method: "GET", path: "/debug/storage", cells: everyone(ok) },
  { method: "GET", path: "/instalar", cells: everyone(ok) },
  { method: "GET", path: "/farmacias-de-plantao", cells: everyone({ status: 200, contains: () => ["Farmácias de plantão", "De plantão agora"] }) },
  // Issue #33: the map's list of the visible listings with a position, the same for everyone.
  { method: "GET", path: "/mapa", cells: everyone({ status: 200, contains: () => ["Mapa", "Lista por bairro"] }) },
  // Issue #32: the agenda, an event's page and the calendar files are public; a pending proposal is
  // not (its proposer and moderation read it: tests/integration/events.test.ts).
  { method: "GET", path: "/agenda", cells: everyone({ status: 200, contains: () => ["Agenda", "Este fim de semana", "Próximos"] }) },
  { method: "GET", path: "/agenda.ics", cells: everyone({ status: 200, contains: () => ["BEGIN:VCALENDAR", "Feira do Produtor Rural"], lacks: () => ["Bazar beneficente"] }) },
  { method: "GET", path: "/agenda/{event}", cells: everyone({ status: 200, contains: () => ["Adicionar à agenda"] }) },
  { method: "GET", path: "/agenda/{event}/evento.ics", cells: everyone({ status: 200, contains: () => ["BEGIN:VEVENT"] }) },
  { method: "GET", path: "/sell-items", cells: everyone(ok) },
  { method: "GET", path: "/sell-items/{sellItem}", cells: everyone(ok) },
  { method: "GET", path: "/theme", cells: everyone({ status: 302, location: "/" }) },
  // The live stream never ends, so the matrix asks it only what it refuses before opening;
  // what each viewer may receive is tested in live-hub.test.ts and live-events.test.ts.
  { method: "GET", path: "/events?enquetes=nao-e-uma-enquete", cells: everyone({ status: 400 }) },
  { method: "GET", path: "/healthz", cells: everyone(ok) },
  { method: "GET", path: "/media/{mediaKey}", cells: everyone(ok) },
  { method: "GET", path: "/og/{ogCard}", cells: everyone(ok) },
  { method: "GET", path: "/robots.txt", cells: everyone(ok) },
  // The test servers have no PUBLIC_URL: no sitemap to publish (link-previews.test.ts).
  { method: "GET", path: "/sitemap.xml", cells: everyone({ status: 404 }) },
  { method: "GET", path: "/sitemaps/{sitemapFile}", cells: everyone({ status: 404 }) },
  { method: "GET", path: "/pagina-que-nao-existe", cells: everyone({ status: 404 }) },

  // ----------------------------------------------------------------- signed-in pages
  {
    method: "GET",
    path: "/profile",
    ownerIs: "the user themself",
    cells: signedInPage({ status: 200, contains: () => [ANA.fullName] }, hideSecrets),
  },
  { method: "GET", path: "/profile/edit", cells: everyone({ status: 301, location: "/edit-profile" }) },
  {
    method: "GET",
    path: "/edit-profile",
    ownerIs: "the user themself",
    cells: signedInPage({ status: 200, contains: () => ANA_SECRETS.filter((s) => s !== ANA.email) }, hideSecrets),
  },
  {
    method: "GET",
    path: "/favorites",
    ownerIs: "whose favorites they are",
    cells: signedInPage({ status: 200, contains: (c) => [c.ids.favorite] }, { status: 200, lacks: (c) => [c.ids.favorite] }),
  },
  {
    method: "GET",
    path: "/notifications",
    ownerIs: "the recipient",
    cells: signedInPage({ status: 200, contains: (c) => [c.ids.notification] }, { status: 200, lacks: (c) => [c.ids.notification] }),
  },
  { method: "GET", path: "/create-sell-item", cells: signedInPage() },
  {
    method: "GET",
    path: "/sell-items/{sellItem}/edit",
    ownerIs: "the seller",
    cells: signedInPage({ status: 200, contains: () => ['name="intent" value="delete"'] }, { status: 403, lacks: () => ['name="intent"'] }),
  },
  {
    method: "GET",
    path: "/sell-items/{sellItem}/edit.data",
    note: "the loader's data",
    ownerIs: "the seller",
    // Single fetch answers a redirect as 202 with the target in the body.
    cells: {
      visitor: { status: 202, contains: (c) => [`"/login?redirectTo=${encodeURIComponent(`/sell-items/${c.ids.sellItem}/edit`)}"`] },
      owner: { status: 200, contains: () => ['"description"'] },
      other: { status: 403, lacks: () => ['"description"', '"images"'] },
    },
  },
  {
    method: "GET",
    path: "/my-sell-items",
    ownerIs: "the seller",
    cells: signedInPage({ status: 200, contains: (c) => [c.ids.sellItem] }, { status: 200, lacks: (c) => [c.ids.sellItem] }),
  },
  { method: "GET", path: "/create-post", cells: signedInPage() },
  {
    method: "GET",
    path: "/posts/{post}/edit",
    ownerIs: "the author",
    cells: signedInPage({ status: 200, contains: () => ['name="content"'] }, { status: 403, lacks: () => ['name="content"', 'name="intent"'] }),
  },
  {
    method: "GET",
    path: "/posts/{post}/edit.data",
    note: "the loader's data",
    ownerIs: "the author",
    cells: {
      visitor: { status: 202, contains: (c) => [`"/login?redirectTo=${encodeURIComponent(`/posts/${c.ids.post}/edit`)}"`] },
      owner: { status: 200, contains: () => ['"content"'] },
      other: { status: 403, lacks: () => ['"content"'] },
    },
  },
  {
    method: "GET",
    path: "/my-posts",
    ownerIs: "the author",
    cells: signedInPage({ status: 200, contains: (c) => [`/posts/${c.ids.post}/edit`] }, { status: 200, lacks: (c) => [`/posts/${c.ids.post}/edit`] }),
  },
  { method: "GET", path: "/create-news", cells: signedInPage() },

  // ----------------------------------------------------------------- POST /login
  {
    method: "POST",
    path: "/login",
    intent: "signin",
    note: "wrong password",
    target: "session",
    fields: () => [["email", ANA.email], ["password", "senha-errada-2026"]],
    cells: {
      visitor: { status: 400, contains: () => ["E-mail, telefone ou senha incorretos."] },
      // /login is for visitors: after the refused action its loader sends a signed-in user home.
      other: { status: 302, location: "/" },
    },
  },
  {
    method: "POST",
    path: "/login",
    intent: "signin",
    fields: () => [["email", ANA.email], ["password", DEMO_PASSWORD]],
    cells: {
      visitor: {
        status: 303,
        location: "/",
        effect: "allowed",
        phase: 1,
        verify: async (c, res) => expect((await get(c, "/profile", sessionCookie(res))).status).toBe(200),
      },
    },
  },
  {
    method: "POST",
    path: "/login",
    intent: "signup",
    fields: () => [
      ["email", "nova.moradora.matriz@exemplo.com.br"],
      ["password", "uma-senha-bem-forte-2026"],
      ["fullName", "Nova Moradora"],
      ["username", "nova_moradora_mz"],
    ],
    cells: {
      // Issue #25: no session until the mailed link is opened.
      visitor: {
        status: 200,
        effect: "allowed",
        phase: 1,
        contains: () => ["Enviamos um link para ", "nova.moradora.matriz@exemplo.com.br"],
        mailsConfirmationLink: true,
        verify: async (c, res) => {
          expect(res.cookies.filter((c) => c.startsWith("guida_session=")), "no session before the link").toEqual([]);
          expect((await get(c, "/u/nova_moradora_mz")).status).toBe(200);
        },
      },
    },
  },
  {
    method: "POST",
    path: "/login",
    intent: "resend",
    note: "an e-mail with no account",
    fields: () => [["email", "ninguem.mora.aqui@exemplo.com.br"]],
    cells: { visitor: { status: 200, contains: () => ["Se este e-mail estiver aguardando confirmação"] } },
  },
  {
    method: "POST",
    path: "/login",
    intent: "confirm",
    note: "a forged confirmation token",
    target: "session",
    fields: () => [["token", randomBytes(32).toString("base64url")]],
    cells: { visitor: { status: 400, contains: () => ["Este link de confirmação expirou ou já foi usado"] }, other: { status: 302, location: "/" } },
  },
  {
    method: "POST",
    path: "/login",
    intent: "reset",
    note: "an e-mail with no account",
    fields: () => [["email", "ninguem.mora.aqui@exemplo.com.br"]],
    cells: { visitor: { status: 200, contains: () => ["Se existir uma conta com este e-mail"] } },
  },
  {
    method: "POST",
    path: "/login",
    intent: "reset",
    note: "the owner's e-mail",
    target: "session",
    fields: () => [["email", ANA.email]],
    // The same answer as for an unknown e-mail; the link goes to the owner only.
    cells: {
      visitor: {
        status: 200,
        effect: "own",
        outcome: "the same answer, and only a link mailed to her",
        untouched: ["profile"],
        contains: () => ["Se existir uma conta com este e-mail"],
        lacks: () => ["token="],
        mailsResetLink: true,
      },
    },
  },
  {
    method: "POST",
    path: "/login",
    intent: "update-password",
    note: "no reset token",
    target: "session",
    fields: () => [["password", "senha-do-invasor-2026"]],
    cells: { visitor: { status: 400 } },
  },
  {
    method: "POST",
    path: "/login",
    intent: "update-password",
    note: "a forged reset token",
    target: "session",
    fields: () => [["password", "senha-do-invasor-2026"], ["token", randomBytes(32).toString("base64url")]],
    cells: {
      visitor: { status: 400 },
      // The action refuses the token; the page's loader then sends a signed-in user home.
      other: { status: 302, location: "/" },
    },
  },
  { method: "POST", path: "/login", intent: "google", target: "session", cells: { visitor: { status: 400 }, other: { status: 302, location: "/" } } },

  // ----------------------------------------------------------------- POST /logout, /theme, /auth/callback
  {
    method: "POST",
    path: "/logout",
    ownerIs: "the session's user",
    target: "session",
    cells: {
      visitor: { status: 303, location: "/" },
      owner: {
        status: 303,
        location: "/",
        effect: "allowed",
        phase: 1,
        note: "a second session of hers",
        cookie: async (c) => (await signIn(c.base, ANA.email, c.passwords.ana)).cookie,
        verify: async (c, _res, ended) => {
          expect((await get(c, "/profile", ended)).status, "the signed-out session").toBe(302);
          expect((await get(c, "/profile", c.cookies.ana)).status, "her other session").toBe(200);
        },
      },
      other: {
        status: 303,
        location: "/",
        effect: "own",
        untouched: ["session"],
        cookie: async (c) => (await signIn(c.base, DONA.email, c.passwords.dona)).cookie,
        verify: async (c, _res, ended) => expect((await get(c, "/profile", ended)).status, "her signed-out session").toBe(302),
      },
    },
  },
  {
    method: "POST",
    path: "/theme",
    fields: () => [["theme", "dark"]],
    // A cookie of the browser's own; nothing on the server.
    cells: everyone({ status: 303, location: "/", verify: async (_c, res) => expect(res.cookies.join(";")).toContain("dark") }),
  },
  {
    method: "POST",
    path: "/auth/callback",
    note: "forged tokens",
    target: "session",
    fields: () => [["access_token", "forjado"], ["refresh_token", "forjado"]],
    cells: everyone({ status: 303, location: "/login" }),
  },

  // ----------------------------------------------------------------- POST /favorites
  {
    method: "POST",
    path: "/favorites",
    intent: "add",
    ownerIs: "whose favorites they are",
    target: "favorites",
    fields: (c) => [["itemType", "sell_item"], ["itemId", c.ids.favoriteToAdd]],
    cells: {
      // The heart goes along to /login, so signing in adds it (nothing is written before).
      visitor: { status: 303, location: "/login?redirectTo=%2Ffavorites&favoritar=sell_item%3A{favoriteToAdd}" },
      owner: {
        status: 303,
        location: "/favorites",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expectListed(c, "/favorites", "ana", c.ids.favoriteToAdd),
      },
      other: {
        status: 303,
        location: "/favorites",
        effect: "own",
        note: "an ad of the owner's",
        fields: (c) => [["itemType", "sell_item"], ["itemId", c.ids.sellItem]],
        verify: async (c) => expectListed(c, "/favorites", "dona", c.ids.sellItem),
      },
    },
  },
  {
    method: "POST",
    path: "/favorites.data",
    intent: "add",
    note: "a fetcher, as the hydrated button sends it",
    target: "favorites",
    fields: (c) => [["itemType", "sell_item"], ["itemId", c.ids.favoriteToAdd], ["via", "fetcher"]],
    cells: { visitor: { status: 401, contains: () => ["Login required"] } },
  },
  {
    method: "POST",
    path: "/favorites",
    intent: "remove",
    ownerIs: "whose favorites they are",
    target: "favorites",
    fields: (c) => [["itemType", "sell_item"], ["itemId", c.ids.favorite]],
    cells: {
      visitor: toLogin(303, "/favorites"),
      owner: {
        status: 303,
        location: "/favorites",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expectListed(c, "/favorites", "ana", c.ids.favorite, false),
      },
      // Removes only her own favorites: none with that id, so nothing at all — and she is told so.
      other: { status: 404, note: "the owner's favorite", contains: () => ["Error removing favorite"] },
    },
  },

  // ----------------------------------------------------------------- POST /notifications
  {
    method: "POST",
    path: "/notifications",
    intent: "read",
    ownerIs: "the recipient",
    target: "notifications",
    fields: (c) => [["id", c.ids.notification]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/notifications",
        effect: "allowed",
        phase: 1,
        verify: async (c) => {
          const body = await html(c, "/notifications", c.cookies.ana);
          expect(body).not.toContain(`name="id" value="${c.ids.notification}"`);
        },
      },
      other: { status: 404, note: "the owner's notification" },
    },
  },
  {
    method: "POST",
    path: "/notifications",
    intent: "read-all",
    ownerIs: "the recipient",
    target: "notifications",
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/notifications",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(await html(c, "/notifications", c.cookies.ana)).not.toContain('value="read"'),
      },
      other: { status: 303, location: "/notifications", effect: "own", untouched: ["notifications"] },
    },
  },

  // ----------------------------------------------------------------- votes
  {
    method: "POST",
    path: "/posts",
    intent: "vote",
    ownerIs: "the poll's author",
    target: "post",
    fields: (c) => [["postId", c.ids.post], ["optionId", c.ids.pollOption]],
    cells: {
      visitor: toLogin(303, "/posts"),
      owner: { status: 303, location: "/posts", effect: "allowed", phase: 1, verify: async (c) => expectVote(c, "ana", c.ids.pollOption) },
      other: {
        status: 303,
        location: "/posts",
        effect: "own",
        outcome: "her own vote counted",
        verify: async (c) => expectVote(c, "dona", c.ids.pollOption),
      },
    },
  },
  {
    method: "POST",
    path: "/posts",
    intent: "vote",
    note: "an option of another poll",
    target: "post",
    fields: (c) => [["postId", c.ids.post], ["optionId", c.ids.foreignPollOption]],
    cells: { other: { status: 400, contains: () => ["Essa opção não faz parte desta enquete."] } },
  },
  {
    method: "POST",
    path: "/posts.data",
    intent: "vote",
    note: "a fetcher, as the hydrated poll sends it",
    target: "post",
    fields: (c) => [["postId", c.ids.post], ["optionId", c.ids.pollOption], ["via", "fetcher"]],
    cells: { visitor: { status: 401 } },
  },
  {
    method: "POST",
    path: "/posts/{post}",
    intent: "vote",
    note: "another option",
    ownerIs: "the poll's author",
    target: "post",
    fields: (c) => [["postId", c.ids.post], ["optionId", c.ids.otherPollOption]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/posts/{post}",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expectVote(c, "ana", c.ids.otherPollOption),
      },
      other: {
        status: 303,
        location: "/posts/{post}",
        effect: "own",
        outcome: "her own vote changed",
        verify: async (c) => expectVote(c, "dona", c.ids.otherPollOption),
      },
    },
  },

  // ----------------------------------------------------------------- reviews (issue #30)
  ...reviewRows({ path: "/business/{business}", noun: "business", target: "business", review: "anaReview" }),
  ...reviewRows({ path: "/service/{ownedService}", noun: "service", target: "ownedService", review: "anaServiceReview" }),
  ...reviewRows({ path: "/driver/{ownedDriver}", noun: "driver", target: "ownedDriver", review: "anaDriverReview" }),

  // ----------------------------------------------------------------- comments (issue #30)
  {
    method: "POST",
    path: "/posts/{post}",
    intent: "comment",
    ownerIs: "the post's author",
    target: "post",
    fields: () => [["body", "Comentário da matriz"]],
    cells: {
      visitor: toLogin(303),
      owner: { status: 303, effect: "allowed", phase: 1, verify: async (c, res) => expectComment(c, res, "Comentário da matriz") },
      other: {
        status: 303,
        effect: "own",
        outcome: "her own comment under Ana's post",
        verify: async (c, res) => expectComment(c, res, "Comentário da matriz"),
      },
    },
  },
  {
    method: "POST",
    path: "/news/{news}",
    intent: "comment",
    ownerIs: "the article's author",
    target: "news",
    fields: () => [["body", "Comentário na notícia"]],
    cells: {
      visitor: toLogin(303),
      other: { status: 303, effect: "own", outcome: "her own comment under Ana's article", verify: async (c, res) => expectComment(c, res, "Comentário na notícia") },
    },
  },
  {
    method: "POST",
    path: "/posts/{post}",
    intent: "edit-comment",
    ownerIs: "the comment's author",
    target: "post",
    fields: (c) => [["commentId", c.ids.anaComment], ["body", "Comentário da Ana, revisado"]],
    cells: {
      visitor: toLogin(303),
      owner: { status: 303, effect: "allowed", phase: 1, verify: async (c, res) => expectComment(c, res, "Comentário da Ana, revisado") },
      other: { status: 403, contains: () => ["Só quem escreveu o comentário pode editá-lo ou excluí-lo."] },
      moderator: { status: 403, contains: () => ["Só quem escreveu o comentário pode editá-lo ou excluí-lo."] },
    },
  },
  {
    method: "POST",
    path: "/posts/{post}",
    intent: "delete-comment",
    ownerIs: "the comment's author",
    target: "post",
    fields: (c) => [["commentId", c.ids.anaCommentToDelete]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403, contains: () => ["Só quem escreveu o comentário pode editá-lo ou excluí-lo."] },
      owner: {
        status: 303,
        location: "/posts/{post}#comentarios",
        effect: "allowed",
        phase: 2,
        verify: async (c) => expect(await html(c, `/posts/${c.ids.post}`)).not.toContain("Comentário da Ana para apagar"),
      },
    },
  },

  // ----------------------------------------------------------------- creating
  {
    method: "POST",
    path: "/create-sell-item",
    target: "anaSellItems",
    fields: (c) => [...sellItemFields("Anúncio novo da matriz"), ["sellerId", c.ids.anaId], ["seller_id", c.ids.anaId]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/sell-items/{new}",
        effect: "allowed",
        phase: 1,
        verify: async (c, res) => expectListed(c, "/my-sell-items", "ana", newId(res)),
      },
      other: {
        status: 303,
        location: "/sell-items/{new}",
        effect: "own",
        note: "forging the owner's sellerId",
        untouched: ["anaSellItems"],
        verify: async (c, res) => expectListed(c, "/my-sell-items", "dona", newId(res)),
      },
    },
  },
  {
    method: "POST",
    path: "/create-post",
    target: "anaPosts",
    fields: (c) => [["content", "Post novo da matriz de autorização."], ["authorId", c.ids.anaId], ["author_id", c.ids.anaId]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/posts/{new}",
        effect: "allowed",
        phase: 1,
        verify: async (c, res) => expectListed(c, "/my-posts", "ana", newId(res)),
      },
      other: {
        status: 303,
        location: "/posts/{new}",
        effect: "own",
        note: "forging the owner's authorId",
        untouched: ["anaPosts"],
        verify: async (c, res) => expectListed(c, "/my-posts", "dona", newId(res)),
      },
    },
  },
  {
    method: "POST",
    path: "/create-news",
    fields: (c) => [
      ["title", "Notícia nova da matriz"],
      ["summary", "Resumo."],
      ["content", "Texto da notícia."],
      ["authorId", c.ids.anaId],
      ["author_id", c.ids.anaId],
    ],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/news/{new}",
        effect: "allowed",
        phase: 1,
        verify: async (c, res) => expect(await html(c, `/news/${newId(res)}`)).toContain(`/u/${ANA.username}`),
      },
      other: {
        status: 303,
        location: "/news/{new}",
        effect: "own",
        note: "forging the owner's authorId",
        verify: async (c, res) => {
          const body = await html(c, `/news/${newId(res)}`);
          expect(body).toContain(`/u/${DONA.username}`);
          expect(body).not.toContain(`/u/${ANA.username}`);
        },
      },
    },
  },

  // ----------------------------------------------------------------- a sell item
  {
    method: "POST",
    path: "/sell-items/{sellItem}/edit",
    intent: "save",
    ownerIs: "the seller",
    target: "sellItem",
    fields: (c) => [...sellItemFields("Título trocado pela dona"), ["sellerId", c.ids.anaId]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403, contains: () => ["Só quem publicou este anúncio pode alterá-lo ou excluí-lo."] },
      owner: {
        status: 303,
        location: "/sell-items/{sellItem}",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(await fingerprint(c, "sellItem")).toContain("Título trocado pela dona"),
      },
    },
  },
  {
    method: "POST",
    path: "/sell-items/{donaItem}/edit",
    intent: "save",
    note: "her own ad, removing a photo of the owner's ad",
    ownerIs: "the seller",
    fields: (c) => [...sellItemFields("Anúncio da Dona revisto"), ["removeImages", c.ids.anaPhoto]],
    cells: {
      // Only photos of the ad being saved can go: the owner's ad keeps its photo.
      other: {
        status: 303,
        location: "/sell-items/{donaItem}",
        effect: "own",
        untouched: ["sellItem"],
        verify: async (c) => {
          expect(decodeHtml(await html(c, `/sell-items/${c.ids.donaItem}`))).toContain("Anúncio da Dona revisto");
          expect(await fingerprint(c, "sellItem")).toContain(c.ids.anaPhoto);
        },
      },
    },
  },
  {
    method: "POST",
    path: "/sell-items/{sellItem}/edit",
    intent: "sold",
    ownerIs: "the seller",
    target: "sellItem",
    cells: {
      visitor: toLogin(303),
      other: { status: 403 },
      owner: {
        status: 303,
        location: "/sell-items/{sellItem}",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(await fingerprint(c, "sellItem")).toContain('"sold"'),
      },
    },
  },
  {
    method: "POST",
    path: "/sell-items/{sellItemToDelete}/edit",
    intent: "delete",
    ownerIs: "the seller",
    target: "sellItemToDelete",
    cells: {
      visitor: toLogin(303),
      other: { status: 403 },
      owner: {
        status: 303,
        location: "/my-sell-items",
        effect: "allowed",
        phase: 2,
        verify: async (c) => expectGone(c, "/sell-items/{sellItemToDelete}"),
      },
    },
  },

  // ----------------------------------------------------------------- a post
  {
    method: "POST",
    path: "/posts/{post}/edit",
    intent: "save",
    ownerIs: "the author",
    target: "post",
    fields: (c) => [["content", "Texto trocado por quem não é o autor."], ["pollQuestion", ""], ["authorId", c.ids.anaId]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403, contains: () => ["Só quem publicou o post pode editá-lo ou excluí-lo."] },
    },
  },
  {
    method: "POST",
    path: "/posts/{post}/edit",
    intent: "save",
    note: "the poll kept as it is",
    ownerIs: "the author",
    target: "post",
    // The poll has votes, so the owner sends it back unchanged (the edit form does the same).
    fields: (c) => [["content", "Texto revisto pela autora."], ...c.poll],
    cells: {
      owner: {
        status: 303,
        location: "/posts/{post}",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(await fingerprint(c, "post")).toContain("Texto revisto pela autora."),
      },
    },
  },
  {
    method: "POST",
    path: "/posts/{post}/edit",
    intent: "delete",
    ownerIs: "the author",
    target: "post",
    cells: {
      visitor: toLogin(303),
      other: { status: 403 },
      owner: { status: 303, location: "/my-posts", effect: "allowed", phase: 2, verify: async (c) => expectGone(c, "/posts/{post}") },
    },
  },

  // ----------------------------------------------------------------- a news article
  {
    method: "POST",
    path: "/news/{news}",
    intent: "delete",
    ownerIs: "the author",
    target: "news",
    cells: {
      visitor: toLogin(303),
      other: { status: 403, contains: () => ["Só quem publicou a notícia pode excluí-la."] },
    },
  },
  {
    method: "POST",
    path: "/news/{newsToDelete}",
    intent: "delete",
    ownerIs: "the author",
    target: "newsToDelete",
    cells: {
      owner: { status: 303, location: "/news", effect: "allowed", phase: 2, verify: async (c) => expectGone(c, "/news/{newsToDelete}") },
    },
  },

  // ----------------------------------------------------------------- the profile
  {
    method: "POST",
    path: "/edit-profile",
    intent: "profile",
    ownerIs: "the user themself",
    target: "profile",
    fields: (c) => [
      ["fullName", DONA.fullName],
      ["username", DONA.username],
      ["bio", "Bio trocada pela Dona Conceição."],
      ["phone", ""],
      ["birthDate", ""],
      ["id", c.ids.anaId],
      ["userId", c.ids.anaId],
    ],
    cells: {
      visitor: toLogin(303),
      // The forged ids are ignored: she edits her own profile, never the owner's.
      other: {
        status: 303,
        location: "/profile",
        effect: "own",
        note: "forging the owner's id",
        untouched: ["profile"],
        verify: async (c) => expect(decodeHtml((await get(c, `/u/${DONA.username}`)).body)).toContain("Bio trocada pela Dona Conceição."),
      },
    },
  },
  {
    method: "POST",
    path: "/edit-profile",
    intent: "profile",
    ownerIs: "the user themself",
    target: "profile",
    fields: () => [
      ["fullName", ANA.fullName],
      ["username", ANA.username],
      ["bio", "Bio revista pela própria Ana."],
      ["phone", ANA.phone],
      ["birthDate", ANA.birthDate.split("-").reverse().join("/")],
    ],
    cells: {
      owner: {
        status: 303,
        location: "/profile",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(decodeHtml((await get(c, `/u/${ANA.username}`)).body)).toContain("Bio revista pela própria Ana."),
      },
    },
  },
  {
    method: "POST",
    path: "/edit-profile",
    intent: "email",
    ownerIs: "the user themself",
    target: "profile",
    // Issue #25: the new address gets a link; the account keeps the old one until it is opened.
    fields: () => [["email", "ana.nova.matriz@exemplo.com.br"]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/edit-profile",
        effect: "allowed",
        phase: 1,
        mailsConfirmationLink: true,
        verify: async (c) => expect(decodeHtml((await get(c, "/edit-profile", c.cookies.ana)).body)).toContain(ANA.email),
      },
    },
  },
  {
    method: "POST",
    path: "/edit-profile",
    intent: "avatar",
    ownerIs: "the user themself",
    target: "profile",
    upload: "avatar",
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/profile",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(await fingerprint(c, "profile")).toMatch(new RegExp(`/media/square/${UUID}`)),
      },
      other: { status: 303, location: "/profile", effect: "own", untouched: ["profile"] },
    },
  },
  {
    method: "POST",
    path: "/edit-profile",
    intent: "password",
    ownerIs: "the user themself",
    target: "session",
    // Issue #13: the current password goes along (each resident's is still the demo one here).
    fields: () => [["currentPassword", DEMO_PASSWORD], ["password", "nova-senha-da-matriz-1"]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/profile",
        effect: "allowed",
        phase: 2,
        // A new password ends her other sessions and opens one here.
        verify: async (c, res) => {
          const previous = c.cookies.ana;
          c.cookies.ana = sessionCookie(res);
          c.passwords.ana = "nova-senha-da-matriz-1";
          expect((await get(c, "/profile", previous)).status, "the session from before").toBe(302);
          expect((await get(c, "/profile", c.cookies.ana)).status, "the new session").toBe(200);
        },
      },
      other: {
        status: 303,
        location: "/profile",
        effect: "own",
        phase: 2,
        untouched: ["session"],
        verify: async (c, res) => {
          c.cookies.dona = sessionCookie(res);
          c.passwords.dona = "nova-senha-da-matriz-1";
          await signIn(c.base, ANA.email, c.passwords.ana);
        },
      },
    },
  },

  // ----------------------------------------------------------------- business images
  {
    method: "POST",
    path: "/update-business-images",
    note: "kind=logo",
    owner: "antonio",
    ownerIs: "the business owner",
    target: "business",
    upload: "image",
    fields: (c) => [["businessId", c.ids.business], ["kind", "logo"]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403, contains: () => ["Só o dono do negócio pode trocar as fotos."] },
      owner: {
        status: 303,
        location: "/update-business-images",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(await fingerprint(c, "business")).toMatch(new RegExp(`/media/square/${UUID}`)),
      },
    },
  },
  {
    method: "POST",
    path: "/update-business-images",
    note: "kind=gallery, a business nobody owns",
    target: "unownedBusiness",
    upload: "image",
    fields: (c) => [["businessId", c.ids.unownedBusiness], ["kind", "gallery"]],
    cells: { other: { status: 403 } },
  },
  {
    method: "POST",
    path: "/update-business-images",
    intent: "remove",
    owner: "antonio",
    ownerIs: "the business owner",
    target: "business",
    fields: (c) => [["businessId", c.ids.business], ["imageId", c.ids.galleryImage]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403 },
      owner: {
        status: 303,
        location: "/update-business-images",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(await fingerprint(c, "business")).not.toContain(c.ids.galleryImage),
      },
    },
  },
  {
    method: "POST",
    path: "/update-business-images",
    intent: "remove",
    note: "her own businessId, the owner's photo",
    owner: "antonio",
    target: "business",
    fields: (c) => [["businessId", c.ids.otherBusiness], ["imageId", c.ids.galleryImage]],
    cells: { other: { status: 404 } },
  },

  // ----------------------------------------------------------------- the last word: a password by the reset route
  {
    method: "POST",
    path: "/login",
    intent: "update-password",
    note: "signed in, no token",
    ownerIs: "the account's user",
    fields: () => [["password", "outra-senha-da-matriz-2"]],
    // Issue #13: a session alone no longer sets a new password (that needs the e-mailed
    // link here, or the current password in /edit-profile). The action refuses; the page's
    // loader then sends a signed-in user home, as for a forged token.
    cells: { owner: { status: 302, location: "/" } },
  },

  // ----------------------------------------------------------------- issue #18: reports, moderation, listings
  {
    method: "GET",
    path: "/denunciar?tipo=post&id={post}",
    cells: {
      visitor: toLogin(302),
      owner: { status: 200, contains: () => ['name="reason" value="golpe"'] },
      other: { status: 200, contains: () => ['name="reason" value="golpe"'] },
      moderator: { status: 200, contains: () => ['name="reason" value="golpe"'] },
    },
  },
  {
    method: "POST",
    path: "/denunciar",
    note: "a reason that does not exist",
    target: "post",
    fields: (c) => [["tipo", "post"], ["id", c.ids.post], ["reason", "vinganca"]],
    cells: { visitor: toLogin(303), other: { status: 400, contains: () => ["Escolha o motivo da denúncia."] } },
  },
  {
    method: "POST",
    path: "/denunciar",
    target: "post",
    fields: (c) => [["tipo", "post"], ["id", c.ids.post], ["reason", "spam"], ["note", "Propaganda repetida"], ["reporter_id", c.ids.anaId]],
    cells: {
      visitor: toLogin(303),
      other: {
        status: 303,
        location: "/posts",
        effect: "allowed",
        phase: 1,
        outcome: "one report, the reporter's own; a second one answers 409",
        verify: async (c, _res, cookie) => {
          const again = await post(c, "/denunciar", [["tipo", "post"], ["id", c.ids.post], ["reason", "golpe"]], cookie);
          expect(again.status).toBe(409);
        },
      },
    },
  },
  {
    method: "GET",
    path: "/moderacao",
    ownerIs: "the author of a reported post",
    cells: {
      visitor: toLogin(302),
      owner: { status: 403, contains: () => ["Só para moderadores"] },
      other: { status: 403, contains: () => ["Só para moderadores"] },
      moderator: { status: 200, contains: () => ["Denúncias ("] },
      admin: { status: 200, contains: () => ["Registro de ações"] },
    },
  },
  {
    method: "POST",
    path: "/moderacao",
    intent: "hide",
    ownerIs: "the author",
    target: "post",
    fields: (c) => [["kind", "post"], ["id", c.ids.post], ["note", "forjado"]],
    cells: {
      visitor: toLogin(303),
      owner: { status: 403 },
      other: { status: 403 },
    },
  },
  {
    method: "POST",
    path: "/moderacao",
    intent: "dismiss",
    target: "post",
    fields: (c) => [["kind", "post"], ["id", c.ids.post], ["note", "Não é spam"]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403 },
      moderator: { status: 303, location: "/moderacao", effect: "allowed", phase: 1, outcome: "the reports closed, the post still shown" },
      admin: {
        status: 303,
        location: "/moderacao",
        effect: "allowed",
        phase: 1,
        outcome: "and the action is in the log only admins read",
        verify: async (c) => {
          expect(await html(c, "/moderacao/registro", c.cookies.admin)).toContain("Descartou as denúncias");
          expect((await get(c, `/posts/${c.ids.post}`)).status).toBe(200);
        },
      },
    },
  },
  {
    method: "POST",
    path: "/moderacao",
    intent: "approve-listing",
    note: "a proposal that does not exist",
    fields: () => [["id", "9f000000-0000-4000-8000-000000000001"]],
    cells: { visitor: toLogin(303), other: { status: 403 }, moderator: { status: 404 }, admin: { status: 404 } },
  },
  {
    method: "POST",
    path: "/moderacao",
    intent: "approve-claim",
    note: "a claim that does not exist",
    fields: () => [["id", "9f000000-0000-4000-8000-000000000001"]],
    cells: { visitor: toLogin(303), other: { status: 403 }, moderator: { status: 404 } },
  },
  {
    method: "GET",
    path: "/moderacao/registro",
    cells: {
      visitor: toLogin(302),
      other: { status: 403 },
      moderator: { status: 403, contains: () => ["Só para administradores"] },
      admin: { status: 200, contains: () => ["Registro da moderação"] },
    },
  },
  // Issue #32: the state's and the town's holidays, admins only (public.set_town_holiday checks it too).
  {
    method: "GET",
    path: "/moderacao/feriados",
    cells: {
      visitor: toLogin(302),
      other: { status: 403 },
      moderator: { status: 403, contains: () => ["Só para administradores"] },
      admin: { status: 200, contains: () => ["Feriados da cidade", "Finados"] },
    },
  },
  {
    method: "POST",
    path: "/moderacao/feriados",
    intent: "add",
    fields: () => [["day", "2031-06-13"], ["name", "Festa de Santo Antônio"], ["scope", "municipal"]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403 },
      moderator: { status: 403 },
      admin: {
        status: 303,
        location: "/moderacao/feriados",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(decodeHtml(await html(c, "/moderacao/feriados", c.cookies.admin))).toContain("Festa de Santo Antônio"),
      },
    },
  },
  {
    method: "POST",
    path: "/moderacao/feriados",
    intent: "add",
    note: "a date that does not exist, and a national holiday",
    fields: () => [["day", "2027-02-30"], ["name", "Dia que não existe"], ["scope", "municipal"]],
    cells: { visitor: toLogin(303), other: { status: 403 }, admin: { status: 400, contains: () => ["Essa data não existe no calendário."] } },
  },
  {
    method: "POST",
    path: "/moderacao/feriados",
    intent: "add",
    note: "a national holiday",
    fields: () => [["day", "2031-11-02"], ["name", "Finados de novo"], ["scope", "municipal"]],
    cells: { visitor: toLogin(303), moderator: { status: 403 }, admin: { status: 409, contains: () => ["02/11/2031 já é feriado nacional."] } },
  },
  {
    method: "POST",
    path: "/moderacao/feriados",
    intent: "remove",
    note: "a day without a town holiday",
    fields: () => [["day", "2031-01-02"]],
    cells: { visitor: toLogin(303), other: { status: 403 }, moderator: { status: 403 }, admin: { status: 404 } },
  },
  // Issue #32: the duty rota, kept by moderators and admins (public.add_duty_turns checks it too).
  {
    method: "POST",
    path: "/farmacias-de-plantao",
    intent: "add",
    fields: (c) => [["farmacia", c.ids.pharmacy], ["inicio", "2031-06-13T08:00"], ["fim", "2031-06-14T08:00"]],
    cells: {
      visitor: toLogin(303),
      owner: { status: 403, contains: () => ["Só para a moderação"] },
      other: { status: 403 },
      moderator: { status: 303, location: "/farmacias-de-plantao", effect: "allowed", phase: 1 },
      admin: { status: 303, location: "/farmacias-de-plantao", effect: "allowed", phase: 1 },
    },
  },
  {
    method: "POST",
    path: "/farmacias-de-plantao",
    intent: "add",
    note: "an end before the start",
    fields: (c) => [["farmacia", c.ids.pharmacy], ["inicio", "2031-06-14T08:00"], ["fim", "2031-06-13T08:00"]],
    cells: { visitor: toLogin(303), other: { status: 403 }, moderator: { status: 400, contains: () => ["O fim vem antes do início."] } },
  },
  {
    method: "POST",
    path: "/farmacias-de-plantao",
    intent: "import",
    note: "no file",
    fields: () => [],
    cells: { visitor: toLogin(303), other: { status: 403 }, moderator: { status: 400, contains: () => ["Escolha o arquivo CSV do rodízio."] } },
  },
  {
    method: "POST",
    path: "/farmacias-de-plantao",
    intent: "remove",
    fields: (c) => [["id", c.ids.dutyTurn]],
    cells: {
      visitor: toLogin(303),
      other: { status: 403 },
      admin: { status: 303, location: "/farmacias-de-plantao", effect: "allowed", phase: 1 },
    },
  },
  {
    method: "POST",
    path: "/farmacias-de-plantao",
    intent: "remove",
    note: "a turn that does not exist",
    fields: () => [["id", "9f000000-0000-4000-8000-000000000001"]],
    cells: { visitor: toLogin(303), owner: { status: 403 }, moderator: { status: 404 } },
  },
  { method: "GET", path: "/cadastrar/{proposalKind}", cells: { visitor: toLogin(302), other: ok, moderator: ok } },
  {
    method: "POST",
    path: "/cadastrar/{proposalKind}",
    fields: (c) => [["name", "Doceria da Matriz"], ["category", "Doces"], ["status", "approved"], ["proposer_id", c.ids.anaId]],
    cells: {
      visitor: toLogin(303),
      other: {
        status: 303,
        location: "/cadastrar/negocio",
        effect: "allowed",
        phase: 1,
        outcome: "a pending proposal of their own, listed nowhere yet",
        verify: async (c, _res, cookie) => {
          const mine = decodeHtml(await html(c, "/cadastrar/negocio", cookie)).replace(/<!-- -->/g, "");
          expect(mine).toContain("Doceria da Matriz</span> · Aguardando a moderação");
          expect(await html(c, "/businesses?categoria=Doces")).not.toContain("Doceria da Matriz");
        },
      },
    },
  },
  // Issue #32: residents propose events (pending, their own), moderators review them.
  { method: "GET", path: "/agenda/propor", cells: { visitor: toLogin(302), other: { status: 200, contains: () => ["Propor evento"] }, moderator: ok } },
  {
    method: "POST",
    path: "/agenda/propor",
    fields: (c) => [
      ["titulo", "Seresta da Matriz"], ["inicio", `${IN_TEN_DAYS}T19:00`], ["fim", `${IN_TEN_DAYS}T22:00`], ["local", "Praça da Matriz"],
      ["categoria", "Cultura"], ["status", "approved"], ["proposer_id", c.ids.anaId],
    ],
    cells: {
      visitor: toLogin(303),
      other: {
        status: 303,
        location: "/agenda/propor",
        effect: "allowed",
        phase: 1,
        outcome: "a pending event of their own, on no list yet",
        verify: async (c, _res, cookie) => {
          const mine = decodeHtml(await html(c, "/agenda/propor", cookie)).replace(/<!-- -->/g, "");
          expect(mine).toContain("Seresta da Matriz</a> · Aguardando a moderação");
          expect(await html(c, "/agenda")).not.toContain("Seresta da Matriz");
        },
      },
    },
  },
  ...(["approve-event", "reject-event"] as const).map((intent): Row => ({
    method: "POST",
    path: "/moderacao",
    intent,
    note: "an event that does not exist",
    fields: () => [["id", "9f000000-0000-4000-8000-000000000001"], ["note", "Data errada"]],
    cells: { visitor: toLogin(303), other: { status: 403 }, moderator: { status: 404 }, admin: { status: 404 } },
  })),
  { method: "GET", path: "/business/{unownedBusiness}/e-meu", cells: { visitor: toLogin(302), other: { status: 200, contains: () => ["Pedir para ser o dono"] } } },
  {
    method: "POST",
    path: "/business/{business}/e-meu",
    owner: "antonio",
    ownerIs: "the business owner",
    note: "their own business",
    target: "business",
    cells: { owner: { status: 403 } },
  },
  {
    method: "POST",
    path: "/business/{unownedBusiness}/e-meu",
    fields: () => [["note", "Sou a dona"]],
    target: "unownedBusiness",
    cells: {
      visitor: toLogin(303),
      other: { status: 303, location: "/business/{unownedBusiness}", effect: "allowed", phase: 1, outcome: "a claim only a moderator approves" },
    },
  },
  {
    method: "GET",
    path: "/business/{business}/editar",
    owner: "antonio",
    ownerIs: "the business owner",
    cells: {
      visitor: toLogin(302),
      owner: { status: 200, contains: () => ["Horário de funcionamento"] },
      other: { status: 403, contains: () => ["Só o dono edita este negócio"] },
      moderator: { status: 403 },
    },
  },
  {
    method: "POST",
    path: "/business/{business}/editar",
    owner: "antonio",
    ownerIs: "the business owner",
    target: "business",
    fields: () => [["description", "Descrição nova do dono."], ["address", "Rua Nova, 10"], ["phone", "(35) 3333-4444"], ["hours.monday.open", "on"], ["hours.monday.opensAt", "08:00"], ["hours.monday.closesAt", "18:00"]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/business/{business}",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(decodeHtml(await html(c, `/business/${c.ids.business}`))).toContain("Descrição nova do dono."),
      },
      other: { status: 403 },
      moderator: { status: 403 },
    },
  },

  // Issue #32: the owner's special dates (RLS business_special_dates_insert_own / _delete_own).
  {
    method: "POST",
    path: "/business/{business}/editar",
    intent: "add-date",
    owner: "antonio",
    ownerIs: "the business owner",
    target: "business",
    fields: () => [["startsOn", "2031-01-10"], ["endsOn", "2031-01-20"], ["kind", "closed"], ["note", "férias coletivas"]],
    cells: {
      visitor: toLogin(303),
      owner: {
        status: 303,
        location: "/business/{business}/editar",
        effect: "allowed",
        phase: 1,
        verify: async (c) => expect(decodeHtml(await html(c, `/business/${c.ids.business}/editar`, c.cookies.antonio))).toContain("10/01/2031 a 20/01/2031: fechado (férias coletivas)"),
      },
      other: { status: 403 },
      moderator: { status: 403 },
    },
  },
  {
    method: "POST",
    path: "/business/{business}/editar",
    intent: "add-date",
    note: "an end before the start",
    owner: "antonio",
    ownerIs: "the business owner",
    target: "business",
    fields: () => [["startsOn", "2031-01-20"], ["endsOn", "2031-01-10"], ["kind", "closed"]],
    cells: { visitor: toLogin(303), owner: { status: 400, contains: () => ["O fim vem antes do início"] }, other: { status: 403 } },
  },
  {
    method: "POST",
    path: "/business/{business}/editar",
    intent: "remove-date",
    note: "a special date that does not exist",
    owner: "antonio",
    ownerIs: "the business owner",
    target: "business",
    fields: () => [["id", "9f000000-0000-4000-8000-000000000001"]],
    cells: { visitor: toLogin(303), owner: { status: 404 }, other: { status: 403 }, moderator: { status: 403 } },
  },

  // ----------------------------------------------------------------- no action at all: 405 for everybody
  ...[
    "/",
    "/businesses",
    "/services",
    "/drivers",
    "/drivers/{filter}",
    "/news",
    "/search",
    "/users",
    "/user/{anaId}",
    "/u/{username}",
    "/game/clicker",
    "/debug/storage",
    "/instalar",
    "/sell-items",
    "/sell-items/{sellItem}",
    "/profile",
    "/profile/edit",
    "/my-sell-items",
    "/my-posts",
    "/healthz",
    "/media/{mediaKey}",
    "/og/{ogCard}",
    "/robots.txt",
    "/sitemap.xml",
    "/sitemaps/{sitemapFile}",
    "/moderacao/registro",
    "/events",
    "/agenda",
    "/mapa",
    "/agenda.ics",
    "/agenda/{event}",
    "/agenda/{event}/evento.ics",
  ].map((p): Row => ({ method: "POST", path: p, fields: () => [["intent", "delete"]], cells: everyone({ status: 405 }) })),
  { method: "POST", path: "/pagina-que-nao-existe", fields: () => [["intent", "delete"]], cells: everyone({ status: 404 }) },
];


// ---------------------------------------------------------------------------------------
// Cases

type Case = { row: Row; actor: Actor; cell: Cell; effect: Effect; title: string };

const ACTOR_NAMES: Record<Actor, string> = { visitor: "visitor", owner: "owner", other: "another user", moderator: "a moderator", admin: "an admin" };

function titleOf(row: Row, actor: Actor, cell: Cell, effect: Effect): string {
  const who = actor === "owner" ? `owner (${row.ownerIs ?? "signed-in user"})` : ACTOR_NAMES[actor];
  const what = [row.method, row.path, row.intent ? `intent=${row.intent}` : "", row.note || cell.note ? `(${[row.note, cell.note].filter(Boolean).join(", ")})` : ""]
    .filter(Boolean)
    .join(" ");
  const where = cell.login ? ` /login?redirectTo=${cell.login === true ? row.path.split("?")[0] : cell.login}` : cell.location ? ` ${cell.location}` : "";
  const outcome = cell.outcome
    ? `, ${cell.outcome}`
    : effect === "allowed"
      ? ", and the change is made"
      : effect === "own"
        ? ", the owner's data unchanged"
        : row.method === "POST"
          ? ", nothing changed"
          : "";
  return `${who} ${what} → ${cell.status}${where}${outcome}`;
}

const CASES: Case[] = ROWS.flatMap((row) =>
  (["visitor", "owner", "other", "moderator", "admin"] as const).flatMap((actor) => {
    const cell = row.cells[actor];
    if (!cell) return [];
    const effect = cell.effect ?? (row.method === "GET" ? "none" : "refused");
    return [{ row, actor, cell, effect, title: titleOf(row, actor, cell, effect) }];
  }),
)
  // Stable: within a phase the table's order holds.
  .map((c, i) => ({ c, i }))
  .sort((a, b) => (a.c.cell.phase ?? 0) - (b.c.cell.phase ?? 0) || a.i - b.i)
  .map(({ c }) => c);

// ---------------------------------------------------------------------------------------
// Setup: a server on a fresh demo town, the three residents signed in, the ids found

type Town = { ctx: Ctx; server: Server; close: () => Promise<void> };

/** How many reset links the server has written to its log (no SMTP_URL here). */
const resetLinksLogged = (server: Server) => server.proc.output.split("password reset link for ").length - 1;
const confirmationLinksLogged = (server: Server) => server.proc.output.split("e-mail confirmation link for ").length - 1;

/**
 * PGlite: a copy of the seeded data folder (the server's default engine). PostgreSQL: a
 * database of its own, seeded here because the server seeds only the embedded engine (no
 * artwork rendered: files are not what this file is about), which the test then digests.
 */
async function openTown(engine: "pglite" | "postgres", dir: string): Promise<Town> {
  // Many writes from 127.0.0.1 in a minute: the limits are the pipeline test's business.
  const env = { RATE_LIMIT_SCALE: "100", ACCESS_LOG: "off", ADMIN_EMAIL: ADMIN.email };
  let server: Server;
  let digest: Ctx["digest"] = async () => null;
  let closeDb = async () => {};
  if (engine === "postgres") {
    const name = `guida_authz_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    const db = await openPostgres(databaseUrl(name), { prepare: true, max: 1 });
    closeDb = async () => {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    try {
      if (!(await seedDemoTownIfEmpty(db, path.join(dir, "seed")))) throw new Error("the new database was not empty");
      digest = await tableDigest(db);
      server = await startReadyServer(path.join(dir, "data"), { ...env, DATABASE_URL: databaseUrl(name) });
    } catch (error) {
      await closeDb();
      throw error;
    }
  } else {
    await copySeededDataDir(path.join(dir, "town"));
    server = await startReadyServer(path.join(dir, "town"), env);
  }
  const close = async () => {
    if (server.proc.running) await server.proc.kill("SIGKILL");
    await closeDb();
  };
  try {
    return { ctx: await discover(server.url, digest), server, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Signs the three residents in and finds, through the pages, the ids the table names. */
async function discover(base: string, digest: Ctx["digest"]): Promise<Ctx> {
  const [ana, antonio, dona, helena, admin] = await Promise.all([ANA, ANTONIO, DONA, HELENA, ADMIN].map((u) => signIn(base, u.email, DEMO_PASSWORD)));
  const c: Ctx = {
    base,
    ids: {} as Ids,
    cookies: { ana: ana!.cookie, antonio: antonio!.cookie, dona: dona!.cookie, helena: helena!.cookie, admin: admin!.cookie },
    passwords: { ana: DEMO_PASSWORD, antonio: DEMO_PASSWORD, dona: DEMO_PASSWORD, helena: DEMO_PASSWORD, admin: DEMO_PASSWORD },
    poll: [],
    digest,
  };

  // Ana's rows, as her own pages list them.
  const anaItems = matches(await html(c, "/my-sell-items", c.cookies.ana), new RegExp(`href="/sell-items/(${UUID})"`, "g"));
  const [anaPost] = matches(await html(c, "/my-posts", c.cookies.ana), new RegExp(`href="/posts/(${UUID})/edit"`, "g"));
  const notifications = matches(await html(c, "/notifications", c.cookies.ana), new RegExp(`name="id" value="(${UUID})"`, "g"));
  const editData = (await get(c, `/sell-items/${anaItems[0]}/edit.data?_routes=routes/edit-sell-item`, c.cookies.ana)).body;
  const anaId = new RegExp(`"sellerId","(${UUID})"`).exec(editData)?.[1];
  const anaPhoto = /"(\/media\/photo\/[^"]+)"/.exec(editData)?.[1];
  const anaNews: string[] = [];
  for (const page of ["/news", "/news?pagina=2", "/news?pagina=3"]) {
    for (const [, id, title] of (await html(c, page)).matchAll(new RegExp(`href="/news/(${UUID})"[^>]*>([^<]+)</a>`, "g"))) {
      if (ANA_NEWS_TITLES.has(decodeHtml(title!)) && !anaNews.includes(id!)) anaNews.push(id!);
    }
  }
  // Antônio's business and gallery, Dona's business and ads.
  const antonioPage = await html(c, "/update-business-images", c.cookies.antonio);
  const [business] = matches(antonioPage, new RegExp(`name="businessId" value="(${UUID})"`, "g"));
  const gallery = matches(antonioPage, new RegExp(`name="imageId" value="(${UUID})"`, "g"));
  const [otherBusiness] = matches(await html(c, "/update-business-images", c.cookies.dona), new RegExp(`name="businessId" value="(${UUID})"`, "g"));
  const donaItems = matches(await html(c, "/my-sell-items", c.cookies.dona), new RegExp(`href="/sell-items/(${UUID})"`, "g"));
  const optionsOn = async (postId: string, as: string) =>
    [...(await html(c, `/posts/${postId}`, as)).matchAll(/<button[^>]*\bname="optionId"[^>]*>/g)].map((m) => /\bvalue="([^"]+)"/.exec(m[0])?.[1] ?? "");
  let foreignPollOption = "";
  for (const id of matches(await html(c, "/my-posts", c.cookies.dona), new RegExp(`href="/posts/(${UUID})/edit"`, "g"))) {
    foreignPollOption = (await optionsOn(id, c.cookies.dona))[0] ?? "";
    if (foreignPollOption) break;
  }
  // A business nobody owns: the first on the list whose name the demo town leaves unowned.
  let unownedBusiness = "";
  for (const id of matches(await html(c, "/businesses"), new RegExp(`href="/business/(${UUID})"`, "g"))) {
    const title = decodeHtml(/<title>([^<]*)<\/title>/.exec(await html(c, `/business/${id}`))?.[1] ?? "");
    if (UNOWNED_BUSINESSES.has(title.split(" · ")[0]!)) {
      unownedBusiness = id;
      break;
    }
  }
  const [driver] = matches(await html(c, "/drivers/all"), new RegExp(`href="/driver/(${UUID})"`, "g"));
  const [service] = matches(await html(c, "/services"), new RegExp(`href="/service/(${UUID})"`, "g"));
  const pollOptions = await optionsOn(anaPost!, c.cookies.dona);
  const editPost = await html(c, `/posts/${anaPost}/edit`, c.cookies.ana);
  const inputValue = (tag: string) => decodeHtml(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "");
  c.poll = [
    ["pollQuestion", inputValue(/<input[^>]*\bname="pollQuestion"[^>]*>/.exec(editPost)?.[0] ?? "")],
    ...[...editPost.matchAll(/<input[^>]*\bname="pollOptions"[^>]*>/g)].map((m): [string, string] => ["pollOptions", inputValue(m[0])]),
  ];

  const found = {
    anaItems: anaItems.length >= 2,
    anaPost,
    notifications: notifications.length >= 2,
    anaId,
    anaNews: anaNews.length >= 2,
    business,
    gallery: gallery.length >= 1,
    otherBusiness,
    donaItems: donaItems.length >= 3,
    anaPhoto,
    foreignPollOption,
    unownedBusiness,
    driver,
    service,
    pollOptions: pollOptions.length >= 2 && pollOptions.every(Boolean),
    poll: c.poll.length >= 3 && c.poll[0]![1] !== "",
  };
  const missing = Object.entries(found).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length) throw new Error(`not found in the demo town: ${missing.join(", ")}`);

  // Two rows of the owners' own making, before anything is compared: a favorite of
  // Ana's, and a cover Antônio uploads (the one image both engines are sure to have).
  const favorite = await post(c, "/favorites", [["intent", "add"], ["itemType", "sell_item"], ["itemId", donaItems[0]!]], c.cookies.ana);
  if (favorite.status !== 303) throw new Error(`Ana's favorite answered ${favorite.status}`);
  const cover = await post(c, "/update-business-images", [["businessId", business!], ["kind", "cover"]], c.cookies.antonio, "image");
  if (cover.status !== 303) throw new Error(`Antônio's cover answered ${cover.status}: ${cover.body.slice(0, 300)}`);
  const mediaKey = /\/media\/(wide\/(?!seed-)[\w-]+\.webp)/.exec(await html(c, "/update-business-images", c.cookies.antonio))?.[1];
  if (!mediaKey) throw new Error("the uploaded cover is not on Antônio's page");

  // Issue #30: two comments of Ana's on her post.
  const commentOf = async (body: string) => {
    const res = await post(c, `/posts/${anaPost}`, [["intent", "comment"], ["body", body]], c.cookies.ana);
    const id = new RegExp(`comentario=(${UUID})`).exec(res.headers.location ?? "")?.[1];
    if (res.status !== 303 || !id) throw new Error(`Ana's comment answered ${res.status}: ${res.body.slice(0, 300)}`);
    return id;
  };
  const anaComment = await commentOf("Comentário da Ana para editar");
  const anaCommentToDelete = await commentOf("Comentário da Ana para apagar");
  // Issue #30: Ana reviews Antônio's business.
  const reviewed = await post(c, `/business/${business!}`, [["intent", "review"], ["stars", "4"], ["body", "Avaliação da Ana"]], c.cookies.ana);
  const anaReview = new RegExp(`#avaliacao-(${UUID})`).exec(reviewed.headers.location ?? "")?.[1];
  if (reviewed.status !== 303 || !anaReview) throw new Error(`Ana's review answered ${reviewed.status}: ${reviewed.body.slice(0, 300)}`);
  // Issue #30: a service and a driver of Antônio's (his proposals, approved by Helena), each reviewed by Ana.
  const [ownedService, anaServiceReview] = await ownedListingReviewed(c, "servico", "Reformas");
  const [ownedDriver, anaDriverReview] = await ownedListingReviewed(c, "motorista", "moto");

  // Issue #32: the rota's tools, as the admin sees them.
  const staffPage = await html(c, "/farmacias-de-plantao", c.cookies.admin);
  const [pharmacy] = matches(staffPage, new RegExp(`<option value="(${UUID})"`, "g"));
  const dutyTurn = matches(staffPage, new RegExp(`name="id" value="(${UUID})"`, "g")).at(-1);
  if (!pharmacy || !dutyTurn) throw new Error("no pharmacy or duty turn on the admin's /farmacias-de-plantao");

  const event = new RegExp(`href="/agenda/(${UUID})"`).exec(await html(c, "/agenda", c.cookies.admin))?.[1];
  if (!event) throw new Error("no event on /agenda");

  c.ids = {
    event,
    pharmacy,
    dutyTurn,
    anaComment,
    anaCommentToDelete,
    anaReview,
    ownedService,
    ownedDriver,
    anaServiceReview,
    anaDriverReview,
    anaId: anaId!,
    username: ANA.username,
    sellItem: anaItems[0]!,
    sellItemToDelete: anaItems[1]!,
    post: anaPost!,
    pollOption: pollOptions[0]!,
    otherPollOption: pollOptions[1]!,
    foreignPollOption,
    donaItem: donaItems[2]!,
    anaPhoto: anaPhoto!,
    news: anaNews[0]!,
    newsToDelete: anaNews[1]!,
    notification: notifications[0]!,
    favorite: donaItems[0]!,
    favoriteToAdd: donaItems[1]!,
    business: business!,
    galleryImage: gallery[0]!,
    otherBusiness: otherBusiness!,
    unownedBusiness,
    driver: driver!,
    service: service!,
    filter: "all",
    mediaKey,
    proposalKind: "negocio",
    ogCard: `business/${business!}`,
    sitemapFile: "business.xml",
  };
  return c;
}

/** A listing Antônio proposes and Helena approves (he owns it), and Ana's review of it: [listing, review]. */
async function ownedListingReviewed(c: Ctx, tipo: "servico" | "motorista", category: string): Promise<[string, string]> {
  const name = `Cadastro do Antônio ${tipo}`;
  const proposed = await post(c, `/cadastrar/${tipo}`, [["name", name], ["category", category]], c.cookies.antonio);
  if (proposed.status !== 303) throw new Error(`Antônio's proposal answered ${proposed.status}: ${proposed.body.slice(0, 300)}`);
  const queue = await html(c, "/moderacao", c.cookies.helena);
  const card = queue.slice(queue.indexOf(`aria-label="Cadastro: ${name}"`));
  const proposal = /\bvalue="([^"]+)"/.exec(/<input[^>]*\bname="id"[^>]*>/.exec(card)?.[0] ?? "")?.[1];
  const approved = await post(c, "/moderacao", [["intent", "approve-listing"], ["id", proposal ?? ""]], c.cookies.helena);
  if (approved.status !== 303) throw new Error(`Helena's approval answered ${approved.status}: ${approved.body.slice(0, 300)}`);
  const kind = tipo === "servico" ? "service" : "driver";
  // Antônio's newest notification links what the approval created.
  const listing = new RegExp(`href="/${kind}/(${UUID})"`).exec(await html(c, "/notifications", c.cookies.antonio))?.[1];
  if (!listing) throw new Error(`Antônio's approved ${tipo} is not in his notifications`);
  const reviewed = await post(c, `/${kind}/${listing}`, [["intent", "review"], ["stars", "4"], ["body", "Avaliação da Ana"]], c.cookies.ana);
  const review = new RegExp(`#avaliacao-(${UUID})`).exec(reviewed.headers.location ?? "")?.[1];
  if (reviewed.status !== 303 || !review) throw new Error(`Ana's review of the ${kind} answered ${reviewed.status}: ${reviewed.body.slice(0, 300)}`);
  return [listing, review];
}

let tmp = "";

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-authz-"));
  await ensureBuild();
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 130, b: 90 } } }).png().toBuffer();
}, 420_000);

afterAll(() => {
  killChildren();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------
// One test per cell, on each engine

it("has a row for every route of app/routes.ts, and a POST row for every route with an action", () => {
  const declared: { path: string; file: string }[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const own = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
      declared.push({ path: `/${own}`, file: entry.file });
      walk(entry.children ?? [], own);
    }
  };
  walk(routes, "");
  // Rows name ids ({sellItem}); the table names params (:id): compare both as ":x".
  const shape = (p: string) => p.split("?")[0]!.replace(/\.data$/, "").replace(/\{\w+\}|:\w+|\*/g, ":x");
  const rowsFor = (method: Row["method"]) => new Set(ROWS.filter((r) => r.method === method).map((r) => shape(r.path)));
  const got = rowsFor("GET");
  const posted = rowsFor("POST");
  // The catch-all ("*") is the 404 page: any unknown path stands for it.
  const pathOf = (p: string) => (p === "/:x" ? "/pagina-que-nao-existe" : p);
  const hasAction = (file: string) => /export (?:(?:async )?function|const) action\b/.test(fs.readFileSync(path.join(ROOT, "app", file), "utf8"));
  const missing = declared.flatMap(({ path: p, file }) => {
    const key = pathOf(shape(p));
    return [...(got.has(key) ? [] : [`GET ${p}`]), ...(posted.has(key) ? [] : [`POST ${p}${hasAction(file) ? " (action)" : ""}`])];
  });
  expect(missing).toEqual([]);
  // A route with an action must have rows for its intents, not only the 405 of actionless routes.
  const actionRoutes = declared.filter(({ file }) => hasAction(file)).map(({ path: p }) => pathOf(shape(p)));
  const only405 = actionRoutes.filter((p) => ROWS.filter((r) => r.method === "POST" && shape(r.path) === p).every((r) => r.cells.visitor?.status === 405));
  expect(only405).toEqual([]);
});

for (const engine of ["pglite", "postgres"] as const) {
  const unavailable = engine === "postgres" && !TEST_DATABASE_URL;
  const title = unavailable
    ? "authorization matrix on postgres (skipped: TEST_DATABASE_URL is not set)"
    : engine === "postgres"
      ? "authorization matrix on postgres (every table digested around each request)"
      : "authorization matrix on pglite (rows read back through their owners' pages)";

  describe.skipIf(unavailable)(title, () => {
    let town: Town | undefined;
    beforeAll(async () => {
      const dir = path.join(tmp, engine);
      fs.mkdirSync(dir);
      town = await openTown(engine, dir);
    }, 420_000);
    afterAll(async () => {
      await town?.close();
    });

    for (const { row, actor, cell, effect, title: name } of CASES) {
      it(name, async () => {
        if (!town) throw new Error(`the ${engine} town did not open`);
        const c = town.ctx;
        const person: Person = actor === "owner" ? (row.owner ?? "ana") : actor === "moderator" ? "helena" : actor === "admin" ? "admin" : "dona";
        const cookie = cell.cookie ? await cell.cookie(c) : actor === "visitor" ? undefined : c.cookies[person];
        const unchanged = effect === "none" || effect === "refused";
        const watched = [...new Set<Resource>([...(unchanged && row.target ? [row.target] : []), ...(cell.untouched ?? [])])];
        const pathname = fill(row.path, c);
        const fields: [string, string][] = [...(row.intent ? [["intent", row.intent] as [string, string]] : []), ...((cell.fields ?? row.fields)?.(c) ?? [])];

        const tablesBefore = unchanged ? await c.digest() : null;
        const before = await fingerprints(c, watched);
        const linksBefore = resetLinksLogged(town.server);
        const confirmationsBefore = confirmationLinksLogged(town.server);
        const res = row.method === "GET" ? await get(c, pathname, cookie) : await post(c, pathname, fields, cookie, row.upload);

        const body = decodeHtml(res.body);
        expect(res.status, `${row.method} ${pathname}: ${body.slice(0, 300)}`).toBe(cell.status);
        if (cell.login) {
          const back = cell.login === true ? pathname : fill(cell.login, c);
          expect(res.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
        } else if (cell.location) {
          const expected = fill(cell.location, c);
          if (expected.includes("{new}")) expect(res.headers.location).toMatch(new RegExp(`^${expected.replace("{new}", UUID)}$`));
          else expect(res.headers.location).toBe(expected);
        }
        for (const text of cell.contains?.(c) ?? []) expect(body, "the answer should show it").toContain(text);
        for (const text of cell.lacks?.(c) ?? []) expect(body, "the answer must not show it").not.toContain(text);
        if (cell.mailsResetLink) await town.server.proc.waitForOutput(() => resetLinksLogged(town!.server) > linksBefore);
        if (cell.mailsConfirmationLink) await town.server.proc.waitForOutput(() => confirmationLinksLogged(town!.server) > confirmationsBefore);

        if (tablesBefore) expect(changedTables(tablesBefore, (await c.digest())!), "tables changed").toEqual([]);
        expect(await fingerprints(c, watched), "read back as the owner").toEqual(before);
        await cell.verify?.(c, res, cookie);
      });
    }
  });
}
