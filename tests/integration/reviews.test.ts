import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database } from "#server/db/types";
import { addReview, answerReview, editReview, listReviews, reviewOutcomeOf, type ListingKind } from "#server/models/reviews";
import { moderateItem, reportItem } from "#server/models/moderation";
import { forEachEngine } from "./db";

// Issue #30's reviews in the database, on both engines: one review per resident per listing
// (a concurrent second one is an answer, not a 500), the owner cannot review their own
// listing (through the API too), the trust rule, the owner's one answer, the notifications,
// hidden reviews and the trigger-kept rating against a recount after 500 random writes.

const as = (sub: string): Claims => ({ role: "authenticated", sub });
let serial = 0;

async function resident(db: Database, { confirmed = true } = {}): Promise<string> {
  const id = randomUUID();
  const username = `avaliador_${++serial}_${id.slice(0, 6)}`;
  await db.query(
    `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)`,
    [id, `${username}@exemplo.com.br`, JSON.stringify({ username, full_name: `Avaliador ${serial}` }), confirmed],
  );
  return id;
}

async function listing(db: Database, kind: ListingKind, owner: string | null): Promise<string> {
  const sql = {
    business: `INSERT INTO public.businesses (owner_id, name, category) VALUES ($1, 'Padaria Pão Quente', 'Padarias') RETURNING id`,
    service: `INSERT INTO public.services (owner_id, name, category) VALUES ($1, 'Eletricista Zé', 'Reformas') RETURNING id`,
    driver: `INSERT INTO public.drivers (owner_id, name, vehicle_kind) VALUES ($1, 'Mototáxi do Rafa', 'moto') RETURNING id`,
  }[kind];
  return (await db.query<{ id: string }>(sql, [owner]))[0]!.id;
}

const review = (db: Database, who: string, kind: ListingKind, listingId: string, stars: number, body = "") =>
  reviewOutcomeOf(withUser(db, as(who), (tx) => addReview(tx, who, { kind, listingId, stars, body })));

type RatingRow = { count: number; sum: number; counts: number[] };
const ratingOf = async (db: Database, listingId: string) =>
  (await db.query<RatingRow>(`SELECT rating_count AS count, rating_sum AS sum, rating_counts AS counts FROM public.businesses WHERE id = $1`, [listingId]))[0]!;
const recountOf = async (db: Database, listingId: string) =>
  (await db.query<RatingRow>(
    `WITH r AS (SELECT stars FROM public.reviews WHERE business_id = $1 AND moderation_state = 'visible')
     SELECT (SELECT count(*)::int FROM r) AS count, (SELECT coalesce(sum(stars), 0)::int FROM r) AS sum,
            ARRAY(SELECT (SELECT count(*)::int FROM r WHERE r.stars = s) FROM generate_series(1, 5) s ORDER BY s) AS counts`,
    [listingId],
  ))[0]!;

