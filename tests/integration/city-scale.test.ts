import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isOpenNow } from "#core/business-hours";
import { ANON, type Claims, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { seedDemoTownIfEmpty } from "#server/seed/seed";
import { growTown, HEAVY_RESIDENT_EMAIL } from "#server/seed/town-builder";
import { FAVORITES_PAGE_SIZE, listFavorites } from "#server/models/favorites";
import { listBusinessCategories, listBusinesses } from "#server/models/businesses";
import { BUSINESS_OPEN_AT_SQL } from "#server/models/hours-sql";
import type { PageRequest } from "#server/models/keyset";
import { listDrivers } from "#server/models/drivers";
import { listNews } from "#server/models/news";
import { listUsers } from "#server/models/profiles";
import { listPosts } from "#server/models/posts";
import { listSellItemCategories, listSellItems } from "#server/models/sell-items";
import { listServiceCategories, listServices } from "#server/models/services";
import { getHomeOverview } from "#server/models/town";
import { searchTown, SEARCH_PER_KIND } from "#server/models/search";
import { forEachEngine } from "./db";

// Issue #17: what the city-scale reads answer must be what the town's whole-table reads
// answered — the open count from the kept spans, the category counts from the kept summary,
// the keyset pages as the offset pages — on a town three times the demo, on both engines.

const SCALE = 3;
const NOW = new Date("2026-11-24T13:30:00Z");

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-city-scale-"));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

type PlanNode = {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/** How many rows of `table` a statement's plan touched (returned or thrown away), from EXPLAIN ANALYZE. */
function rowsReadFrom(node: PlanNode, table: string): number {
  const own =
    node["Relation Name"] === table
      ? (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * node["Actual Loops"]
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadFrom(child, table), 0);
}

/** Every page of a list, following "Próxima" (after) from page 1 and then "Anterior" (before) back. */
async function walk<T extends { id: string }>(read: (request: PageRequest) => Promise<{ rows: T[]; hasMore: boolean; page: number }>) {
  const forward: T[][] = [];
  let request: PageRequest = { page: 1 };
  for (;;) {
    const page = await read(request);
    expect(page.page).toBe(request.page);
    forward.push(page.rows);
    if (!page.hasMore) break;
    // A list whose "more" never ends must fail, not walk forever.
    if (forward.length > 10_000) throw new Error("more than 10,000 pages: the cursor does not advance");
    request = { page: request.page + 1, after: page.rows[page.rows.length - 1]!.id };
  }
  const backward: T[][] = [forward[forward.length - 1]!];
  let page = forward.length;
  while (page > 1) {
    const previous = await read({ page: page - 1, before: backward[0]![0]!.id });
    expect(previous.hasMore).toBe(true);
    expect(previous.page).toBe(page - 1);
    backward.unshift(previous.rows);
    page -= 1;
  }
  return { forward, backward };
}

forEachEngine((getDb, engine) => {
  const visitor = <T>(fn: (tx: Queryable) => Promise<T>) => withUser(getDb(), ANON, fn);

  it(`grows the demo town ${SCALE} times through the app's tables and triggers`, async () => {
    expect(await seedDemoTownIfEmpty(getDb(), path.join(tmp, engine), { images: false, now: NOW })).toBe(true);
    await growTown(getDb(), { scale: SCALE, now: NOW });
    const [row] = await getDb().query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM public.businesses) AS businesses, (SELECT count(*)::int FROM public.profiles) AS profiles,
              (SELECT count(*)::int FROM public.notifications WHERE kind = 'welcome') AS welcomes,
              (SELECT count(*)::int FROM public.notifications WHERE kind = 'favorite') AS "favoriteNotices"`,
    );
    // Sign-up's trigger made each resident's profile and welcome; favorites notified owners.
    expect(row).toMatchObject({ businesses: 64 * SCALE, profiles: 30 * SCALE, welcomes: 30 * SCALE });
    expect(row!.favoriteNotices).toBeGreaterThan(0);
  });

  it("counts the businesses open now from the kept spans as the open-now rule does, at every hour of a week", async () => {
    // The businesses' whole rule: their hours, their special dates, and a pharmacy on duty is
    // open whatever its hours (issue #32) — the demo town's rota has one at 20:40 on a Tuesday.
    const exact = async (tx: Queryable, at: Date) =>
      (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.businesses b WHERE ${BUSINESS_OPEN_AT_SQL("b", "$1")}`, [at.toISOString()]))[0]!.n;
    for (let hour = 0; hour < 7 * 24; hour += 5) {
      const at = new Date(NOW.getTime() + hour * 3_600_000 + (hour % 60) * 60_000);
      const overview = await visitor((tx) => getHomeOverview(tx, at));
      expect(overview.openBusinessCount, at.toISOString()).toBe(await visitor((tx) => exact(tx, at)));
      expect(overview.openBusinesses.length).toBe(Math.min(6, overview.openBusinessCount));
      // Open by its hours, or a pharmacy on duty this minute (the home's duty card lists it).
      const onDuty = new Set(overview.dutyNow.map((turn) => turn.businessId));
      for (const business of overview.openBusinesses) expect(isOpenNow(business.openingHours, at) || onDuty.has(business.id), business.name).toBe(true);
    }
    // Hours changed or a business gone: the spans follow.
    await getDb().query(
      `UPDATE public.businesses SET opening_hours = NULL WHERE id IN (SELECT id FROM public.businesses ORDER BY id LIMIT 5)`,
    );
    await getDb().query(`DELETE FROM public.businesses WHERE id IN (SELECT id FROM public.businesses ORDER BY id DESC LIMIT 3)`);
    const overview = await visitor((tx) => getHomeOverview(tx, NOW));
    expect(overview.openBusinessCount).toBe(await visitor((tx) => exact(tx, NOW)));
  });

  it("shows the category counts the listings have, kept by triggers through inserts, moves and deletes", async () => {
    await getDb().query(`UPDATE public.services SET category = 'Nova categoria' WHERE id IN (SELECT id FROM public.services ORDER BY id LIMIT 2)`);
    await getDb().query(`DELETE FROM public.sell_items WHERE id IN (SELECT id FROM public.sell_items ORDER BY id LIMIT 4)`);
    const counted = async (table: string, order: string) =>
      getDb().query(`SELECT category, count(*)::int AS count FROM public.${table} GROUP BY category ORDER BY ${order}`);
    const sortKey = "lower(translate(category, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), category";
    expect(await visitor(listBusinessCategories)).toEqual(await counted("businesses", sortKey));
    expect(await visitor(listServiceCategories)).toEqual(await counted("services", sortKey));
    expect(await visitor(listSellItemCategories)).toEqual(await counted("sell_items", "category"));
  });

  it("pages the businesses by cursor forwards and back into exactly the offset pages, filters kept", async () => {
    for (const filter of [{}, { category: "Padarias" }, { openNow: true }]) {
      const read = (request: PageRequest) =>
        visitor(async (tx) => {
          const { businesses, ...rest } = await listBusinesses(tx, { ...filter, ...request, now: NOW });
          return { rows: businesses, ...rest };
        });
      const { forward, backward } = await walk(read);
      expect(backward).toEqual(forward);
      // Old links (?pagina=N without a cursor) still answer the same page.
      for (const [i, rows] of forward.entries()) expect((await read({ page: i + 1 })).rows).toEqual(rows);
      expect(forward.flat().length).toBe(new Set(forward.flat().map((b) => b.id)).size);
    }
  });

  it("pages the news, the marketplace (filters kept), the feed, the residents and the drivers by cursor, forwards and back, as by offset", async () => {
    const lists: [string, (request: PageRequest) => Promise<{ rows: { id: string }[]; hasMore: boolean; page: number }>][] = [
      ["news", (request) => visitor(async (tx) => {
        const { news, ...rest } = await listNews(tx, request);
        return { rows: news, ...rest };
      })],
      ["sell_items", (request) => visitor(async (tx) => {
        const { items, ...rest } = await listSellItems(tx, request);
        return { rows: items, ...rest };
      })],
      ["sell_items WHERE price <= 80", (request) => visitor(async (tx) => {
        const { items, ...rest } = await listSellItems(tx, { ...request, maxPrice: 80 });
        return { rows: items, ...rest };
      })],
      ["posts", (request) => visitor(async (tx) => {
        const { posts, ...rest } = await listPosts(tx, { ...request, viewerId: null });
        return { rows: posts, ...rest };
      })],
      ["profiles", (request) => visitor(async (tx) => {
        const { users, ...rest } = await listUsers(tx, request);
        return { rows: users, ...rest };
      })],
      ["drivers", (request) => visitor(async (tx) => {
        const { drivers, ...rest } = await listDrivers(tx, { ...request, filter: "all", now: NOW });
        return { rows: drivers, ...rest };
      })],
    ];
    for (const [table, read] of lists) {
      const { forward, backward } = await walk(read);
      expect(backward, table).toEqual(forward);
      for (const [i, rows] of forward.entries()) expect((await read({ page: i + 1 })).rows, table).toEqual(rows);
      const ids = forward.flat().map((row) => row.id);
      expect(new Set(ids).size, table).toBe(ids.length);
      const [{ n }] = (await getDb().query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${table}`)) as [{ n: number }];
      expect(ids.length, table).toBe(n);
    }
  });

  it("pages the services by cursor as by offset", async () => {
    const read = (request: PageRequest) =>
      visitor(async (tx) => {
        const { services, ...rest } = await listServices(tx, request);
        return { rows: services, ...rest };
      });
    const { forward, backward } = await walk(read);
    expect(backward).toEqual(forward);
    expect(forward.flat().length).toBe(25 * SCALE - 0);
  });

  it("pages a resident's favorites, all and of one kind, by cursor as by offset, each page read from its own rows", async () => {
    const [{ id }] = (await getDb().query<{ id: string }>(`SELECT id::text FROM auth.users WHERE email = $1`, [HEAVY_RESIDENT_EMAIL])) as [{ id: string }];
    const resident: Claims = { role: "authenticated", sub: id };
    for (const type of [undefined, "business", "post"] as const) {
      const statements: { text: string; params: unknown[] }[] = [];
      const read = (request: PageRequest) =>
        withUser(getDb(), resident, async (tx) => {
          const recorded: Queryable = {
            query: (text, params) => (statements.push({ text, params: params ?? [] }), tx.query(text, params)),
            exec: (sql) => tx.exec(sql),
          };
          const { favorites, ...rest } = await listFavorites(recorded, id, { type, ...request });
          return { rows: favorites, ...rest };
        });
      const { forward, backward } = await walk(read);
      expect(backward, type).toEqual(forward);
      const everyOne = await withUser(getDb(), resident, (tx) =>
        tx.query<{ id: string }>(
          `SELECT item_id AS id FROM public.user_favorites WHERE user_id = $1 AND ($2::text IS NULL OR item_type = $2) ORDER BY created_at DESC, item_id DESC`,
          [id, type ?? null],
        ),
      );
      expect(forward.flat().map((f) => f.id), type).toEqual(everyOne.map((f) => f.id));
      expect(everyOne.length, type).toBeGreaterThan(type ? 0 : FAVORITES_PAGE_SIZE);

      // Each page, forwards and back, reads its own rows (and its cursor's), never the
      // resident's other favorites; and asks nothing of the items' tables for a visible one.
      for (const statement of statements) {
        const [plan] = await getDb().transaction(async (tx) => {
          await tx.query(`SET LOCAL track_functions = 'all'`);
          await tx.query(`SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify(resident)]);
          const [explained] = await tx.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.params);
          const [calls] = await tx.query<{ n: number }>(
            `SELECT coalesce(pg_stat_get_xact_function_calls('public.item_is_visible(text, uuid)'::regprocedure), 0)::int AS n`,
          );
          return [{ rowsRead: rowsReadFrom(explained!["QUERY PLAN"][0].Plan, "user_favorites"), visibilityAsked: calls!.n }];
        });
        const where = `${type ?? "all"}: ${statement.text.replace(/\s+/g, " ")}`;
        expect(plan!.rowsRead, where).toBeLessThanOrEqual(FAVORITES_PAGE_SIZE + 2);
        expect(plan!.visibilityAsked, where).toBe(0);
      }
    }
  });

  it("searches a common word within the bounded candidates: at most eight per kind, each a match", async () => {
    const hits = await visitor((tx) => searchTown(tx, "padaria"));
    const perKind = new Map<string, number>();
    for (const hit of hits) perKind.set(hit.kind, (perKind.get(hit.kind) ?? 0) + 1);
    expect(perKind.get("business")).toBe(SEARCH_PER_KIND);
    for (const count of perKind.values()) expect(count).toBeLessThanOrEqual(SEARCH_PER_KIND);
  });
});
