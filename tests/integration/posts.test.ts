import { beforeAll, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database, type Queryable } from "#server/db/types";
import { createNews, deleteNews, getNewsArticle } from "#server/models/news";
import {
  createPost,
  deletePost,
  getEditablePost,
  getPost,
  listMyPosts,
  listPosts,
  POSTS_PAGE_SIZE,
  updatePost,
  vote,
} from "#server/models/posts";
import { forEachEngine } from "./db";

// The models for posts, polls and news against both engines, each run as the signed-in
// user through withUser: the route's owner checks and the RLS underneath them.
const ALICE = "00000000-0000-4000-8000-00000000a11c";
const BRUNO = "00000000-0000-4000-8000-00000000b404";
const CARLA = "00000000-0000-4000-8000-00000000ca41";

const RLS_VIOLATION = /new row violates row-level security policy/;
const as = (sub: string): Claims => ({ role: "authenticated", sub });

async function createUser(db: Database, id: string, username: string, fullName: string): Promise<void> {
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
    id,
    `${username}@exemplo.com.br`,
    JSON.stringify({ username, full_name: fullName }),
  ]);
}

/** A Queryable that counts the statements sent through it. */
function counting(tx: Queryable): { tx: Queryable; count: () => number } {
  let n = 0;
  return {
    tx: {
      query: (text, params) => {
        n += 1;
        return tx.query(text, params);
      },
      exec: (sql) => {
        n += 1;
        return tx.exec(sql);
      },
    },
    count: () => n,
  };
}

