import { expect, it } from "vitest";
import { ChangeFeed, CHANGES_CHANNEL, type Change } from "#server/db/changes";
import { withUser } from "#server/db/with-user";
import { ANON, type Database } from "#server/db/types";
import { forEachEngine } from "./db";

// Issue #15: every committed write announces what it changed, on PGlite and PostgreSQL alike,
// whoever writes it (the app, the database API as PostgREST runs it, an operator's SQL), and
// the listener of each server hears it — again after its session was cut, saying so.

const ANA = "00000000-0000-4000-8000-0000000c4a01";
const BENTO = "00000000-0000-4000-8000-0000000c4a02";

type Heard = { changes: Change[]; ups: number; downs: number };

async function listen(db: Database): Promise<Heard & { feed: ChangeFeed; stop: () => Promise<void> }> {
  const feed = new ChangeFeed();
  const heard: Heard = { changes: [], ups: 0, downs: 0 };
  feed.subscribe((change) => heard.changes.push(change));
  const stop = await db.listen(CHANGES_CHANNEL, {
    notify: (payload) => feed.receive(payload),
    up: () => {
      heard.ups += 1;
      feed.attach(async (channel, payload) => {
        await db.query(`SELECT pg_notify($1, $2)`, [channel, payload]);
      });
    },
    down: () => {
      heard.downs += 1;
      feed.detach();
    },
  });
  return Object.assign(heard, { feed, stop });
}

async function createResident(db: Database, id: string, username: string): Promise<void> {
  // The sign-up trigger makes the profile from the metadata.
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
    id,
    `${username}@example.com`,
    JSON.stringify({ username, full_name: username }),
  ]);
}

forEachEngine((getDb, engine) => {
  it("announces each committed write with its kind, item and residents, and nothing for a rolled back one", async () => {
    const db = getDb();
    await createResident(db, ANA, "ana_changes");
    await createResident(db, BENTO, "bento_changes");
    const heard = await listen(db);
    try {
      const [news] = await withUser(db, { role: "authenticated", sub: ANA }, (tx) =>
        tx.query<{ id: string }>(`INSERT INTO public.news (author_id, title, summary, content) VALUES ($1, 'Feira', 'Feira', 'Sábado') RETURNING id`, [ANA]),
      );
      await withUser(db, { role: "authenticated", sub: BENTO }, (tx) =>
        tx.query(`INSERT INTO public.user_favorites (user_id, item_id, item_type) VALUES ($1, $2, 'news')`, [BENTO, news!.id]),
      );
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`UPDATE public.news SET title = 'Desfeito' WHERE id = $1`, [news!.id]);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      // An operator's SQL is announced like the app's writes.
      await db.query(`DELETE FROM public.news WHERE id = $1`, [news!.id]);
      await heard.feed.settle();
      const seen = heard.changes.map(({ kind, table, op, id, users }) => ({ kind, table, op, id, users: [...users].sort() }));
      const written = seen.filter((c) => c.kind !== "*" && c.kind !== "notification");
      expect(written).toEqual([
        { kind: "news", table: "news", op: "insert", id: news!.id, users: [ANA] },
        { kind: "favorite", table: "user_favorites", op: "insert", id: news!.id, users: [BENTO] },
        { kind: "news", table: "news", op: "delete", id: news!.id, users: [ANA] },
        // The favorite goes with its item (a trigger deletes it), and says so too.
        { kind: "favorite", table: "user_favorites", op: "delete", id: news!.id, users: [BENTO] },
      ]);
      expect(seen.some((c) => c.op === "update")).toBe(false);
      // A visitor reading announces nothing.
      const before = heard.changes.length;
      await withUser(db, ANON, (tx) => tx.query(`SELECT count(*) FROM public.news`));
      await heard.feed.settle();
      expect(heard.changes.length).toBe(before);
    } finally {
      await heard.stop();
    }
  });

  it.skipIf(engine !== "postgres")("listens again by itself after its session is cut, telling of the gap", async () => {
    const db = getDb();
    const heard = await listen(db);
    try {
      expect(heard.ups).toBe(1);
      const [{ cut } = { cut: 0 }] = await db.query<{ cut: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS cut FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      expect(cut).toBe(1);
      const deadline = Date.now() + 10_000;
      while (heard.ups < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect({ downs: heard.downs, ups: heard.ups }).toEqual({ downs: 1, ups: 2 });
      await createResident(db, "00000000-0000-4000-8000-0000000c4a03", "carla_changes");
      await heard.feed.settle();
      expect(heard.changes.map((c) => c.kind)).toContain("profile");
    } finally {
      await heard.stop();
    }
  });
});
