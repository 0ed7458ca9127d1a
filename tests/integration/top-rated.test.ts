import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database, type Queryable } from "#server/db/types";
import { listBusinesses } from "#server/models/businesses";
import { listDrivers } from "#server/models/drivers";
import { addReview, reviewOutcomeOf } from "#server/models/reviews";
import { listServices } from "#server/models/services";
import { averageLabel } from "~/components/rating";
import { forEachEngine } from "./db";

// Issue #30: the directory lists' "4+ estrelas" filter, on both engines. A listing is in it
// exactly when the average its card shows (one decimal, averageLabel) is 4,0 or more; the
// filtered list pages by the same keyset as the unfiltered one, both directions; a review
// moves a listing in and out, as the database keeps the rating.

const NOW = new Date("2026-11-24T13:30:00Z");
const visitor = (db: Database) => <T>(read: (tx: Queryable) => Promise<T>) => withUser(db, ANON, read);

/** A business of its own category (so each test reads only its rows) with the rating given. */
async function business(db: Database, category: string, name: string, rating: { count: number; sum: number }): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO public.businesses (name, category, rating_count, rating_sum) VALUES ($1, $2, $3, $4) RETURNING id`,
    [name, category, rating.count, rating.sum],
  );
  return row!.id;
}

const shownAtLeastFour = (rating: { count: number; sum: number }) => Number((averageLabel(rating) ?? "0").replace(",", ".")) >= 4;

forEachEngine((getDb) => {
  describe("4+ estrelas", () => {
    it("lists exactly the listings whose shown average is 4,0 or more (3,95 is shown as 4,0; 3,94 as 3,9)", async () => {
      const db = getDb();
      const category = `Teste ${randomUUID().slice(0, 8)}`;
      const ratings = {
        "Sem avaliação": { count: 0, sum: 0 },
        "Uma de cinco": { count: 1, sum: 5 },
        "Quatro redondo": { count: 2, sum: 8 },
        "Três e noventa e cinco": { count: 20, sum: 79 },
        "Três e noventa e quatro": { count: 50, sum: 197 },
        "Três": { count: 3, sum: 9 },
      };
      for (const [name, rating] of Object.entries(ratings)) await business(db, category, name, rating);

      const { businesses } = await visitor(db)((tx) => listBusinesses(tx, { page: 1, category, topRated: true, now: NOW }));
      const expected = Object.entries(ratings).filter(([, rating]) => shownAtLeastFour(rating)).map(([name]) => name);
      expect(businesses.map((b) => b.name).sort()).toEqual([...expected].sort());
      expect(expected).toEqual(["Uma de cinco", "Quatro redondo", "Três e noventa e cinco"]);
      // Without the filter, every one of them.
      const all = await visitor(db)((tx) => listBusinesses(tx, { page: 1, category, now: NOW }));
      expect(all.businesses).toHaveLength(6);
    });

    it("pages the filtered list by its cursor both ways, skipping the listings below 4", async () => {
      const db = getDb();
      const category = `Teste ${randomUUID().slice(0, 8)}`;
      // 25 top-rated listings between 25 below 4: "Loja 01" … "Loja 50", the even ones top-rated.
      for (let n = 1; n <= 50; n++) {
        await business(db, category, `Loja ${String(n).padStart(2, "0")}`, n % 2 === 0 ? { count: 1, sum: 5 } : { count: 1, sum: 3 });
      }
      const read = (request: { page: number; after?: string; before?: string }) =>
        visitor(db)((tx) => listBusinesses(tx, { ...request, category, topRated: true, now: NOW }));
      const first = await read({ page: 1 });
      expect(first.businesses.map((b) => b.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Loja ${String(2 * (i + 1)).padStart(2, "0")}`));
      expect(first.hasMore).toBe(true);
      const second = await read({ page: 2, after: first.businesses.at(-1)!.id });
      expect(second.businesses.map((b) => b.name)).toEqual(["Loja 42", "Loja 44", "Loja 46", "Loja 48", "Loja 50"]);
      expect(second.hasMore).toBe(false);
      const back = await read({ page: 1, before: second.businesses[0]!.id });
      expect(back.businesses.map((b) => b.name)).toEqual(first.businesses.map((b) => b.name));
      expect(back.page).toBe(1);
    });

    it("a review moves a service and a driver into the filter, a worse one out again", async () => {
      const db = getDb();
      const reviewer = randomUUID();
      const other = randomUUID();
      for (const id of [reviewer, other]) {
        await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
          id,
          `nota_${id.slice(0, 8)}@exemplo.com.br`,
          JSON.stringify({ username: `nota_${id.slice(0, 8)}`, full_name: "Morador da Nota" }),
        ]);
      }
      const category = `Teste ${randomUUID().slice(0, 8)}`;
      const [service] = await db.query<{ id: string }>(`INSERT INTO public.services (name, category) VALUES ('Eletricista da Nota', $1) RETURNING id`, [category]);
      const [driver] = await db.query<{ id: string }>(`INSERT INTO public.drivers (name, vehicle_kind) VALUES ($1, 'van') RETURNING id`, [`Van da Nota ${category}`]);
      const as = (sub: string): Claims => ({ role: "authenticated", sub });
      const rate = async (who: string, kind: "service" | "driver", listingId: string, stars: number) =>
        expect(await reviewOutcomeOf(withUser(db, as(who), (tx) => addReview(tx, who, { kind, listingId, stars, body: "" })))).toMatchObject({ ok: true });
      const services = async () => (await visitor(db)((tx) => listServices(tx, { page: 1, category, topRated: true }))).services.map((s) => s.id);
      const drivers = async () =>
        (await visitor(db)((tx) => listDrivers(tx, { page: 1, filter: "van", topRated: true, now: NOW }))).drivers.map((d) => d.id);

      expect(await services()).toEqual([]);
      await rate(reviewer, "service", service!.id, 5);
      await rate(reviewer, "driver", driver!.id, 4);
      expect(await services()).toEqual([service!.id]);
      expect(await drivers()).toContain(driver!.id);
      await rate(other, "service", service!.id, 2);
      await rate(other, "driver", driver!.id, 3);
      expect(await services()).toEqual([]);
      expect(await drivers()).not.toContain(driver!.id);
    });
  });
});
