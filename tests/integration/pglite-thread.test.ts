import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueViolation } from "#server/db/errors";
import { openPGlite } from "#server/db/engines";
import type { Database } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { openTestDatabase, type TestDatabase } from "./db";

// Issue #17: the embedded engine runs on a thread of its own (server/db/pglite-thread.ts), so
// a slow statement no longer holds the server's event loop — and everything the app did with
// PGlite in-process still holds across the boundary.

describe("PGlite on its own thread", () => {
  let handle: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    db = handle.db;
  });
  afterAll(() => handle.dispose());

  it("keeps the server's event loop turning while a slow statement runs", async () => {
    // Seconds of work in PostgreSQL. In-process, the WASM ran on this thread: no timer, no
    // cached page, no static file was served until it was done.
    const slow = db.query(`SELECT count(*)::int AS n FROM generate_series(1, 1000000) AS a (i) WHERE i % 7 = 0`);
    const first = await Promise.race([
      slow.then(() => "the slow statement"),
      new Promise((resolve) => setTimeout(() => resolve("a timer"), 0)),
    ]);
    expect(first).toBe("a timer");
    expect(await slow).toEqual([{ n: 142857 }]);
  });

  it("hands back a write's error with its SQLSTATE, constraint and detail", async () => {
    await db.exec(`CREATE TABLE public.thread_probe (id int PRIMARY KEY, label text)`);
    try {
      await db.query(`INSERT INTO public.thread_probe VALUES (1, 'um')`);
      const error = await db.query(`INSERT INTO public.thread_probe VALUES (1, 'de novo')`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: "23505", constraint: "thread_probe_pkey", detail: "Key (id)=(1) already exists.", severity: "ERROR" });
      expect(uniqueViolation(error)).toBe("thread_probe_pkey");
      // Inside a transaction too, and the transaction is rolled back whole.
      const inTx = await db
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO public.thread_probe VALUES (2, 'dois')`);
          await tx.query(`INSERT INTO public.thread_probe VALUES (2, 'outra vez')`);
        })
        .catch((e: unknown) => e);
      expect(inTx).toMatchObject({ code: "23505", constraint: "thread_probe_pkey" });
      expect(await db.query(`SELECT id FROM public.thread_probe ORDER BY id`)).toEqual([{ id: 1 }]);
    } finally {
      await db.exec(`DROP TABLE public.thread_probe`);
    }
  });

  it("passes bytes, dates, bigints and json both ways", async () => {
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT $1::bytea AS bytes, $2::timestamptz AS at, $3::int8::text AS big, $4::jsonb AS doc, $5::text AS nothing`,
      [Buffer.from(bytes), new Date("2026-11-24T10:00:00.000Z"), 9007199254740993n, { feira: ["sábado"] }, null],
    );
    expect(row).toEqual({ bytes, at: new Date("2026-11-24T10:00:00.000Z"), big: "9007199254740993", doc: { feira: ["sábado"] }, nothing: null });
  });

  it("runs a transaction as the caller, and the role and claims end with it", async () => {
    const sub = "8f1e1c52-2f55-4c1b-9d5e-6a1f0c3b2a11";
    const inside = await withUser(db, { role: "authenticated", sub }, (tx) => tx.query(`SELECT current_user::text AS role, auth.uid()::text AS uid`));
    expect(inside).toEqual([{ role: "authenticated", uid: sub }]);
    const [after] = await db.query<{ role: string; uid: string | null }>(`SELECT current_user::text AS role, auth.uid()::text AS uid`);
    expect(after).toMatchObject({ uid: null });
    expect(after?.role).not.toBe("authenticated");
  });

  it("hands every notification over in commit order, before the committing statement answers", async () => {
    const heard: string[] = [];
    const stop = await db.listen("thread_probe", { notify: (payload) => heard.push(payload), up: () => {}, down: () => {} });
    try {
      await db.transaction(async (tx) => {
        for (const payload of ["um", "dois", "três"]) await tx.query(`SELECT pg_notify('thread_probe', $1)`, [payload]);
        // Nothing before the commit.
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(["um", "dois", "três"]);
      await db.query(`SELECT pg_notify('thread_probe', 'quatro')`);
      expect(heard).toEqual(["um", "dois", "três", "quatro"]);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`SELECT pg_notify('thread_probe', 'desfeito')`);
          throw new Error("desistiu");
        }),
      ).rejects.toThrow("desistiu");
      await db.query(`SELECT pg_notify('thread_probe', 'cinco')`);
      expect(heard).toEqual(["um", "dois", "três", "quatro", "cinco"]);
    } finally {
      await stop();
    }
  });
});

describe("PGlite's folder through its thread", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-thread-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("closes the folder on close: a later open finds every committed row, and calls after close are refused", async () => {
    const first = await openPGlite(dir);
    await first.exec(`CREATE TABLE public.kept (id int PRIMARY KEY)`);
    await first.transaction((tx) => tx.query(`INSERT INTO public.kept VALUES (1), (2)`));
    await first.close();
    await expect(first.query(`SELECT 1`)).rejects.toMatchObject({ code: "57P01" });

    const second = await openPGlite(dir);
    try {
      expect(await second.query(`SELECT id FROM public.kept ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await second.close();
    }
  });
});
