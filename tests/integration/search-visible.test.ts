import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { toPrefixTsQuery } from "#core/search-query";
import { ANON, type Claims, type Database } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { seedDemoTownIfEmpty } from "#server/seed/seed";
import { changeRole } from "#server/models/moderation";
import { searchTown, SEARCH_PER_KIND } from "#server/models/search";
import { forEachEngine } from "./db";

// Issue #17: search reads its candidates from search_documents (only what visitors may see,
// kept by triggers) so that its index serves it under the moderation policies. What each
// caller finds must stay what the listings' own policies let them find: visitors the visible
// items, authors also their own hidden ones, moderators everything. The reference below is
// search as it was before, matched on the listings themselves under their policies.

const NOW = new Date("2026-11-24T13:30:00Z");
const MODERATOR = "00000000-0000-4000-8000-0000000005ea";
const OTHER = "00000000-0000-4000-8000-0000000005eb";
const OWNER = "00000000-0000-4000-8000-0000000005ec"; // given the listings the demo leaves unowned
const as = (sub: string): Claims => ({ role: "authenticated", sub });

/** Each kind's table and document, as search matched them on the listings (20261122000200_search.sql). */
const LISTINGS = {
  business: ["businesses", "x.name || ' ' || x.category || ' ' || x.neighbourhood || ' ' || x.description", "owner_id"],
  service: ["services", "x.name || ' ' || x.category || ' ' || x.neighbourhood || ' ' || x.description", "owner_id"],
  driver: ["drivers", "x.name || ' ' || x.vehicle_kind || ' ' || x.vehicle_description || ' ' || public.search_join(x.areas)", "owner_id"],
  sell_item: ["sell_items", "x.title || ' ' || x.category || ' ' || x.location || ' ' || x.description", "seller_id"],
  post: ["posts", "x.content", "author_id"],
  news: ["news", "x.title || ' ' || x.summary || ' ' || x.content", "author_id"],
} as const;
type Kind = keyof typeof LISTINGS;
const KINDS = Object.keys(LISTINGS) as Kind[];

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-search-visible-"));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every match the caller may see, per kind: the listings' own policies decide. */
async function reference(db: Database, claims: Claims, words: string): Promise<Record<string, string[]>> {
  const query = toPrefixTsQuery(words)!;
  const found: Record<string, string[]> = {};
  await withUser(db, claims, async (tx) => {
    for (const kind of KINDS) {
      const [table, document] = LISTINGS[kind];
      const rows = await tx.query<{ id: string }>(
        `SELECT x.id::text AS id FROM public.${table} x WHERE public.search_vector(${document}) @@ to_tsquery('pg_catalog.portuguese', $1)`,
        [query],
      );
      if (rows.length) found[kind] = rows.map((r) => r.id).sort();
    }
  });
  return found;
}

async function searched(db: Database, claims: Claims, words: string): Promise<Record<string, string[]>> {
  const hits = await withUser(db, claims, (tx) => searchTown(tx, words));
  const found: Record<string, string[]> = {};
  for (const hit of hits) (found[hit.kind] ??= []).push(hit.id);
  for (const kind of Object.keys(found)) found[kind]!.sort();
  return found;
}

