import { beforeAll, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import type { Claims, Database } from "#server/db/types";
import { addGalleryImage, MAX_GALLERY_IMAGES } from "#server/models/business-images";
import { forEachEngine } from "./db";

// The 12-photo gallery cap holds when uploads arrive at the same moment: on PostgreSQL
// from several connections at once (what two servers on one database are), on PGlite
// through one server's concurrent requests. The database enforces it, not a count the
// application read a moment before.

const OWNER = "00000000-0000-4000-8000-0000000000a1";
const BUSINESS = "70000000-0000-4000-8000-00000000b001";
const owner: Claims = { role: "authenticated", sub: OWNER };

async function galleryCount(db: Database): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.business_images WHERE business_id = $1`, [BUSINESS]);
  return row!.n;
}

forEachEngine((getDb, engine) => {
  beforeAll(async () => {
    const db = getDb();
    await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, 'dona@exemplo.com.br', $2)`, [
      OWNER,
      JSON.stringify({ username: "dona_da_padaria", full_name: "Dona da Padaria" }),
    ]);
    await db.query(
      `INSERT INTO public.businesses (id, owner_id, name, category, description, address, neighbourhood)
       VALUES ($1, $2, 'Padaria Central', 'Padarias', 'Pão quente', 'Rua Direita, 10', 'Centro')`,
      [BUSINESS, OWNER],
    );
    for (let i = 0; i < MAX_GALLERY_IMAGES - 1; i++) {
      expect(await withUser(db, owner, (tx) => addGalleryImage(tx, BUSINESS, `/media/photo/seed-${i}`))).toBe("ok");
    }
  });

  /**
   * Runs `uploaders` writes at once. On PostgreSQL each gets its own connection (as three
   * servers on one database would) and all are held at the door of the table until every
   * one is inside its transaction and waiting on a lock, so none can finish before the
   * others have started; then they are let go together. PGlite runs one server's transactions one at a time.
   */
  async function simultaneously<T>(uploaders: number, write: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
    if (engine === "pglite") return Promise.allSettled(Array.from({ length: uploaders }, (_, i) => write(i)));
    // postgres.js opens connections lazily and queues a transaction behind a busy one
    // rather than opening another: open all four first, with queries that overlap.
    await Promise.all(Array.from({ length: 4 }, () => getDb().query(`SELECT pg_sleep(0.05)`)));
    let writes: Promise<PromiseSettledResult<T>[]> | undefined;
    await getDb().transaction(async (tx) => {
      await tx.query(`LOCK TABLE public.business_images IN SHARE ROW EXCLUSIVE MODE`);
      writes = Promise.allSettled(Array.from({ length: uploaders }, (_, i) => write(i)));
      // Its own deadline: an upload that never queues behind the lock must fail the test, not hang CI.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [waiting] = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting!.n >= uploaders) break;
        if (Date.now() > deadline) throw new Error(`only ${waiting!.n} of ${uploaders} uploads waited on the lock within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    return writes!;
  }

  it("lets exactly one of several simultaneous uploads take the twelfth place", async () => {
    // The pool has four connections: one holds the door, three upload.
    const uploaders = engine === "pglite" ? 6 : 3;
    const settled = await simultaneously(uploaders, (i) => withUser(getDb(), owner, (tx) => addGalleryImage(tx, BUSINESS, `/media/photo/concurrent-${i}`)));
    const outcomes = settled.map((s) => (s.status === "fulfilled" ? s.value : s.reason));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "full")).toHaveLength(uploaders - 1);
    expect(await galleryCount(getDb())).toBe(MAX_GALLERY_IMAGES);
  });

  it("holds the cap in the database against direct inserts too (as through Supabase's API)", async () => {
    await getDb().query(`DELETE FROM public.business_images WHERE url LIKE '/media/photo/concurrent-%'`);
    expect(await galleryCount(getDb())).toBe(MAX_GALLERY_IMAGES - 1);
    const uploaders = engine === "pglite" ? 6 : 3;
    const settled = await simultaneously(uploaders, (i) =>
      withUser(getDb(), owner, (tx) =>
        tx.query(`INSERT INTO public.business_images (business_id, url) VALUES ($1, $2)`, [BUSINESS, `/media/photo/direct-${i}`]),
      ),
    );
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    for (const refused of settled.filter((s) => s.status === "rejected")) {
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "23514" });
    }
    expect(await galleryCount(getDb())).toBe(MAX_GALLERY_IMAGES);
  });

  it("refuses the thirteenth photo and keeps the gallery as it was", async () => {
    expect(await withUser(getDb(), owner, (tx) => addGalleryImage(tx, BUSINESS, "/media/photo/one-too-many"))).toBe("full");
    expect(await galleryCount(getDb())).toBe(MAX_GALLERY_IMAGES);
  });
});
