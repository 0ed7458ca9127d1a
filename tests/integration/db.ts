import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openPostgres } from "#server/db/engines";
import { openPGliteThread } from "#server/db/pglite-thread";
import type { Database } from "#server/db/types";
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from "./postgres-admin";

export type EngineName = Database["engine"];

export type TestDatabase = { db: Database; dispose(): Promise<void> };

/**
 * A database of its own for one test file, already migrated unless `migrated: false`.
 * PGlite (on its own thread) loads the folder global-setup dumped (~0.6 s instead of a ~3 s initdb);
 * PostgreSQL copies the migrated template into a randomly named database.
 */
export async function openTestDatabase(engine: EngineName, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (engine === "pglite") {
    // On its thread, as the server runs it: the shipped path is the tested path.
    const db = await openPGliteThread({ loadDataDir: inject(migrated ? "pgliteMigratedDump" : "pgliteBlankDump") });
    return { db, dispose: () => db.close() };
  }
  const template = inject("postgresTemplate");
  if (!TEST_DATABASE_URL || !template) throw new Error("TEST_DATABASE_URL is not set");
  const name = `guida_it_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${migrated ? template : "template0"}`);
  try {
    const db = await openPostgres(databaseUrl(name), { prepare: true, max: 4 });
    return {
      db,
      async dispose() {
        await db.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } catch (error) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
}

export const ENGINES: readonly EngineName[] = ["pglite", "postgres"];

/**
 * Declares the same tests once per engine, each block on its own fresh database.
 * Without TEST_DATABASE_URL the PostgreSQL block is reported as skipped, with the
 * reason in its title, rather than silently missing.
 */
export function forEachEngine(
  define: (getDb: () => Database, engine: EngineName) => void,
  options: { migrated?: boolean; engines?: readonly EngineName[] } = {},
): void {
  for (const engine of options.engines ?? ENGINES) {
    const unavailable = engine === "postgres" && !TEST_DATABASE_URL;
    const title = unavailable ? `${engine} (skipped: TEST_DATABASE_URL is not set)` : engine;
    describe.skipIf(unavailable)(title, () => {
      let handle: TestDatabase | undefined;
      beforeAll(async () => {
        handle = await openTestDatabase(engine, options);
      });
      afterAll(async () => {
        await handle?.dispose();
      });
      define(() => {
        if (!handle) throw new Error(`the ${engine} test database is not open`);
        return handle.db;
      }, engine);
    });
  }
}