forEachEngine((getDb, engine) => {
  /** One item of each kind, hidden by moderation, with its author and a word of its own. */
  const hidden: { kind: Kind; id: string; author: string; word: string }[] = [];

  beforeAll(async () => {
    const db = getDb();
    expect(await seedDemoTownIfEmpty(db, path.join(tmp, engine), { images: false, now: NOW })).toBe(true);
    for (const [id, name] of [[MODERATOR, "moderadorabusca"], [OTHER, "vizinhabusca"], [OWNER, "donabusca"]] as const) {
      await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
        id, `${name}@exemplo.com.br`, JSON.stringify({ username: name, full_name: name }),
      ]);
    }
    await changeRole(db, "grant", "moderadorabusca@exemplo.com.br", "moderator");
    for (const kind of KINDS) {
      const [table, document, author] = LISTINGS[kind];
      // The item's first long word of its document that search indexes: what someone would search to find it.
      const [row] = await db.query<{ id: string; author: string; text: string }>(
        `UPDATE public.${table} x SET ${author} = coalesce(x.${author}, $1)
         WHERE x.id = (SELECT min(y.id::text)::uuid FROM public.${table} y)
         RETURNING x.id::text AS id, x.${author}::text AS author, ${document} AS text`,
        [OWNER],
      );
      expect(row, `a ${kind} with an author`).toBeDefined();
      await db.query(`SELECT public.set_moderation_state($1, $2, 'hidden')`, [kind, row!.id]);
      // Not a stopword ("estamos" finds nothing, by design): the items are drawn by id, at random.
      const [{ word }] = (await db.query<{ word: string }>(
        `SELECT w AS word FROM unnest($1::text[]) WITH ORDINALITY AS t (w, n)
         WHERE to_tsvector('pg_catalog.portuguese', w) <> ''::tsvector ORDER BY n LIMIT 1`,
        [row!.text.match(/\p{L}{6,}/gu)],
      )) as [{ word: string }];
      hidden.push({ kind, id: row!.id, author: row!.author, word });
    }
  });

  const callers = (): [string, Claims][] => [
    ["visitor", ANON],
    ["another resident", as(OTHER)],
    ["moderator", as(MODERATOR)],
    ...hidden.map(({ kind, author }): [string, Claims] => [`the ${kind}'s author`, as(author)]),
  ];

  it("finds for visitors, authors and moderators what the listings' policies let each of them see", async () => {
    const words = [...hidden.map((h) => h.word), "padaria", "bolo", "aula", "frete"];
    let compared = 0;
    for (const [who, claims] of callers()) {
      for (const word of words) {
        const expected = await reference(getDb(), claims, word);
        const found = await searched(getDb(), claims, word);
        for (const kind of KINDS) {
          const all = expected[kind] ?? [];
          // At most eight shown per kind; below the bound on candidates, every shown one is a match.
          expect(found[kind]?.length ?? 0, `${who} searching ${word}: ${kind}`).toBe(Math.min(all.length, SEARCH_PER_KIND));
          for (const id of found[kind] ?? []) expect(all, `${who} searching ${word}: ${kind}`).toContain(id);
          compared += all.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("shows each hidden item in search to its author and the moderators only", async () => {
    for (const { kind, id, author, word } of hidden) {
      const ids = async (claims: Claims) => (await searched(getDb(), claims, word))[kind] ?? [];
      expect(await ids(ANON), `visitor, ${kind} ${word}`).not.toContain(id);
      expect(await ids(as(OTHER)), `another resident, ${kind} ${word}`).not.toContain(id);
      expect(await ids(as(author)), `author, ${kind} ${word}`).toContain(id);
      expect(await ids(as(MODERATOR)), `moderator, ${kind} ${word}`).toContain(id);
    }
  });

  it("keeps search_documents to exactly the visible listings through restores, edits and deletes", async () => {
    const db = getDb();
    const kept = async () =>
      (await db.query<{ key: string }>(`SELECT kind || ':' || item_id AS key FROM public.search_documents ORDER BY 1`)).map((r) => r.key);
    const visible = async () =>
      (
        await db.query<{ key: string }>(
          KINDS.map((kind) => `SELECT '${kind}:' || id AS key FROM public.${LISTINGS[kind][0]} WHERE moderation_state = 'visible'`).join(
            " UNION ALL ",
          ) + " ORDER BY 1",
        )
      ).map((r) => r.key);
    expect(await kept()).toEqual(await visible());

    const post = hidden.find((h) => h.kind === "post")!;
    await db.query(`SELECT public.set_moderation_state('post', $1, 'visible')`, [post.id]);
    expect((await searched(db, ANON, post.word)).post).toContain(post.id);

    await db.query(`UPDATE public.posts SET content = 'Periquito azulado' WHERE id = $1`, [post.id]);
    expect((await searched(db, ANON, "periquito azulado")).post).toEqual([post.id]);
    expect((await searched(db, ANON, post.word)).post ?? []).not.toContain(post.id);

    const business = hidden.find((h) => h.kind === "business")!;
    await db.query(`SELECT public.set_moderation_state('business', $1, 'visible')`, [business.id]);
    await db.query(`DELETE FROM public.businesses WHERE id = $1`, [business.id]);
    expect((await searched(db, as(MODERATOR), business.word)).business ?? []).not.toContain(business.id);
    expect(await kept()).toEqual(await visible());
  });
});
