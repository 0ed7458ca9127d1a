import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPostgres } from "#server/db/engines";
import { openPGliteThread } from "#server/db/pglite-thread";
import { migrate } from "#server/db/migrate";
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from "./postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** gzip tarball of a freshly initdb'd PGlite data folder, nothing migrated. */
    pgliteBlankDump: string;
    /** The same folder after migrate(): what every test file starts from. */
    pgliteMigratedDump: string;
    /** Migrated template database on TEST_DATABASE_URL's server, or "" without one. */
    postgresTemplate: string;
  }
}

/**
 * Pays the expensive parts once per run: PGlite's initdb (seconds, ~600 MB) and the
 * migrations. Test files then clone the result (tests/integration/db.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-it-"));
  const cleanups: (() => Promise<void>)[] = [async () => fs.rmSync(tmp, { recursive: true, force: true })];
  const teardown = async () => {
    for (const cleanup of cleanups) await cleanup();
  };
  try {
    await prepare(project, tmp, cleanups);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

async function prepare(project: TestProject, tmp: string, cleanups: (() => Promise<void>)[]): Promise<void> {
  // Dumped twice: blank (for the migrations test) and migrated (for everything else).
  const pg = await openPGliteThread({ dataDir: null });
  const blank = path.join(tmp, "pglite-blank.tgz");
  fs.writeFileSync(blank, await pg.dump());
  await migrate(pg);
  const migrated = path.join(tmp, "pglite-migrated.tgz");
  fs.writeFileSync(migrated, await pg.dump());
  await pg.close();
  project.provide("pgliteBlankDump", blank);
  project.provide("pgliteMigratedDump", migrated);

  let template = "";
  if (!TEST_DATABASE_URL) {
    console.warn("[integration] TEST_DATABASE_URL is not set: the PostgreSQL cases are skipped (see scripts/test-postgres.sh).");
  } else {
    // A random name: several runs (or engineers) may share one test cluster.
    template = `guida_it_template_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${template} TEMPLATE template0`);
    cleanups.unshift(async () => {
      await adminQuery(`ALTER DATABASE ${template} WITH IS_TEMPLATE false`);
      await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    });
    const db = await openPostgres(databaseUrl(template), { prepare: true, max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    // No session may stay connected to a template while CREATE DATABASE copies it.
    await adminQuery(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  }
  project.provide("postgresTemplate", template);
}
