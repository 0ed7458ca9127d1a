import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database } from "#server/db/types";
import { addComment, commentOutcomeOf, COMMENTS_PAGE_SIZE, editComment, listComments, removeComment } from "#server/models/comments";
import { moderateItem, reportItem } from "#server/models/moderation";
import { forEachEngine } from "./db";

// Issue #30 in the database, on both engines: the thread's keyset pages in both directions
// at the page edges (the first list read oldest first), the 15-minute edit window against
// the database's clock (comments written "15 minutes ago" by the owner, no waiting), grouped
// notifications, the counter, removal with replies, hidden comments, and the rate per resident.

const as = (sub: string): Claims => ({ role: "authenticated", sub });
let serial = 0;

async function resident(db: Database, { confirmed = true, phoneOnly = false } = {}): Promise<string> {
  const id = randomUUID();
  const username = `vizinho_${++serial}_${id.slice(0, 6)}`;
  await db.query(
    `INSERT INTO auth.users (id, email, phone, raw_user_meta_data, email_confirmed_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END)`,
    [id, phoneOnly ? null : `${username}@exemplo.com.br`, phoneOnly ? `+55359${String(20_000_000 + serial).slice(-8)}` : null,
     JSON.stringify({ username, full_name: `Vizinho ${serial}` }), confirmed && !phoneOnly],
  );
  return id;
}

async function postBy(db: Database, author: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(`INSERT INTO public.posts (author_id, content) VALUES ($1, 'Alguém viu um gato laranja?') RETURNING id`, [author]);
  return row!.id;
}

const comment = (db: Database, who: string, postId: string, body: string, parentId: string | null = null) =>
  commentOutcomeOf(withUser(db, as(who), (tx) => addComment(tx, who, { kind: "post", itemId: postId, parentId, body })));
const edit = (db: Database, who: string, id: string, body: string) => commentOutcomeOf(withUser(db, as(who), (tx) => editComment(tx, who, id, body)));
const remove = (db: Database, who: string, id: string) => commentOutcomeOf(withUser(db, as(who), (tx) => removeComment(tx, who, id)));

