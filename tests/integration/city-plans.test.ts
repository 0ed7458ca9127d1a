import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANON, type Claims, type Database, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { seedDemoTownIfEmpty } from "#server/seed/seed";
import { growTown, HEAVY_RESIDENT_EMAIL } from "#server/seed/town-builder";
import {
  businessList,
  businessPage,
  driverList,
  driverPage,
  homeOverview,
  commentThread,
  newsArticle,
  newsList,
  reviewList,
  servicePage,
  sellItemList,
  sellItemPage,
  serviceList,
  badges,
  favoriteState,
} from "#server/cache/reads";
import { feedEvents, getEvent, listOwnEvents, listPendingEvents, readAgenda } from "#server/models/events";
import { listFavorites } from "#server/models/favorites";
import { listNotifications } from "#server/models/notifications";
import { getPost, listPosts } from "#server/models/posts";
import { getProfileActivity, getProfileById, getProfileByUsername, listUsers } from "#server/models/profiles";
import { searchTown } from "#server/models/search";
import { threadState } from "#server/models/live";
import { listBusinessesNear, listDriversNear, listServicesNear } from "#server/models/nearby";
import { neighbourhoodCentre, offsetBy, TOWN_CENTRE } from "#core/town-map";
import { openTestDatabase, type TestDatabase } from "./db";
import { TEST_DATABASE_URL } from "./postgres-admin";

// Issue #17: a page must cost the same in a city as in a town. On the 100× town (BENCH_TOWN=100:
// 6,400 businesses, 8,000 sell items, 4,000 posts, 3,000 residents, …) in PostgreSQL, EXPLAIN
// of every statement each page's reads send shows no sequential scan of a table that grows
// with the town: each page reads its rows through an index (or a trigger-kept summary).
// The statements are recorded as the reads run (the same functions the loaders call, as the
// roles they run as), then explained with the same parameters in the same role.

const SCALE = 100;

/** Tables whose size follows the town's. Small fixed tables (opening_spans, category_counts) are not listed. */
const GROWING = [
  "businesses", "business_images", "services", "drivers", "sell_items", "posts", "polls", "poll_options", "poll_votes",
  "news", "notifications", "user_favorites", "profiles", "profile_private", "users", "search_documents",
  // Issue #30: the copies' comments and reviews grow with the posts, news and listings.
  "comments", "reviews", "review_replies",
  // Issue #32: the agenda (each copy of the town brings its events, a day later than the last).
  "events",
];

type Recorded = { text: string; params: unknown[] };

function recording(tx: Queryable, into: Recorded[]): Queryable {
  return {
    query(text, params) {
      into.push({ text, params: params ?? [] });
      return tx.query(text, params);
    },
    exec: (sql) => tx.exec(sql),
  };
}

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] && GROWING.includes(node["Relation Name"])) found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

let handle: TestDatabase | undefined;
let tmp = "";
const ids: Record<string, string> = {};

function db(): Database {
  if (!handle) throw new Error("the 100× town is not built");
  return handle.db;
}

/** Runs `read` as `claims`, then EXPLAINs each statement it sent; returns the growing tables read whole. */
async function sequentialScansOf(claims: Claims, read: (tx: Queryable) => Promise<unknown>): Promise<string[]> {
  const statements: Recorded[] = [];
  await withUser(db(), claims, (tx) => read(recording(tx, statements)));
  expect(statements.length).toBeGreaterThan(0);
  const found: string[] = [];
  await withUser(db(), claims, async (tx) => {
    for (const statement of statements) {
      const [row] = await tx.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.params);
      const plan = row!["QUERY PLAN"][0].Plan;
      // Named with the statement's start, so a failure says which query to look at.
      found.push(...seqScans(plan).map((table) => `${table} in ${statement.text.replace(/\s+/g, " ").slice(0, 100)}`));
      if (process.env.PLAN_DEBUG && seqScans(plan).length) console.log(JSON.stringify(plan, null, 1));
    }
  });
  return found;
}

const resident = (): Claims => ({ role: "authenticated", sub: ids.heavy! });
const NOW = new Date("2026-11-24T13:30:00Z"); // a Tuesday, 10:30 in Vila Serena

type Page = [name: string, who: "visitor" | "resident", read: (tx: Queryable) => Promise<unknown>];

