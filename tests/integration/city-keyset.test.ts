import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { businessList, driverList, serviceList } from "#server/cache/reads";
import { seedDemoTownIfEmpty } from "#server/seed/seed";
import { listNotifications } from "#server/models/notifications";
import { ptSortKey } from "#server/models/sort";
import { ANON, type Database, type Queryable } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { forEachEngine } from "./db";

// Issue #17: "Próxima" on a name-ordered list must start reading at the cursor, however deep.
// A visitor reads these tables through a row-level policy, and PostgreSQL only lets a
// condition of the query's own into an index scan when every function in it is leakproof:
// with the accent-folded expression in the cursor condition, page 300 of /businesses walked
// the index from the first business and filtered 6,000 rows (234 ms on PGlite at 100×).
// EXPLAIN ANALYZE of the statement a deep page sends, as the visitor, must show the index
// scan reading no row before the cursor. Sequential and bitmap scans are turned off so the small demo
// town plans as a city would (the city-plans check covers the planner's own choice on
// PostgreSQL at 100×).

const NOW = new Date("2026-11-24T13:30:00Z");

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Cond"?: string; "Rows Removed by Filter"?: number; Plans?: PlanNode[] };

function scansOf(node: PlanNode, table: string, found: PlanNode[] = []): PlanNode[] {
  if (node["Relation Name"] === table) found.push(node);
  for (const child of node.Plans ?? []) scansOf(child, table, found);
  return found;
}

type Recorded = { text: string; params: unknown[] };

async function deepPageScans(db: Database, table: string, read: (tx: Queryable) => Promise<unknown>) {
  const statements: Recorded[] = [];
  await withUser(db, ANON, (tx) =>
    read({ query: (text, params) => (statements.push({ text, params: params ?? [] }), tx.query(text, params)), exec: (sql) => tx.exec(sql) }),
  );
  const page = statements.find((s) => s.text.includes(`FROM public.${table}`) && s.text.includes("ORDER BY"));
  if (!page) throw new Error(`no page statement on ${table}`);
  return withUser(db, ANON, async (tx) => {
    await tx.query(`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
    const [row] = await tx.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${page.text}`, page.params);
    // The list's own scan: the one that is not the cursor's lookup by id.
    return scansOf(row!["QUERY PLAN"][0].Plan, table).filter((scan) => !/\bid = /.test(scan["Index Cond"] ?? ""));
  });
}

forEachEngine((getDb, engine) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `guida-city-keyset-${engine}-`));
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await seedDemoTownIfEmpty(getDb(), tmp, { images: false, now: NOW });
    await getDb().exec("ANALYZE");
    // A cursor near the end of each list: the rows before it are what a filter would read.
    for (const table of ["businesses", "services", "drivers"]) {
      const rows = await getDb().query<{ id: string }>(`SELECT id FROM public.${table} ORDER BY ${ptSortKey("name")} DESC, name DESC, id DESC LIMIT 2`);
      ids[table] = rows[1]!.id;
    }
  }, 120_000);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const lists: [string, (tx: Queryable) => Promise<unknown>][] = [
    ["businesses", (tx) => businessList.run(tx, { page: 4, after: ids.businesses! })],
    ["services", (tx) => serviceList.run(tx, { page: 3, after: ids.services! })],
    ["drivers", (tx) => driverList.run(tx, { filter: "all", page: 2, after: ids.drivers! })],
  ];

  it.each(lists)("a deep page of /%s starts its index scan at the cursor (no row before it filtered)", async (table, read) => {
    const scans = await deepPageScans(getDb(), table, read);
    expect(scans.map((scan) => scan["Node Type"])).toEqual([expect.stringMatching(/Index/)]);
    expect(scans[0]!["Rows Removed by Filter"] ?? 0).toBe(0);
  });

  // /notifications pages by cursor too (issue #17): newest first, "Próxima" after the last one
  // shown, "Anterior" before the first, an old ?pagina=2 answered by offset, and another
  // resident's notification is no cursor into this resident's list.
  it("pages a resident's notifications by cursor, newest first, and back", async () => {
    const [alice, bruno] = await getDb().query<{ id: string }>(`SELECT id FROM public.profiles ORDER BY username LIMIT 2`);
    // Two arrive in the same instant: the id breaks the tie, on every page the same way.
    await getDb().query(
      `INSERT INTO public.notifications (user_id, kind, title, created_at)
       SELECT $1, 'welcome', 'Aviso ' || n, $2::timestamptz + make_interval(mins => least(n, 24)) FROM generate_series(1, 25) n`,
      [alice!.id, NOW.toISOString()],
    );
    const asAlice = <T>(read: (tx: Queryable) => Promise<T>) => withUser(getDb(), { role: "authenticated", sub: alice!.id }, read);
    const everything = await getDb().query<{ id: string }>(
      `SELECT id FROM public.notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [alice!.id],
    );
    const ids = (page: { notifications: { id: string }[] }) => page.notifications.map((n) => n.id);
    const first = await asAlice((tx) => listNotifications(tx, alice!.id, { page: 1 }));
    expect(ids(first)).toEqual(everything.slice(0, 20).map((n) => n.id));
    expect(first.hasMore).toBe(true);
    const second = await asAlice((tx) => listNotifications(tx, alice!.id, { page: 2, after: ids(first)[19] }));
    expect(ids(second)).toEqual(everything.slice(20, 40).map((n) => n.id));
    expect(second.page).toBe(2);
    const back = await asAlice((tx) => listNotifications(tx, alice!.id, { page: 1, before: ids(second)[0] }));
    expect(ids(back)).toEqual(ids(first));
    expect(back.page).toBe(1);
    const old = await asAlice((tx) => listNotifications(tx, alice!.id, { page: 2 }));
    expect(ids(old)).toEqual(ids(second));
    const [brunos] = await getDb().query<{ id: string }>(
      `INSERT INTO public.notifications (user_id, kind, title) VALUES ($1, 'welcome', 'Do Bruno') RETURNING id`,
      [bruno!.id],
    );
    const foreign = await asAlice((tx) => listNotifications(tx, alice!.id, { page: 2, after: brunos!.id }));
    expect(foreign.notifications).toEqual([]);
  });
});