/** Comments written by the owner at fixed instants, one minute apart from `start` minutes ago. */
async function thread(db: Database, author: string, postId: string, count: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO public.comments (post_id, author_id, body, created_at)
     SELECT $1, $2, 'Comentário ' || g, now() - make_interval(mins => $3 - g) FROM generate_series(1, $3) g
     RETURNING id`,
    [postId, author, count],
  );
  return rows.map((r) => r.id);
}

const countOf = async (db: Database, postId: string) =>
  (await db.query<{ n: number }>(`SELECT comment_count AS n FROM public.posts WHERE id = $1`, [postId]))[0]!.n;

forEachEngine((getDb) => {
  let author: string;
  let neighbour: string;
  let moderator: string;

  // Each test writes as residents of its own (the rate per resident counts every comment).
  beforeEach(async () => {
    const db = getDb();
    author = await resident(db);
    neighbour = await resident(db);
    moderator = await resident(db);
    const [row] = await db.query<{ email: string }>(`SELECT email FROM auth.users WHERE id = $1`, [moderator]);
    await db.query(`SELECT public.grant_role($1, 'moderator')`, [row!.email]);
  });

  describe("the thread's keyset pages, oldest first", () => {
    it("reads 45 comments as 20, 20 and 5 onwards and back, never repeating or skipping one at the edges", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const ids = await thread(db, neighbour, postId, 45);
      const read = (request: Parameters<typeof listComments>[2]) => withUser(db, ANON, (tx) => listComments(tx, postId, request));

      const first = await read({ page: 1 });
      expect(first.comments.map((c) => c.id)).toEqual(ids.slice(0, 20));
      expect(first.hasMore).toBe(true);
      const second = await read({ page: 2, after: ids[19] });
      expect(second.comments.map((c) => c.id)).toEqual(ids.slice(20, 40));
      const third = await read({ page: 3, after: ids[39] });
      expect(third.comments.map((c) => c.id)).toEqual(ids.slice(40));
      expect(third.hasMore).toBe(false);
      // Backwards from page 3's first row is page 2 exactly; from page 2's first row, page 1.
      const back = await read({ page: 2, before: ids[40] });
      expect(back.comments.map((c) => c.id)).toEqual(ids.slice(20, 40));
      expect(back.page).toBe(2);
      const backToFirst = await read({ page: 2, before: ids[20] });
      expect(backToFirst.comments.map((c) => c.id)).toEqual(ids.slice(0, 20));
      expect(backToFirst.page).toBe(1);
      // The page holding a comment (a notification's link): the 41st is on page 3, the 20th on page 1.
      expect((await read({ page: 1, at: ids[40] })).page).toBe(3);
      const edge = await read({ page: 1, at: ids[19] });
      expect([edge.page, edge.comments.at(-1)?.id]).toEqual([1, ids[19]]);
      expect(COMMENTS_PAGE_SIZE).toBe(20);
    });

    it("two comments written in the same instant keep one order (the id breaks the tie) across the edge", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const rows = await db.query<{ id: string }>(
        `INSERT INTO public.comments (post_id, author_id, body, created_at)
         SELECT $1, $2, 'Mesmo instante ' || g, '2026-11-01 12:00:00+00' FROM generate_series(1, 21) g RETURNING id`,
        [postId, neighbour],
      );
      const ids = rows.map((r) => r.id).sort();
      const first = await withUser(db, ANON, (tx) => listComments(tx, postId, { page: 1 }));
      const second = await withUser(db, ANON, (tx) => listComments(tx, postId, { page: 2, after: first.comments.at(-1)!.id }));
      expect([...first.comments, ...second.comments].map((c) => c.id)).toEqual(ids);
    });
  });

  describe("writing, editing and removing", () => {
    it("keeps replies to one level and under the same item", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const other = await postBy(db, author);
      const top = await comment(db, neighbour, postId, "Vi sim, na praça!");
      expect(top.ok).toBe(true);
      const topId = top.ok ? top.id : "";
      const reply = await comment(db, author, postId, "Obrigada!", topId);
      expect(reply.ok).toBe(true);
      expect(await comment(db, neighbour, postId, "Resposta da resposta", reply.ok ? reply.id : "")).toEqual({ ok: false, refusal: "parent" });
      expect(await comment(db, neighbour, other, "No post errado", topId)).toEqual({ ok: false, refusal: "parent" });
    });

    it("edits within 15 minutes of writing (then 'editado'), refuses after, by the database's clock", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const [fresh, stale] = await db.query<{ id: string }>(
        `INSERT INTO public.comments (post_id, author_id, body, created_at)
         VALUES ($1, $2, 'Escrito há 14 minutos', now() - interval '14 minutes 50 seconds'),
                ($1, $2, 'Escrito há 16 minutos', now() - interval '15 minutes 10 seconds') RETURNING id`,
        [postId, neighbour],
      );
      expect(await edit(db, neighbour, fresh!.id, "Corrigido a tempo")).toMatchObject({ ok: true });
      const [edited] = await db.query<{ body: string; edited: boolean }>(`SELECT body, edited_at IS NOT NULL AS edited FROM public.comments WHERE id = $1`, [fresh!.id]);
      expect(edited).toEqual({ body: "Corrigido a tempo", edited: true });
      expect(await edit(db, neighbour, stale!.id, "Tarde demais")).toEqual({ ok: false, refusal: "edit_window" });
      // Nobody edits another's comment, in or out of the window.
      expect(await edit(db, author, fresh!.id, "Não é meu")).toEqual({ ok: false, refusal: "forbidden" });
      // Through the database API the same: no row matches another's comment.
      const forged = await withUser(db, as(author), (tx) => tx.query(`UPDATE public.comments SET body = 'forjado' WHERE id = $1 RETURNING id`, [fresh!.id]));
      expect(forged).toEqual([]);
    });

    it("removes a comment for good, or leaves 'comentário removido' where replies hang on it; the counter follows", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const lonely = await comment(db, neighbour, postId, "Vou apagar isto");
      const top = await comment(db, neighbour, postId, "Tem resposta");
      await comment(db, author, postId, "Respondi", top.ok ? top.id : null);
      expect(await countOf(db, postId)).toBe(3);
      expect(await remove(db, neighbour, lonely.ok ? lonely.id : "")).toMatchObject({ ok: true });
      expect(await remove(db, neighbour, top.ok ? top.id : "")).toMatchObject({ ok: true });
      const read = await withUser(db, ANON, (tx) => listComments(tx, postId, { page: 1 }));
      expect(read.comments.map((c) => [c.body, c.deletedAt !== null, c.replies.map((r) => r.body)])).toEqual([["", true, ["Respondi"]]]);
      expect(await countOf(db, postId)).toBe(1);
      // A removed comment is final: no edit brings its text back, no reply hangs on it anymore.
      const revived = await edit(db, neighbour, top.ok ? top.id : "", "De volta");
      expect(revived).toEqual({ ok: false, refusal: "removed" });
      expect(await comment(db, author, postId, "Mais uma", top.ok ? top.id : null)).toEqual({ ok: false, refusal: "parent" });
    });

    it("writes only as oneself: a comment in someone else's name is refused by the policies", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const forged = withUser(db, as(neighbour), (tx) =>
        tx.query(`INSERT INTO public.comments (post_id, author_id, body) VALUES ($1, $2, 'Em nome dela')`, [postId, author]));
      await expect(forged).rejects.toThrow(/row-level security/);
      await expect(withUser(db, ANON, (tx) => tx.query(`INSERT INTO public.comments (post_id, author_id, body) VALUES ($1, $2, 'x')`, [postId, author])))
        .rejects.toThrow(/permission denied/);
    });
  });

  describe("limits by trust level", () => {
    it("a confirmed resident writes 10 comments in 10 minutes; a phone-only account 3 an hour", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const busy = await resident(db);
      for (let i = 1; i <= 10; i++) expect(await comment(db, busy, postId, `Comentário ${i}`)).toMatchObject({ ok: true });
      expect(await comment(db, busy, postId, "O décimo primeiro")).toEqual({ ok: false, refusal: "rate_limited" });
      const phoneOnly = await resident(db, { phoneOnly: true });
      for (let i = 1; i <= 3; i++) expect(await comment(db, phoneOnly, postId, `Novo por aqui ${i}`)).toMatchObject({ ok: true });
      expect(await comment(db, phoneOnly, postId, "O quarto")).toEqual({ ok: false, refusal: "rate_limited_new" });
    });
  });

  describe("notifications, grouped", () => {
    it("the post's author gets one line counting the comments until they read it; the replied-to resident theirs", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const first = await comment(db, neighbour, postId, "Primeiro!");
      await comment(db, moderator, postId, "Segundo");
      await comment(db, neighbour, postId, "Terceiro");
      await comment(db, author, postId, "Meu próprio comentário não me avisa");
      const mine = () =>
        db.query<{ title: string; count: number; link: string }>(
          `SELECT title, group_count AS count, link FROM public.notifications WHERE user_id = $1 AND kind = 'comment' ORDER BY created_at`,
          [author],
        );
      const [line] = await mine();
      expect(await mine()).toHaveLength(1);
      expect(line).toMatchObject({ title: "3 novos comentários no seu post", count: 3 });
      expect(line!.link).toMatch(new RegExp(`^/posts/${postId}\\?comentario=[0-9a-f-]{36}#comentario-`));
      // Once read, the next comment starts a new line.
      await db.query(`UPDATE public.notifications SET read_at = now() WHERE user_id = $1 AND kind = 'comment'`, [author]);
      await comment(db, moderator, postId, "Quarto");
      expect((await mine()).map((n) => n.title)).toEqual(["3 novos comentários no seu post", "Novo comentário no seu post"]);
      // A reply notifies the replied-to resident (and the post's author, who is someone else).
      await comment(db, author, postId, "Respondendo", first.ok ? first.id : null);
      await comment(db, moderator, postId, "Eu também", first.ok ? first.id : null);
      const replies = await db.query<{ title: string }>(`SELECT title FROM public.notifications WHERE user_id = $1 AND kind = 'comment'`, [neighbour]);
      expect(replies.map((r) => r.title)).toEqual(["2 novas respostas ao seu comentário"]);
    });
  });

  describe("hidden comments", () => {
    it("a hidden comment is gone for visitors and other residents, marked for its author and moderators, back once restored", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      const written = await comment(db, neighbour, postId, "Compre seguidores aqui");
      const id = written.ok ? written.id : "";
      await withUser(db, as(author), (tx) => reportItem(tx, author, { kind: "comment", id, reason: "spam", note: "" }));
      await withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "comment", id, action: "hide", note: "" }));
      const seenBy = async (claims: Claims) =>
        (await withUser(db, claims, (tx) => listComments(tx, postId, { page: 1 }))).comments.map((c) => [c.id, c.moderationState]);
      expect(await seenBy(ANON)).toEqual([]);
      expect(await seenBy(as(author))).toEqual([]);
      expect(await seenBy(as(neighbour))).toEqual([[id, "hidden"]]);
      expect(await seenBy(as(moderator))).toEqual([[id, "hidden"]]);
      // Not through the database API either.
      expect(await withUser(db, as(author), (tx) => tx.query(`SELECT id FROM public.comments WHERE id = $1`, [id]))).toEqual([]);
      expect(await countOf(db, postId)).toBe(0);
      const [note] = await db.query<{ link: string }>(`SELECT link FROM public.notifications WHERE user_id = $1 AND kind = 'moderation' AND title = 'Oculto pela moderação'`, [neighbour]);
      expect(note!.link).toBe(`/posts/${postId}?comentario=${id}#comentario-${id}`);
      await withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "comment", id, action: "restore", note: "" }));
      expect(await seenBy(ANON)).toEqual([[id, "visible"]]);
      expect(await countOf(db, postId)).toBe(1);
      const log = await db.query<{ action: string }>(`SELECT action FROM public.moderation_log WHERE item_type = 'comment' AND item_id = $1 ORDER BY created_at`, [id]);
      expect(log.map((l) => l.action)).toEqual(["hide", "restore"]);
    });

    it("a hidden post takes its thread with it", async () => {
      const db = getDb();
      const postId = await postBy(db, author);
      await comment(db, neighbour, postId, "Comentário num post que some");
      await withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "post", id: postId, action: "hide", note: "" }));
      expect(await withUser(db, ANON, (tx) => tx.query(`SELECT id FROM public.comments WHERE post_id = $1`, [postId]))).toEqual([]);
    });
  });
});
