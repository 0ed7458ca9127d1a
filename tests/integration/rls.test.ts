import { beforeAll, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database, type Queryable } from "#server/db/types";
import { forEachEngine } from "./db";

// Fixed ids keep failure messages readable; every block has its own database.
const ALICE = "00000000-0000-4000-8000-00000000a11c";
const BRUNO = "00000000-0000-4000-8000-00000000b404";
const CARLA = "00000000-0000-4000-8000-00000000ca41";
const ALICE_ITEM = "10000000-0000-4000-8000-00000000a001";
const BRUNO_ITEM = "10000000-0000-4000-8000-00000000b001";
const ALICE_POST = "20000000-0000-4000-8000-00000000a001";
const BRUNO_POST = "20000000-0000-4000-8000-00000000b001";

const RLS_VIOLATION = /new row violates row-level security policy/;
const as = (sub: string): Claims => ({ role: "authenticated", sub });

/** The attempt must fail; the caller then checks, as owner, that nothing changed. */
async function expectRejected(attempt: Promise<unknown>, reason: RegExp): Promise<void> {
  await expect(attempt).rejects.toThrow(reason);
}

async function createUser(db: Database, id: string, username: string, fullName: string): Promise<void> {
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
    id,
    `${username}@exemplo.com.br`,
    JSON.stringify({ username, full_name: fullName }),
  ]);
}

// The owner's seed names ids; residents cannot (ids are the database's: they must stay
// unique across item types), so their inserts pass `null` and read the id back.
async function insertSellItem(q: Queryable, id: string | null, sellerId: string, title: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    id
      ? `INSERT INTO public.sell_items (id, seller_id, title, price, condition, category) VALUES ($3, $1, $2, 150, 'usado', 'Casa') RETURNING id`
      : `INSERT INTO public.sell_items (seller_id, title, price, condition, category) VALUES ($1, $2, 150, 'usado', 'Casa') RETURNING id`,
    id ? [sellerId, title, id] : [sellerId, title],
  );
  return row!.id;
}

async function insertPost(q: Queryable, id: string | null, authorId: string, content: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    id
      ? `INSERT INTO public.posts (id, author_id, content) VALUES ($3, $1, $2) RETURNING id`
      : `INSERT INTO public.posts (author_id, content) VALUES ($1, $2) RETURNING id`,
    id ? [authorId, content, id] : [authorId, content],
  );
  return row!.id;
}

/** As the app adds one: the item named, its copy filled in by the database. */
async function insertFavorite(q: Queryable, userId: string, itemId: string, itemType: string): Promise<unknown[]> {
  return q.query(`INSERT INTO public.user_favorites (user_id, item_id, item_type) VALUES ($1, $2, $3) RETURNING item_id`, [
    userId,
    itemId,
    itemType,
  ]);
}