const PAGES: Page[] = [
  ["/", "visitor", (tx) => homeOverview.run(tx, { minute: NOW })],
  ["/businesses", "visitor", (tx) => businessList.run(tx, { page: 1 })],
  ["/businesses?aberto=1", "visitor", (tx) => businessList.run(tx, { page: 1, openAt: NOW })],
  ["/businesses?categoria=Padarias", "visitor", (tx) => businessList.run(tx, { page: 1, category: "Padarias" })],
  ["/businesses?pagina=300&depois=…", "visitor", (tx) => businessList.run(tx, { page: 300, after: ids.business! })],
  ["/businesses?pagina=299&antes=…", "visitor", (tx) => businessList.run(tx, { page: 299, before: ids.business! })],
  ["/business/{id}", "visitor", (tx) => businessPage.run(tx, { id: ids.business! })],
  // Issue #30: "4+ estrelas" reads the partial index of top-rated rows, from the cursor on.
  ["/businesses?estrelas=4", "visitor", (tx) => businessList.run(tx, { page: 1, topRated: true })],
  ["/businesses?categoria=Padarias&estrelas=4", "visitor", (tx) => businessList.run(tx, { page: 1, category: "Padarias", topRated: true })],
  ["/businesses?estrelas=4&pagina=2&depois=…", "visitor", (tx) => businessList.run(tx, { page: 2, after: ids.topBusiness!, topRated: true })],
  ["/businesses?estrelas=4&pagina=2&antes=…", "visitor", (tx) => businessList.run(tx, { page: 2, before: ids.topBusiness!, topRated: true })],
  ["/business/{id} reviews", "visitor", (tx) => reviewList.run(tx, { kind: "business", listingId: ids.reviewedBusiness! })],
  ["/services", "visitor", (tx) => serviceList.run(tx, { page: 1 })],
  ["/services?estrelas=4", "visitor", (tx) => serviceList.run(tx, { page: 1, topRated: true })],
  ["/service/{id}", "visitor", (tx) => servicePage.run(tx, { id: ids.reviewedService! })],
  ["/service/{id} reviews", "visitor", (tx) => reviewList.run(tx, { kind: "service", listingId: ids.reviewedService! })],
  ["/drivers/all?estrelas=4", "visitor", (tx) => driverList.run(tx, { filter: "all", page: 1, topRated: true })],
  ["/driver/{id} reviews", "visitor", (tx) => reviewList.run(tx, { kind: "driver", listingId: ids.reviewedDriver! })],
  ["/drivers/all", "visitor", (tx) => driverList.run(tx, { filter: "all", page: 1 })],
  ["/drivers/all?pagina=2&depois=…", "visitor", (tx) => driverList.run(tx, { filter: "all", page: 2, after: ids.driver! })],
  ["/drivers/all?pagina=2&antes=…", "visitor", (tx) => driverList.run(tx, { filter: "all", page: 2, before: ids.driver! })],
  ["/drivers/disponiveis", "visitor", (tx) => driverList.run(tx, { filter: "disponiveis", page: 1, availableAt: NOW })],
  ["/driver/{id}", "visitor", (tx) => driverPage.run(tx, { id: ids.driver! })],
  // Issue #33: "perto de mim" reads a box around the point through the (latitude, longitude)
  // B-tree, at the centre (the densest spot), between neighbourhoods and at a neighbourhood's
  // centre. Where too few rows lie near the point (a sparse filter far from its listings, or a
  // point outside the town) the box widens over most of the town and PostgreSQL reads the
  // table whole instead, rightly: at that width it is the cheaper plan.
  ["/businesses?perto=centre", "visitor", (tx) => listBusinessesNear(tx, { origin: TOWN_CENTRE, page: 1, now: NOW })],
  ["/businesses?perto=centre&aberto=1&pagina=3", "visitor", (tx) => listBusinessesNear(tx, { origin: TOWN_CENTRE, page: 3, openNow: true, now: NOW })],
  ["/businesses?perto=between&categoria=Farmácia", "visitor", (tx) => listBusinessesNear(tx, { origin: offsetBy(TOWN_CENTRE, 1_500, -1_000), page: 1, category: "Farmácia", openNow: true, now: NOW })],
  ["/services?perto=centre", "visitor", (tx) => listServicesNear(tx, { origin: TOWN_CENTRE, page: 1 })],
  ["/drivers/all?perto=centre", "visitor", (tx) => listDriversNear(tx, { origin: TOWN_CENTRE, page: 1, filter: "all", now: NOW })],
  ["/drivers/disponiveis?perto=Vila Nova", "visitor", (tx) => listDriversNear(tx, { origin: neighbourhoodCentre("Vila Nova")!, page: 1, filter: "disponiveis", now: NOW })],
  ["/news", "visitor", (tx) => newsList.run(tx, { page: 1 })],
  ["/news?pagina=2&depois=…", "visitor", (tx) => newsList.run(tx, { page: 2, after: ids.newsMiddle! })],
  ["/news?pagina=2&antes=…", "visitor", (tx) => newsList.run(tx, { page: 2, before: ids.newsMiddle! })],
  ["/news/{id}", "visitor", (tx) => newsArticle.run(tx, { id: ids.news! })],
  ["/sell-items", "visitor", (tx) => sellItemList.run(tx, { page: 1 })],
  ["/sell-items?pagina=2&depois=…", "visitor", (tx) => sellItemList.run(tx, { page: 2, after: ids.itemMiddle! })],
  ["/sell-items?pagina=2&antes=…", "visitor", (tx) => sellItemList.run(tx, { page: 2, before: ids.itemMiddle! })],
  ["/sell-items/{id}", "visitor", (tx) => sellItemPage.run(tx, { id: ids.item! })],
  ["/posts", "resident", (tx) => listPosts(tx, { page: 1, viewerId: ids.heavy! })],
  ["/posts?pagina=2&depois=…", "resident", (tx) => listPosts(tx, { page: 2, after: ids.postMiddle!, viewerId: ids.heavy! })],
  ["/posts?pagina=2&antes=…", "resident", (tx) => listPosts(tx, { page: 2, before: ids.postMiddle!, viewerId: ids.heavy! })],
  ["/posts/{id}", "resident", (tx) => getPost(tx, ids.post!, ids.heavy!)],
  ["/posts/{id} comments", "visitor", (tx) => commentThread.run(tx, { itemId: ids.commentedPost!, page: 1 })],
  // Issue #30: a notification's link (?comentario=<a reply>) finds the page of the comment it hangs on.
  ["/posts/{id}?comentario=…", "visitor", (tx) => commentThread.run(tx, { itemId: ids.commentedPost!, page: 1, at: ids.commentReply! })],
  // Issue #30, live: each stream showing the thread reads its counter and newest comment after a change.
  ["/events?comentarios=… (visitor)", "visitor", (tx) => threadState(tx, { kind: ids.commentedKind as "post" | "news", id: ids.commentedPost! })],
  ["/events?comentarios=… (resident)", "resident", (tx) => threadState(tx, { kind: ids.commentedKind as "post" | "news", id: ids.commentedPost! })],
  ["/search?q=padaria", "visitor", (tx) => searchTown(tx, "padaria")],
  // A resident may also find their own hidden items: that part reads the few hidden rows.
  ["/search?q=padaria (resident)", "resident", (tx) => searchTown(tx, "padaria")],
  ["/users", "visitor", (tx) => listUsers(tx, { page: 1 })],
  ["/users?pagina=2&depois=…", "visitor", (tx) => listUsers(tx, { page: 2, after: ids.heavy! })],
  ["/users?pagina=2&antes=…", "visitor", (tx) => listUsers(tx, { page: 2, before: ids.heavy! })],
  ["/u/{username}", "visitor", async (tx) => {
    const profile = await getProfileByUsername(tx, ids.username!);
    return getProfileActivity(tx, profile!.id);
  }],
  ["/profile", "resident", async (tx) => [await getProfileById(tx, ids.heavy!), await getProfileActivity(tx, ids.heavy!)]],
  ["/notifications", "resident", (tx) => listNotifications(tx, ids.heavy!, { page: 1 })],
  ["/favorites", "resident", (tx) => listFavorites(tx, ids.heavy!, { page: 1 })],
  ["/favorites?tipo=business", "resident", (tx) => listFavorites(tx, ids.heavy!, { page: 1, type: "business" })],
  ["every page's hearts", "resident", (tx) => favoriteState.run(tx, ids.heavy!, { itemIds: [ids.news!, ids.item!, ids.post!] })],
  ["every page's badges", "resident", (tx) => badges.run(tx, ids.heavy!, null)],
  // Issue #32: the agenda's lists, a deep page, a month, an event, the feed; a resident's own
  // proposals and the queue's read (as a resident, RLS leaves their own).
  ["/agenda", "visitor", (tx) => readAgenda(tx, NOW, { page: 1 })],
  ["/agenda?mes=2027-01", "visitor", (tx) => readAgenda(tx, NOW, { page: 1 }, "2027-01")],
  ["/agenda?pagina=2&depois=…", "visitor", (tx) => readAgenda(tx, NOW, { page: 2, after: ids.event! })],
  ["/agenda?pagina=2&antes=…", "visitor", (tx) => readAgenda(tx, NOW, { page: 2, before: ids.event! })],
  ["/agenda/{id}", "visitor", (tx) => getEvent(tx, ids.event!)],
  ["/agenda.ics", "visitor", (tx) => feedEvents(tx, NOW)],
  ["/agenda/propor", "resident", (tx) => listOwnEvents(tx, ids.heavy!)],
  ["/moderacao events (a resident's read)", "resident", (tx) => listPendingEvents(tx)],
];

