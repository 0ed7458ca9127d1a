import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ITEM_KINDS } from "#core/item-kinds";
import { ANON } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { listSitemapEntries, listSitemapPages } from "#server/models/sitemap";
import { seedDemoTownIfEmpty } from "#server/seed/seed";
import { forEachEngine } from "./db";

// The sitemap's pages (issue #31) at a small page size, so the demo town spans many of them:
// read as a visitor, the pages together list every visible item exactly once, in id order, and
// no hidden one; each page's lastmod is its newest row's.

const NOW = new Date("2026-11-24T13:30:00Z");
const SIZE = 7;
const TABLES = { business: "businesses", service: "services", driver: "drivers", sell_item: "sell_items", post: "posts", news: "news" } as const;

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-sitemap-"));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

forEachEngine((getDb, engine) => {
  const hidden: string[] = [];

  beforeAll(async () => {
    const db = getDb();
    expect(await seedDemoTownIfEmpty(db, path.join(tmp, engine), { images: false, now: NOW })).toBe(true);
    // One post and one sell item hidden by the moderation.
    for (const table of ["posts", "sell_items"]) {
      const [row] = await db.query<{ id: string }>(`UPDATE public.${table} SET moderation_state = 'hidden' WHERE id = (SELECT min(id::text)::uuid FROM public.${table}) RETURNING id::text AS id`);
      hidden.push(row!.id);
    }
  }, 240_000);

  it("pages of the given size cover every visible item once, and no hidden one", async () => {
    const db = getDb();
    await withUser(db, ANON, async (tx) => {
      const pages = await listSitemapPages(tx, SIZE);
      for (const kind of ITEM_KINDS) {
        const visible = (await tx.query<{ id: string; lastmod: Date }>(`SELECT id::text AS id, updated_at AS lastmod FROM public.${TABLES[kind]} ORDER BY id`));
        const own = pages.filter((page) => page.kind === kind);
        expect(own.length, kind).toBe(Math.ceil(visible.length / SIZE));
        const listed: string[] = [];
        for (const [i, page] of own.entries()) {
          const entries = (await listSitemapEntries(tx, kind, page.from, SIZE))!;
          expect(entries[0]!.id, kind).toBe(page.from);
          expect(new Date(page.lastmod).getTime(), kind).toBe(Math.max(...entries.map((e) => new Date(e.lastmod).getTime())));
          expect(entries.length, kind).toBe(i < own.length - 1 ? SIZE : visible.length - SIZE * i);
          listed.push(...entries.map((entry) => entry.id));
        }
        expect(listed, kind).toEqual(visible.map((row) => row.id));
        for (const id of hidden) expect(listed, kind).not.toContain(id);
      }
    });
    expect(hidden).toHaveLength(2);
  });

  it("a page asked from an id that is not one is none", async () => {
    await withUser(getDb(), ANON, async (tx) => {
      expect(await listSitemapEntries(tx, "business", "nada")).toBeNull();
    });
  });
});