forEachEngine((getDb) => {
  // Owner-side reads: the ground truth each attempt is checked against.
  const owner = <T>(text: string, params?: unknown[]) => getDb().query<T>(text, params);

  beforeAll(async () => {
    const db = getDb();
    await createUser(db, ALICE, "alice", "Alice Souza");
    await createUser(db, BRUNO, "bruno", "Bruno Lima");
    await createUser(db, CARLA, "carla", "Carla Dias");
    // Stored in E.164 (issue #13: a trigger normalises any other spelling).
    await db.query(`UPDATE public.profile_private SET phone = '+5511988880001' WHERE user_id = $1`, [ALICE]);
    await db.query(`UPDATE public.profile_private SET phone = '+5511988880002' WHERE user_id = $1`, [BRUNO]);
    await insertSellItem(db, ALICE_ITEM, ALICE, "Bicicleta da Alice");
    await insertSellItem(db, BRUNO_ITEM, BRUNO, "Geladeira do Bruno");
    await insertPost(db, ALICE_POST, ALICE, "Post da Alice");
    await insertPost(db, BRUNO_POST, BRUNO, "Post do Bruno");
    await insertFavorite(db, ALICE, BRUNO_ITEM, "sell_item");
    await insertFavorite(db, BRUNO, ALICE_POST, "post");
  });

  it("creates a profile, private row and welcome notification for each new auth user", async () => {
    const profiles = await owner<{ id: string; username: string }>(
      `SELECT id, username FROM public.profiles ORDER BY username`,
    );
    expect(profiles).toEqual([
      { id: ALICE, username: "alice" },
      { id: BRUNO, username: "bruno" },
      { id: CARLA, username: "carla" },
    ]);
    const welcome = await owner(`SELECT user_id FROM public.notifications WHERE kind = 'welcome' ORDER BY user_id`);
    expect(welcome).toHaveLength(3);
  });

  describe("user_favorites", () => {
    it("shows a user only their own favorites", async () => {
      expect(await owner(`SELECT item_id FROM public.user_favorites WHERE user_id = $1`, [BRUNO])).toHaveLength(1);
      const seen = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query<{ user_id: string; item_id: string }>(`SELECT user_id, item_id FROM public.user_favorites`),
      );
      expect(seen).toEqual([{ user_id: ALICE, item_id: BRUNO_ITEM }]);
      const direct = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`SELECT item_id FROM public.user_favorites WHERE user_id = $1`, [BRUNO]),
      );
      expect(direct).toEqual([]);
    });

    it("refuses a favorite written on someone else's behalf, and writes nothing", async () => {
      await expectRejected(
        withUser(getDb(), as(ALICE), (tx) => insertFavorite(tx, BRUNO, BRUNO_POST, "post")),
        RLS_VIOLATION,
      );
      expect(await owner(`SELECT 1 FROM public.user_favorites WHERE item_id = $1`, [BRUNO_POST])).toEqual([]);
    });

    it("refuses to delete someone else's favorite", async () => {
      const deleted = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`DELETE FROM public.user_favorites WHERE user_id = $1 RETURNING item_id`, [BRUNO]),
      );
      expect(deleted).toEqual([]);
      expect(await owner(`SELECT item_id FROM public.user_favorites WHERE user_id = $1`, [BRUNO])).toEqual([
        { item_id: ALICE_POST },
      ]);
    });

    it("lets a user add and remove their own favorite", async () => {
      const added = await withUser(getDb(), as(ALICE), (tx) => insertFavorite(tx, ALICE, BRUNO_POST, "post"));
      expect(added).toEqual([{ item_id: BRUNO_POST }]);
      expect(await owner(`SELECT user_id FROM public.user_favorites WHERE item_id = $1`, [BRUNO_POST])).toEqual([
        { user_id: ALICE },
      ]);
      const removed = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`DELETE FROM public.user_favorites WHERE user_id = $1 AND item_id = $2 RETURNING item_id`, [
          ALICE,
          BRUNO_POST,
        ]),
      );
      expect(removed).toEqual([{ item_id: BRUNO_POST }]);
      expect(await owner(`SELECT 1 FROM public.user_favorites WHERE item_id = $1`, [BRUNO_POST])).toEqual([]);
    });
  });

  describe.each([
    { table: "sell_items", column: "title", ownerColumn: "seller_id", mine: ALICE_ITEM, theirs: BRUNO_ITEM, insert: insertSellItem },
    { table: "posts", column: "content", ownerColumn: "author_id", mine: ALICE_POST, theirs: BRUNO_POST, insert: insertPost },
  ])("$table", ({ table, column, ownerColumn, mine, theirs, insert }) => {
    const snapshot = (id: string) =>
      owner<Record<string, unknown>>(`SELECT * FROM public.${table} WHERE id = $1`, [id]);

    it("everyone reads them, anonymous visitors included", async () => {
      const ids = await withUser(getDb(), ANON, (tx) => tx.query<{ id: string }>(`SELECT id FROM public.${table}`));
      expect(ids.map((r) => r.id).sort()).toEqual([mine, theirs].sort());
    });

    it("cannot be updated or deleted by another user: no row affected, row unchanged", async () => {
      const before = await snapshot(theirs);
      expect(before).toHaveLength(1);
      const updated = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`UPDATE public.${table} SET ${column} = 'alterado pela Alice' WHERE id = $1 RETURNING id`, [theirs]),
      );
      expect(updated).toEqual([]);
      const deleted = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`DELETE FROM public.${table} WHERE id = $1 RETURNING id`, [theirs]),
      );
      expect(deleted).toEqual([]);
      expect(await snapshot(theirs)).toEqual(before);
    });

    it("cannot be created for, or handed over to, another user", async () => {
      await expectRejected(
        withUser(getDb(), as(ALICE), (tx) => insert(tx, null, BRUNO, "em nome do Bruno")),
        RLS_VIOLATION,
      );
      expect(await owner(`SELECT 1 FROM public.${table} WHERE ${column} = 'em nome do Bruno'`)).toEqual([]);
      const before = await snapshot(mine);
      // The owner column is not even writable: no route hands a row over.
      await expectRejected(
        withUser(getDb(), as(ALICE), (tx) =>
          tx.query(`UPDATE public.${table} SET ${ownerColumn} = $2 WHERE id = $1`, [mine, BRUNO]),
        ),
        /permission denied/,
      );
      expect(await snapshot(mine)).toEqual(before);
    });

    it("can be created, updated and deleted by their owner", async () => {
      const id = await withUser(getDb(), as(ALICE), (tx) => insert(tx, null, ALICE, "novo da Alice"));
      const updated = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query<Record<string, string>>(`UPDATE public.${table} SET ${column} = 'editado' WHERE id = $1 RETURNING ${column}`, [id]),
      );
      expect(updated).toEqual([{ [column]: "editado" }]);
      const [row] = await snapshot(id);
      expect(row?.[column]).toBe("editado");
      const deleted = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`DELETE FROM public.${table} WHERE id = $1 RETURNING id`, [id]),
      );
      expect(deleted).toEqual([{ id }]);
      expect(await snapshot(id)).toEqual([]);
    });
  });

  describe("profile_private", () => {
    it("hides another user's phone, and lets the owner read their own", async () => {
      const rows = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query<{ user_id: string; phone: string | null }>(`SELECT user_id, phone FROM public.profile_private`),
      );
      expect(rows).toEqual([{ user_id: ALICE, phone: "+5511988880001" }]);
      const bruno = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`SELECT phone FROM public.profile_private WHERE user_id = $1`, [BRUNO]),
      );
      expect(bruno).toEqual([]);
    });

    it("is not readable at all by anonymous visitors", async () => {
      await expectRejected(
        withUser(getDb(), ANON, (tx) => tx.query(`SELECT phone FROM public.profile_private`)),
        /permission denied/,
      );
    });

    it("can be changed by its owner only", async () => {
      const foreign = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`UPDATE public.profile_private SET phone = '+5511900000000' WHERE user_id = $1 RETURNING user_id`, [BRUNO]),
      );
      expect(foreign).toEqual([]);
      expect(await owner(`SELECT phone FROM public.profile_private WHERE user_id = $1`, [BRUNO])).toEqual([
        { phone: "+5511988880002" },
      ]);
      const own = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`UPDATE public.profile_private SET phone = '+5511977770001' WHERE user_id = $1 RETURNING phone`, [ALICE]),
      );
      expect(own).toEqual([{ phone: "+5511977770001" }]);
    });
  });

  describe("notifications", () => {
    it("shows a user only their own notifications", async () => {
      expect(await owner(`SELECT id FROM public.notifications WHERE user_id = $1`, [BRUNO])).not.toEqual([]);
      const rows = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query<{ user_id: string; kind: string }>(`SELECT user_id, kind FROM public.notifications`),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.user_id === ALICE)).toBe(true);
      expect(rows.map((r) => r.kind)).toContain("welcome");
      const bruno = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`SELECT id FROM public.notifications WHERE user_id = $1`, [BRUNO]),
      );
      expect(bruno).toEqual([]);
    });

    it("lets a user mark their own as read, not someone else's", async () => {
      const foreign = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`UPDATE public.notifications SET read_at = now() WHERE user_id = $1 RETURNING id`, [BRUNO]),
      );
      expect(foreign).toEqual([]);
      expect(await owner(`SELECT id FROM public.notifications WHERE user_id = $1 AND read_at IS NOT NULL`, [BRUNO])).toEqual([]);
      const own = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`UPDATE public.notifications SET read_at = now() WHERE user_id = $1 RETURNING id`, [ALICE]),
      );
      expect(own.length).toBeGreaterThan(0);
    });

    it("cannot be written by users, even for themselves", async () => {
      const before = await owner(`SELECT count(*)::int AS n FROM public.notifications`);
      await expectRejected(
        withUser(getDb(), as(ALICE), (tx) =>
          tx.query(`INSERT INTO public.notifications (user_id, kind, title) VALUES ($1, 'welcome', 'forjada')`, [ALICE]),
        ),
        /permission denied/,
      );
      expect(await owner(`SELECT count(*)::int AS n FROM public.notifications`)).toEqual(before);
    });
  });

  describe("anonymous visitors", () => {
    it("cannot insert into any table", async () => {
      const tables = await owner<{ name: string }>(`
        SELECT format('%I.%I', n.nspname, c.relname) AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'auth', 'guida_private') AND c.relkind IN ('r', 'p')
        ORDER BY 1`);
      expect(tables.length).toBeGreaterThan(10);
      const count = (name: string) => owner<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
      for (const { name } of tables) {
        const before = await count(name);
        // Privileges are checked before any constraint, so DEFAULT VALUES is enough to probe.
        await expectRejected(
          withUser(getDb(), ANON, (tx) => tx.query(`INSERT INTO ${name} DEFAULT VALUES`)),
          /permission denied|row-level security/,
        );
        expect(await count(name), name).toEqual(before);
      }
    });

    it("cannot post as a user", async () => {
      await expectRejected(
        withUser(getDb(), ANON, (tx) => insertPost(tx, null, ALICE, "anônimo")),
        /permission denied|row-level security/,
      );
      expect(await owner(`SELECT 1 FROM public.posts WHERE content = 'anônimo'`)).toEqual([]);
    });
  });

  describe("poll_votes", () => {
    // Ids the database gives Alice's poll when she creates it.
    let POLL = "";
    let YES = "";
    let NO = "";
    const votesOf = (userId: string) =>
      owner<{ option_id: string }>(`SELECT option_id FROM public.poll_votes WHERE poll_id = $1 AND user_id = $2`, [
        POLL,
        userId,
      ]);
    const vote = (claims: Claims, userId: string, optionId: string) =>
      withUser(getDb(), claims, (tx) =>
        tx.query(`INSERT INTO public.poll_votes (poll_id, user_id, option_id) VALUES ($1, $2, $3)`, [POLL, userId, optionId]),
      );

    beforeAll(async () => {
      // Alice asks through her own session: authors create their polls themselves.
      await withUser(getDb(), as(ALICE), async (tx) => {
        const [poll] = await tx.query<{ id: string }>(
          `INSERT INTO public.polls (post_id, question) VALUES ($1, 'Feira no sábado?') RETURNING id`,
          [ALICE_POST],
        );
        POLL = poll!.id;
        const option = async (label: string, position: number) =>
          (
            await tx.query<{ id: string }>(
              `INSERT INTO public.poll_options (poll_id, label, position) VALUES ($1, $2, $3) RETURNING id`,
              [POLL, label, position],
            )
          )[0]!.id;
        YES = await option("Sim", 0);
        NO = await option("Não", 1);
      });
    });

    it("lets a user vote once per poll", async () => {
      await vote(as(BRUNO), BRUNO, YES);
      await expectRejected(vote(as(BRUNO), BRUNO, NO), /duplicate key|unique/);
      expect(await votesOf(BRUNO)).toEqual([{ option_id: YES }]);
    });

    it("lets the voter change their own vote", async () => {
      const changed = await withUser(getDb(), as(BRUNO), (tx) =>
        tx.query(`UPDATE public.poll_votes SET option_id = $2 WHERE poll_id = $1 AND user_id = $3 RETURNING option_id`, [
          POLL,
          NO,
          BRUNO,
        ]),
      );
      expect(changed).toEqual([{ option_id: NO }]);
    });

    it("refuses a vote cast as someone else", async () => {
      await expectRejected(vote(as(ALICE), CARLA, YES), RLS_VIOLATION);
      expect(await votesOf(CARLA)).toEqual([]);
      await expectRejected(vote(ANON, CARLA, YES), /permission denied|row-level security/);
      expect(await votesOf(CARLA)).toEqual([]);
    });

    it("keeps who voted private while counts stay public", async () => {
      const seen = await withUser(getDb(), as(ALICE), (tx) => tx.query(`SELECT user_id FROM public.poll_votes`));
      expect(seen).toEqual([]);
      const changed = await withUser(getDb(), as(ALICE), (tx) =>
        tx.query(`UPDATE public.poll_votes SET option_id = $1 WHERE user_id = $2 RETURNING 1`, [YES, BRUNO]),
      );
      expect(changed).toEqual([]);
      // No route withdraws a vote, so nobody may delete one, not even their own.
      await expectRejected(
        withUser(getDb(), as(BRUNO), (tx) => tx.query(`DELETE FROM public.poll_votes WHERE user_id = $1`, [BRUNO])),
        /permission denied/,
      );
      expect(await votesOf(BRUNO)).toEqual([{ option_id: NO }]);
      const results = await withUser(getDb(), ANON, (tx) =>
        tx.query(`SELECT label, votes FROM public.poll_option_results WHERE poll_id = $1 ORDER BY position`, [POLL]),
      );
      expect(results).toEqual([
        { label: "Sim", votes: 0 },
        { label: "Não", votes: 1 },
      ]);
    });
  });
});