describe.skipIf(!TEST_DATABASE_URL)(`plans on the ${SCALE}× town (PostgreSQL)`, () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-city-"));
    handle = await openTestDatabase("postgres");
    // With its pictures' rows (the files themselves are never rendered here): galleries grow too.
    await seedDemoTownIfEmpty(handle.db, tmp, { now: NOW });
    await growTown(handle.db, { scale: SCALE, now: NOW });
    // Fresh statistics, as autovacuum leaves them in a running town: without this the plans
    // depended on whether autovacuum had analyzed the new rows yet (CI once saw poll_votes read whole).
    await db().exec("ANALYZE");
    const one = async (sql: string) => (await db().query<{ v: string }>(sql))[0]!.v;
    ids.heavy = await one(`SELECT id::text AS v FROM auth.users WHERE email = '${HEAVY_RESIDENT_EMAIL}'`);
    ids.username = await one(`SELECT username AS v FROM public.profiles WHERE id = '${ids.heavy}'`);
    // The business that ends page 299 of the name order: the cursor a deep "Próxima" carries.
    ids.business = await one(
      `SELECT id::text AS v FROM public.businesses
       ORDER BY lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), name, id
       OFFSET 5979 LIMIT 1`,
    );
    ids.driver = await one(`SELECT id::text AS v FROM public.drivers ORDER BY created_at LIMIT 1`);
    // Issue #30: the 20th top-rated business in name order (what "Próxima" of "4+ estrelas" carries),
    // and the listings and post with the most reviews and comments.
    ids.topBusiness = await one(`SELECT id::text AS v FROM public.businesses WHERE top_rated ORDER BY name_sort_key, name, id OFFSET 19 LIMIT 1`);
    for (const [name, kind] of [["reviewedBusiness", "business"], ["reviewedService", "service"], ["reviewedDriver", "driver"]] as const) {
      ids[name] = await one(`SELECT listing_id::text AS v FROM public.reviews WHERE listing_kind = '${kind}' GROUP BY listing_id ORDER BY count(*) DESC LIMIT 1`);
    }
    ids.commentedPost = await one(`SELECT item_id::text AS v FROM public.comments GROUP BY item_id ORDER BY count(*) DESC LIMIT 1`);
    ids.commentedKind = await one(`SELECT CASE WHEN EXISTS (SELECT 1 FROM public.posts WHERE id = '${ids.commentedPost}') THEN 'post' ELSE 'news' END AS v`);
    ids.commentReply = await one(
      `SELECT id::text AS v FROM public.comments WHERE item_id = '${ids.commentedPost}' ORDER BY parent_id IS NULL, created_at DESC LIMIT 1`,
    );
    ids.news = await one(`SELECT id::text AS v FROM public.news ORDER BY created_at LIMIT 1`);
    ids.item = await one(`SELECT id::text AS v FROM public.sell_items ORDER BY created_at LIMIT 1`);
    ids.post = await one(`SELECT id::text AS v FROM public.posts ORDER BY created_at LIMIT 1`);
    // Issue #32: the approved event halfway down the agenda's order (a deep "Próxima" carries it).
    ids.event = await one(
      `SELECT id::text AS v FROM public.events WHERE status = 'approved' ORDER BY starts_at, id
       OFFSET (SELECT count(*) / 2 FROM public.events WHERE status = 'approved') LIMIT 1`,
    );
    // Cursors halfway down the newest-first lists: what a deep "Próxima"/"Anterior" carries.
    for (const [name, table] of [["newsMiddle", "news"], ["itemMiddle", "sell_items"], ["postMiddle", "posts"]] as const) {
      ids[name] = await one(`SELECT id::text AS v FROM public.${table} ORDER BY created_at DESC, id DESC OFFSET (SELECT count(*) / 2 FROM public.${table}) LIMIT 1`);
    }
  }, 480_000); // the 100× town takes ~3 min on a quiet machine of two cores

  afterAll(async () => {
    await handle?.dispose();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(`is the ${SCALE}× town: the issue's sizes`, async () => {
    const [sizes] = await db().query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM public.businesses) AS businesses, (SELECT count(*)::int FROM public.sell_items) AS "sellItems",
              (SELECT count(*)::int FROM public.posts) AS posts, (SELECT count(*)::int FROM public.news) AS news,
              (SELECT count(*)::int FROM auth.users) AS residents,
              (SELECT count(*)::int FROM public.user_favorites WHERE user_id = '${ids.heavy}') AS "heavyFavorites"`,
    );
    expect(sizes).toMatchObject({ businesses: 64 * SCALE, sellItems: 80 * SCALE, posts: 40 * SCALE, residents: 30 * SCALE });
    expect(sizes!.news).toBeGreaterThanOrEqual(20 * SCALE);
    expect(sizes!.heavyFavorites).toBeGreaterThan(19 * (SCALE - 1));
  });

  it.each(PAGES)("%s reads no growing table whole", async (_page, who, read) => {
    expect(await sequentialScansOf(who === "visitor" ? ANON : resident(), read)).toEqual([]);
  });
});