forEachEngine((getDb, engine) => {
  let owner: string;
  let neighbour: string;
  let moderator: string;

  beforeEach(async () => {
    const db = getDb();
    owner = await resident(db);
    neighbour = await resident(db);
    moderator = await resident(db);
    const [row] = await db.query<{ email: string }>(`SELECT email FROM auth.users WHERE id = $1`, [moderator]);
    await db.query(`SELECT public.grant_role($1, 'moderator')`, [row!.email]);
  });

  describe("one review per resident per listing", () => {
    it("a second review of the same listing answers with the first one's id, and nothing is written twice", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      const first = await review(db, neighbour, "business", biz, 5, "Pão sempre quentinho.");
      expect(first).toMatchObject({ ok: true, kind: "business", listingId: biz });
      const again = await review(db, neighbour, "business", biz, 1, "Outra aba");
      expect(again).toEqual({ ok: false, refusal: "exists", id: first.ok ? first.id : "" });
      expect(await ratingOf(db, biz)).toEqual({ count: 1, sum: 5, counts: [0, 0, 0, 0, 1] });
    });

    it("two concurrent creates (a double tap, two tabs): one review, the other told where it is, no error", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      const outcomes = await Promise.all([1, 2, 3, 4].map((stars) => review(db, neighbour, "business", biz, stars)));
      const created = outcomes.filter((o) => o.ok);
      expect(created).toHaveLength(1);
      const id = created[0]!.ok ? created[0]!.id : "";
      expect(outcomes.filter((o) => !o.ok)).toEqual([1, 2, 3].map(() => ({ ok: false, refusal: "exists", id })));
      expect((await ratingOf(db, biz)).count).toBe(1);
    });

    it("the database refuses a second row even when the code does not ask first (the API's plain INSERT)", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      await review(db, neighbour, "business", biz, 4);
      await expect(
        withUser(db, as(neighbour), (tx) => tx.query(`INSERT INTO public.reviews (business_id, author_id, stars) VALUES ($1, $2, 2)`, [biz, neighbour])),
      ).rejects.toMatchObject({ code: "23505" });
    });
  });

  describe("who may review", () => {
    it("never the listing's owner: not through the app, not through the API, not by the owner's seed", async () => {
      const db = getDb();
      for (const kind of ["business", "service", "driver"] as const) {
        const id = await listing(db, kind, owner);
        expect(await review(db, owner, kind, id, 5, "O melhor da cidade!")).toEqual({ ok: false, refusal: "own_listing" });
      }
      const biz = await listing(db, "business", owner);
      await expect(db.query(`INSERT INTO public.reviews (business_id, author_id, stars) VALUES ($1, $2, 5)`, [biz, owner])).rejects.toMatchObject({ code: "23514" });
    });

    it("a confirmed account at least (the level that may report); a blocked resident writes nothing; nobody writes as another", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      const unconfirmed = await resident(db, { confirmed: false });
      expect(await review(db, unconfirmed, "business", biz, 4)).toEqual({ ok: false, refusal: "trust" });
      const blocked = await resident(db);
      await db.query(`INSERT INTO public.resident_blocks (user_id, blocked_by) VALUES ($1, $2)`, [blocked, moderator]);
      expect(await review(db, blocked, "business", biz, 4)).toEqual({ ok: false, refusal: "blocked" });
      await expect(
        withUser(db, as(neighbour), (tx) => tx.query(`INSERT INTO public.reviews (business_id, author_id, stars) VALUES ($1, $2, 1)`, [biz, unconfirmed])),
      ).rejects.toMatchObject({ code: "42501" });
      expect((await ratingOf(db, biz)).count).toBe(0);
    });
  });

  describe("editing and answering", () => {
    it("editing replaces stars and text and dates the review anew; the rating follows; only its author edits", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      const [old] = await db.query<{ id: string }>(
        `INSERT INTO public.reviews (business_id, author_id, stars, body, created_at, updated_at)
         VALUES ($1, $2, 2, 'Demorou.', now() - interval '3 days', now() - interval '3 days') RETURNING id`,
        [biz, neighbour],
      );
      expect(await reviewOutcomeOf(withUser(db, as(neighbour), (tx) => editReview(tx, neighbour, old!.id, { stars: 4, body: "Melhorou muito." })))).toMatchObject({ ok: true });
      const [row] = await db.query<{ stars: number; body: string; fresh: boolean; created: boolean }>(
        `SELECT stars, body, updated_at > now() - interval '1 minute' AS fresh, created_at < now() - interval '2 days' AS created FROM public.reviews WHERE id = $1`,
        [old!.id],
      );
      expect(row).toEqual({ stars: 4, body: "Melhorou muito.", fresh: true, created: true });
      expect(await ratingOf(db, biz)).toEqual({ count: 1, sum: 4, counts: [0, 0, 0, 1, 0] });
      expect(await reviewOutcomeOf(withUser(db, as(owner), (tx) => editReview(tx, owner, old!.id, { stars: 5, body: "" })))).toEqual({ ok: false, refusal: "forbidden" });
    });

    it("the owner answers each review once, publicly; nobody else answers; both sides are notified", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      const written = await review(db, neighbour, "business", biz, 3, "Bom, mas caro.");
      const id = written.ok ? written.id : "";
      const [told] = await db.query<{ title: string; body: string; link: string }>(
        `SELECT title, body, link FROM public.notifications WHERE user_id = $1 AND kind = 'review'`,
        [owner],
      );
      expect(told).toEqual({
        title: "Nova avaliação de Padaria Pão Quente",
        body: expect.stringMatching(/deu 3 estrelas: “Bom, mas caro.”$/),
        link: `/business/${biz}#avaliacao-${id}`,
      });
      const answer = (who: string, body: string) => reviewOutcomeOf(withUser(db, as(who), (tx) => answerReview(tx, who, id, body)));
      expect(await answer(neighbour, "Respondendo a mim mesmo")).toEqual({ ok: false, refusal: "forbidden" });
      expect(await answer(owner, "Obrigado! Temos promoção às terças.")).toMatchObject({ ok: true });
      expect(await answer(owner, "Outra resposta")).toEqual({ ok: false, refusal: "answered" });
      await expect(
        withUser(db, as(neighbour), (tx) => tx.query(`INSERT INTO public.review_replies (review_id, author_id, body) VALUES ($1, $2, 'forjada')`, [id, neighbour])),
      ).rejects.toMatchObject({ code: "42501" });
      const shown = await withUser(db, ANON, (tx) => listReviews(tx, "business", biz));
      expect(shown.map((r) => [r.stars, r.body, r.reply?.body])).toEqual([[3, "Bom, mas caro.", "Obrigado! Temos promoção às terças."]]);
      const [back] = await db.query<{ title: string }>(`SELECT title FROM public.notifications WHERE user_id = $1 AND kind = 'review'`, [neighbour]);
      expect(back?.title).toBe("Resposta à sua avaliação de Padaria Pão Quente");
    });
  });

  describe("moderation", () => {
    it("a reported review hidden by a moderator leaves the rating and the page, stays marked for its author, and comes back", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      const written = await review(db, neighbour, "business", biz, 1, "Golpe!!! Não comprem");
      const id = written.ok ? written.id : "";
      await withUser(db, as(owner), (tx) => reportItem(tx, owner, { kind: "review", id, reason: "ofensivo", note: "" }));
      await withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "review", id, action: "hide", note: "" }));
      expect(await ratingOf(db, biz)).toEqual({ count: 0, sum: 0, counts: [0, 0, 0, 0, 0] });
      expect(await withUser(db, ANON, (tx) => listReviews(tx, "business", biz))).toEqual([]);
      const own = await withUser(db, as(neighbour), (tx) => listReviews(tx, "business", biz, neighbour));
      expect(own.map((r) => r.moderationState)).toEqual(["hidden"]);
      const [log] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.moderation_log WHERE item_type = 'review' AND item_id = $1`, [id]);
      expect(log!.n).toBe(1);
      await withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "review", id, action: "restore", note: "" }));
      expect((await ratingOf(db, biz)).count).toBe(1);
    });

    it("the shared moderation functions know every kind from one list", async () => {
      const db = getDb();
      const biz = await listing(db, "business", owner);
      const written = await review(db, neighbour, "business", biz, 4);
      const id = written.ok ? written.id : "";
      const [row] = await db.query<{ author: string; title: string; link: string; state: string; exists: boolean; biz: string }>(
        `SELECT public.author_of('review', $1) AS author, public.item_title('review', $1) AS title, public.item_link('review', $1) AS link,
                public.item_state('review', $1) AS state, public.item_exists('review', $1) AS exists, public.item_link('business', $2) AS biz`,
        [id, biz],
      );
      expect(row).toEqual({ author: neighbour, title: "4 estrelas", link: `/business/${biz}#avaliacao-${id}`, state: "visible", exists: true, biz: `/business/${biz}` });
    });
  });

  it(`the trigger-kept rating equals a recount after 500 random writes (${engine})`, async () => {
    const db = getDb();
    const biz = await listing(db, "business", owner);
    const reviewers = await db.query<{ id: string }>(
      `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at)
       SELECT u.id, 'r500_' || u.id || '@exemplo.com.br', json_build_object('username', 'r500_' || left(u.id::text, 8), 'full_name', 'Vizinho')::jsonb, now()
       FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 40)) u RETURNING id`,
    );
    // A fixed sequence (a seeded generator), so a failure is the same failure again.
    let seed = 30;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 500; i++) {
      const who = reviewers[next(reviewers.length)]!.id;
      const stars = 1 + next(5);
      const op = next(10);
      if (op < 5) {
        await db.query(
          `INSERT INTO public.reviews (business_id, author_id, stars) VALUES ($1, $2, $3)
           ON CONFLICT ON CONSTRAINT reviews_one_per_resident DO UPDATE SET stars = EXCLUDED.stars`,
          [biz, who, stars],
        );
      } else if (op < 7) {
        await db.query(`DELETE FROM public.reviews WHERE business_id = $1 AND author_id = $2`, [biz, who]);
      } else {
        await db.query(`UPDATE public.reviews SET moderation_state = $3 WHERE business_id = $1 AND author_id = $2`, [
          biz,
          who,
          op < 9 ? "hidden" : "visible",
        ]);
      }
    }
    const kept = await ratingOf(db, biz);
    expect(kept).toEqual(await recountOf(db, biz));
    expect(kept.count).toBeGreaterThan(0);
  });
});