forEachEngine((getDb) => {
  const owner = <T>(text: string, params?: unknown[]) => getDb().query<T>(text, params);
  const asUser = <T>(sub: string, fn: (tx: Queryable) => Promise<T>) => withUser(getDb(), as(sub), fn);
  const optionsOf = (postId: string) =>
    owner<{ label: string; position: number }>(
      `SELECT o.label, o.position FROM public.poll_options o JOIN public.polls pl ON pl.id = o.poll_id
       WHERE pl.post_id = $1 ORDER BY o.position`,
      [postId],
    );
  const newPollPost = (author: string, question: string, options: string[]) =>
    asUser(author, (tx) => createPost(tx, author, { content: `Post com enquete: ${question}`, imageUrl: null, poll: { question, options } }));
  const optionIds = async (postId: string) => (await asUser(ALICE, (tx) => getPost(tx, postId, null)))!.poll!.options.map((o) => o.id);

  beforeAll(async () => {
    const db = getDb();
    await createUser(db, ALICE, "alice", "Alice Souza");
    await createUser(db, BRUNO, "bruno", "Bruno Lima");
    await createUser(db, CARLA, "carla", "Carla Dias");
  });

  describe("creating", () => {
    it("creates the post, its poll and the options in order, with zero votes", async () => {
      const id = await newPollPost(ALICE, "Feira no sábado?", ["Sim", "Não", "Talvez"]);
      const post = await withUser(getDb(), ANON, (tx) => getPost(tx, id, null));
      expect(post).toMatchObject({
        id,
        content: "Post com enquete: Feira no sábado?",
        imageUrl: null,
        author: { id: ALICE, username: "alice", fullName: "Alice Souza", avatarUrl: null },
        poll: { question: "Feira no sábado?", totalVotes: 0, myVote: null },
      });
      expect(post!.poll!.options.map(({ label, votes, percent }) => ({ label, votes, percent }))).toEqual([
        { label: "Sim", votes: 0, percent: 0 },
        { label: "Não", votes: 0, percent: 0 },
        { label: "Talvez", votes: 0, percent: 0 },
      ]);
    });

    it("writes nothing when any part fails: post, poll and options share one transaction", async () => {
      const before = await owner<{ n: number }>(`SELECT count(*)::int AS n FROM public.posts`);
      // Seven options break the position CHECK (0..5) on the last statement.
      await expect(newPollPost(ALICE, "Sete opções?", ["a", "b", "c", "d", "e", "f", "g"])).rejects.toThrow();
      expect(await owner(`SELECT count(*)::int AS n FROM public.posts`)).toEqual(before);
      expect(await owner(`SELECT 1 FROM public.polls WHERE question = 'Sete opções?'`)).toEqual([]);
    });

    it("cannot create a post in someone else's name", async () => {
      await expect(
        asUser(BRUNO, (tx) => createPost(tx, ALICE, { content: "em nome da Alice", imageUrl: null, poll: null })),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await owner(`SELECT 1 FROM public.posts WHERE content = 'em nome da Alice'`)).toEqual([]);
    });
  });

  describe("ownership", () => {
    let postId: string;
    beforeAll(async () => {
      postId = await newPollPost(ALICE, "Qual a melhor padaria?", ["Pão Dourado", "São João"]);
    });
    const snapshot = () => owner(`SELECT content, image_url FROM public.posts WHERE id = $1`, [postId]);

    it("user B can neither edit nor delete A's post: the model says forbidden and RLS changes nothing", async () => {
      const before = await snapshot();
      const edit = await asUser(BRUNO, (tx) =>
        updatePost(tx, BRUNO, postId, { content: "alterado pelo Bruno", image: null, poll: null }),
      );
      expect(edit).toEqual({ status: "forbidden" });
      expect(await asUser(BRUNO, (tx) => deletePost(tx, BRUNO, postId))).toEqual({ status: "forbidden" });
      // Past the model's check, straight at the tables: RLS matches no row.
      const raw = await asUser(BRUNO, async (tx) => [
        ...(await tx.query(`UPDATE public.posts SET content = 'alterado' WHERE id = $1 RETURNING id`, [postId])),
        ...(await tx.query(`DELETE FROM public.posts WHERE id = $1 RETURNING id`, [postId])),
      ]);
      expect(raw).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });

    it("user B cannot change A's poll question or options", async () => {
      const before = await optionsOf(postId);
      const changed = await asUser(BRUNO, async (tx) => [
        ...(await tx.query(`UPDATE public.polls SET question = 'hackeada' WHERE post_id = $1 RETURNING id`, [postId])),
        ...(await tx.query(
          `DELETE FROM public.poll_options WHERE poll_id = (SELECT id FROM public.polls WHERE post_id = $1) RETURNING id`,
          [postId],
        )),
        ...(await tx.query(`DELETE FROM public.polls WHERE post_id = $1 RETURNING id`, [postId])),
      ]);
      expect(changed).toEqual([]);
      await expect(
        asUser(BRUNO, (tx) =>
          tx.query(
            `INSERT INTO public.poll_options (poll_id, label, position) SELECT id, 'intrusa', 5 FROM public.polls WHERE post_id = $1`,
            [postId],
          ),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      // Editing a poll replaces its options: nobody updates one in place.
      await expect(
        asUser(BRUNO, (tx) =>
          tx.query(`UPDATE public.poll_options SET label = 'hackeada' WHERE poll_id = (SELECT id FROM public.polls WHERE post_id = $1)`, [
            postId,
          ]),
        ),
      ).rejects.toThrow(/permission denied/);
      expect(await optionsOf(postId)).toEqual(before);
    });

    it("the author edits text and poll while nobody has voted", async () => {
      const result = await asUser(ALICE, (tx) =>
        updatePost(tx, ALICE, postId, {
          content: "Texto revisado",
          image: undefined,
          poll: { question: "Qual a melhor padaria da cidade?", options: ["São João", "Pão Dourado", "Vovó Rosa"] },
        }),
      );
      expect(result).toEqual({ status: "updated", replacedImage: null });
      expect(await optionsOf(postId)).toEqual([
        { label: "São João", position: 0 },
        { label: "Pão Dourado", position: 1 },
        { label: "Vovó Rosa", position: 2 },
      ]);
      const editable = await asUser(ALICE, (tx) => getEditablePost(tx, postId));
      expect(editable).toMatchObject({ content: "Texto revisado", poll: { question: "Qual a melhor padaria da cidade?", hasVotes: false } });
    });

    it("after a vote, even the author cannot change the options — through the model or the tables", async () => {
      const [first] = await optionIds(postId);
      expect(await asUser(CARLA, (tx) => vote(tx, CARLA, postId, first!))).toBe("voted");
      const before = await optionsOf(postId);

      const viaModel = await asUser(ALICE, (tx) =>
        updatePost(tx, ALICE, postId, {
          content: "Texto novo",
          image: undefined,
          poll: { question: "Qual a melhor padaria da cidade?", options: ["Outra", "Pão Dourado"] },
        }),
      );
      expect(viaModel).toEqual({ status: "poll_locked" });
      const removeAll = await asUser(ALICE, (tx) => updatePost(tx, ALICE, postId, { content: "Sem enquete", image: undefined, poll: null }));
      expect(removeAll).toEqual({ status: "poll_locked" });

      // Carla's vote is invisible to Alice (votes are private), yet it freezes the poll.
      const raw = await asUser(ALICE, async (tx) => [
        ...(await tx.query(`UPDATE public.polls SET question = 'mudou' WHERE post_id = $1 RETURNING id`, [postId])),
        ...(await tx.query(
          `DELETE FROM public.poll_options WHERE poll_id = (SELECT id FROM public.polls WHERE post_id = $1) RETURNING id`,
          [postId],
        )),
        ...(await tx.query(`DELETE FROM public.polls WHERE post_id = $1 RETURNING id`, [postId])),
      ]);
      expect(raw).toEqual([]);
      await expect(
        asUser(ALICE, (tx) =>
          tx.query(
            `INSERT INTO public.poll_options (poll_id, label, position) SELECT id, 'nova', 5 FROM public.polls WHERE post_id = $1`,
            [postId],
          ),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      await expect(
        asUser(ALICE, (tx) =>
          tx.query(`UPDATE public.poll_options SET label = 'mudou' WHERE poll_id = (SELECT id FROM public.polls WHERE post_id = $1)`, [
            postId,
          ]),
        ),
      ).rejects.toThrow(/permission denied/);
      expect(await optionsOf(postId)).toEqual(before);

      // The text still changes when the poll is sent back exactly as it is.
      const textOnly = await asUser(ALICE, (tx) =>
        updatePost(tx, ALICE, postId, {
          content: "Só o texto mudou",
          image: undefined,
          poll: { question: "Qual a melhor padaria da cidade?", options: before.map((o) => o.label) },
        }),
      );
      expect(textOnly).toEqual({ status: "updated", replacedImage: null });
      expect(await snapshot()).toEqual([{ content: "Só o texto mudou", image_url: null }]);
    });
  });

  describe("voting", () => {
    let postId: string;
    let yes: string;
    let no: string;
    beforeAll(async () => {
      postId = await newPollPost(ALICE, "Ciclovia no Centro?", ["Sim", "Não"]);
      [yes, no] = (await optionIds(postId)) as [string, string];
    });
    const results = async (viewer: string | null) => {
      const post = await withUser(getDb(), viewer ? as(viewer) : ANON, (tx) => getPost(tx, postId, viewer));
      const poll = post!.poll!;
      return { total: poll.totalVotes, myVote: poll.myVote, options: poll.options.map((o) => [o.label, o.votes, o.percent]) };
    };
    const voteNotifications = () =>
      owner<{ title: string; body: string; link: string }>(
        `SELECT title, body, link FROM public.notifications WHERE user_id = $1 AND kind = 'vote' AND link = $2 ORDER BY created_at`,
        [ALICE, `/posts/${postId}`],
      );

    it("counts a first vote and notifies the author, linking to the post's page", async () => {
      expect(await asUser(BRUNO, (tx) => vote(tx, BRUNO, postId, yes))).toBe("voted");
      expect(await results(BRUNO)).toEqual({ total: 1, myVote: yes, options: [["Sim", 1, 100], ["Não", 0, 0]] });
      expect(await voteNotifications()).toEqual([
        { title: "Bruno Lima votou na sua enquete", body: "Ciclovia no Centro?", link: `/posts/${postId}` },
      ]);
    });

    it("keeps one vote per user: a second vote moves it, counts stay consistent, no second notification", async () => {
      expect(await asUser(BRUNO, (tx) => vote(tx, BRUNO, postId, no))).toBe("changed");
      expect(await results(BRUNO)).toEqual({ total: 1, myVote: no, options: [["Sim", 0, 0], ["Não", 1, 100]] });
      expect(await asUser(BRUNO, (tx) => vote(tx, BRUNO, postId, no))).toBe("unchanged");
      expect(await owner(`SELECT count(*)::int AS n FROM public.poll_votes WHERE user_id = $1`, [BRUNO])).toEqual([{ n: 1 }]);
      // The primary key refuses a second row outright.
      await expect(
        asUser(BRUNO, (tx) =>
          tx.query(`INSERT INTO public.poll_votes (poll_id, user_id, option_id) SELECT id, $2, $3 FROM public.polls WHERE post_id = $1`, [
            postId,
            BRUNO,
            yes,
          ]),
        ),
      ).rejects.toThrow(/duplicate key|unique/);
      expect(await voteNotifications()).toHaveLength(1);
    });

    it("adds other people's votes, with percentages that sum to 100, and shows each viewer their own vote", async () => {
      expect(await asUser(CARLA, (tx) => vote(tx, CARLA, postId, yes))).toBe("voted");
      expect(await asUser(ALICE, (tx) => vote(tx, ALICE, postId, no))).toBe("voted");
      expect(await results(CARLA)).toEqual({ total: 3, myVote: yes, options: [["Sim", 1, 33], ["Não", 2, 67]] });
      expect(await results(null)).toEqual({ total: 3, myVote: null, options: [["Sim", 1, 33], ["Não", 2, 67]] });
      // The author voting on their own poll is not news to them.
      expect(await voteNotifications()).toHaveLength(2);
      expect((await voteNotifications())[1]!.title).toBe("Carla Dias votou na sua enquete");
    });

    it("refuses an option from another poll, a post without a poll and anonymous votes", async () => {
      const other = await newPollPost(CARLA, "Outra enquete?", ["A", "B"]);
      const [foreignOption] = await optionIds(other);
      expect(await asUser(BRUNO, (tx) => vote(tx, BRUNO, postId, foreignOption!))).toBe("invalid_option");
      expect(await asUser(BRUNO, (tx) => vote(tx, BRUNO, postId, "not-a-uuid"))).toBe("invalid_option");
      // A NUL byte would fail the statement itself (PostgreSQL text cannot hold it).
      expect(await asUser(BRUNO, (tx) => vote(tx, BRUNO, postId, `${yes}\u0000`))).toBe("invalid_option");
      const plain = await asUser(BRUNO, (tx) => createPost(tx, BRUNO, { content: "Sem enquete", imageUrl: null, poll: null }));
      expect(await asUser(CARLA, (tx) => vote(tx, CARLA, plain, yes))).toBe("no_poll");
      await expect(withUser(getDb(), ANON, (tx) => vote(tx, CARLA, postId, yes))).rejects.toThrow(/permission denied|row-level security/);
      expect((await results(null)).total).toBe(3);
    });

    it("deleting the post takes its poll, options and votes along", async () => {
      const id = await newPollPost(ALICE, "Apagar depois?", ["Sim", "Não"]);
      const [option] = await optionIds(id);
      await asUser(BRUNO, (tx) => vote(tx, BRUNO, id, option!));
      expect(await asUser(ALICE, (tx) => deletePost(tx, ALICE, id))).toEqual({ status: "deleted", imageUrl: null });
      expect(await owner(`SELECT 1 FROM public.polls WHERE post_id = $1`, [id])).toEqual([]);
      expect(await owner(`SELECT 1 FROM public.poll_votes WHERE option_id = $1`, [option])).toEqual([]);
    });
  });

  describe("feed", () => {
    it("pages newest first with a fixed number of statements per page, whatever the polls", async () => {
      for (let i = 0; i < POSTS_PAGE_SIZE + 2; i++) {
        await newPollPost(i % 2 ? BRUNO : CARLA, `Enquete do feed ${i}`, ["Sim", "Não"]);
      }
      const { posts, hasMore, statements } = await asUser(BRUNO, async (tx) => {
        const probe = counting(tx);
        const page = await listPosts(probe.tx, { page: 1, viewerId: BRUNO });
        return { ...page, statements: probe.count() };
      });
      expect(posts).toHaveLength(POSTS_PAGE_SIZE);
      expect(hasMore).toBe(true);
      // One for the posts, one for all their polls' counts, one for the viewer's votes.
      expect(statements).toBe(3);
      expect(posts[0]!.poll!.question).toBe(`Enquete do feed ${POSTS_PAGE_SIZE + 1}`);
      const times = posts.map((p) => new Date(p.createdAt).getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const second = await withUser(getDb(), ANON, (tx) => listPosts(tx, { page: 2, viewerId: null }));
      expect(second.posts.map((p) => p.id)).not.toContain(posts[0]!.id);
    });

    it("lists only the user's own posts on /my-posts", async () => {
      const mine = await asUser(BRUNO, (tx) => listMyPosts(tx, BRUNO, { page: 1 }));
      expect(mine.posts.length).toBeGreaterThan(0);
      expect(mine.posts.every((p) => p.author.id === BRUNO)).toBe(true);
    });
  });

  describe("news", () => {
    it("the author deletes their own article; anyone else is refused by the model and by RLS", async () => {
      const id = await asUser(ALICE, (tx) =>
        createNews(tx, ALICE, { title: "Feira volta à praça", summary: "Sábado", content: "Texto.", coverImage: "/media/wide/capa-1" }),
      );
      expect(await asUser(BRUNO, (tx) => deleteNews(tx, BRUNO, id))).toEqual({ status: "forbidden" });
      expect(await asUser(BRUNO, (tx) => tx.query(`DELETE FROM public.news WHERE id = $1 RETURNING id`, [id]))).toEqual([]);
      await expect(
        asUser(BRUNO, (tx) => createNews(tx, ALICE, { title: "Falsa", summary: "", content: "x", coverImage: null })),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withUser(getDb(), ANON, (tx) => getNewsArticle(tx, id))).toMatchObject({ title: "Feira volta à praça" });
      expect(await asUser(ALICE, (tx) => deleteNews(tx, ALICE, id))).toEqual({ status: "deleted", coverImage: "/media/wide/capa-1" });
      expect(await asUser(ALICE, (tx) => deleteNews(tx, ALICE, id))).toEqual({ status: "not_found" });
    });
  });
});
