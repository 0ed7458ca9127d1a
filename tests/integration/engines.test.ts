import { expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { forEachEngine } from "./db";

// The models run unchanged on PGlite and PostgreSQL, so both adapters must hand the same
// JavaScript values in and out. int8 is the documented exception (cast in SQL).
forEachEngine((getDb) => {
  it("returns the same JavaScript types for the columns the models use", async () => {
    const [row] = await getDb().query<Record<string, unknown>>(
      `SELECT 12.5::numeric(12,2) AS money, 7::int AS n, true AS yes, DATE '2024-02-29' AS day,
              TIMESTAMPTZ '2024-02-29 12:00:00+00' AS at, ARRAY['a', 'b'] AS tags,
              '{"open": true}'::jsonb AS hours, '8f1e1c52-2f55-4c1b-9d5e-6a1f0c3b2a10'::uuid AS id,
              count(*)::int AS counted`,
    );
    expect(row).toEqual({
      money: "12.50",
      n: 7,
      yes: true,
      day: new Date("2024-02-29T00:00:00.000Z"),
      at: new Date("2024-02-29T12:00:00.000Z"),
      tags: ["a", "b"],
      hours: { open: true },
      id: "8f1e1c52-2f55-4c1b-9d5e-6a1f0c3b2a10",
      counted: 1,
    });
  });

  it("stores a JSON text parameter bound to jsonb as the object, not as a JSON string", async () => {
    const rows = await getDb().query<{ kind: string; value: unknown }>(
      `SELECT jsonb_typeof(v) AS kind, v AS value FROM (VALUES ($1::jsonb), ($2::jsonb)) AS t (v)`,
      [JSON.stringify({ monday: { open: true } }), { tuesday: { open: false } }],
    );
    expect(rows).toEqual([
      { kind: "object", value: { monday: { open: true } } },
      { kind: "object", value: { tuesday: { open: false } } },
    ]);
  });

  it("passes arrays, dates and nulls as parameters", async () => {
    const [row] = await getDb().query<Record<string, unknown>>(
      `SELECT $1::text[] AS tags, $2::timestamptz AS at, $3::text AS nothing`,
      [["x", "y"], new Date("2025-01-02T03:04:05.000Z"), null],
    );
    expect(row).toEqual({ tags: ["x", "y"], at: new Date("2025-01-02T03:04:05.000Z"), nothing: null });
  });

  it("rolls a failed transaction back, and the role and claims do not outlive it", async () => {
    const db = getDb();
    await db.exec(`CREATE TABLE public.engine_probe (id int PRIMARY KEY)`);
    try {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO public.engine_probe VALUES (1)`);
          await tx.query(`INSERT INTO public.engine_probe VALUES (1)`);
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await db.query(`SELECT id FROM public.engine_probe`)).toEqual([]);

      const sub = "8f1e1c52-2f55-4c1b-9d5e-6a1f0c3b2a10";
      const inside = await withUser(db, { role: "authenticated", sub }, (tx) =>
        tx.query(`SELECT current_user::text AS role, auth.uid()::text AS uid`),
      );
      expect(inside).toEqual([{ role: "authenticated", uid: sub }]);
      // After the transaction the connection is the owner again, with no claims: a later
      // query on the same (PGlite: only) session must not run as the previous user.
      const after = await db.query<{ role: string; uid: string | null }>(
        `SELECT current_user::text AS role, auth.uid()::text AS uid`,
      );
      expect(after[0]?.role).not.toBe("authenticated");
      expect(after[0]?.uid).toBeNull();
    } finally {
      await db.exec(`DROP TABLE public.engine_probe`);
    }
  });
});
