import fs from "node:fs";
import path from "node:path";
import type { Database, Queryable } from "./types";

export type Migration = { name: string; sql: string };

function appRoot(): string {
  return process.env.APP_ROOT ?? process.cwd();
}

/**
 * The compatibility layer first (it is idempotent, and a no-op on Supabase), then
 * supabase/migrations in name order, each once, in its own transaction.
 */
export function loadMigrations(root = appRoot()): Migration[] {
  const dir = path.join(root, "supabase", "migrations");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();
  return files.map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), "utf8") }));
}

export function loadCompatSql(root = appRoot()): string {
  return fs.readFileSync(path.join(root, "server", "db", "compat.sql"), "utf8");
}

export function loadLocalAuthSql(root = appRoot()): string {
  return fs.readFileSync(path.join(root, "server", "db", "local-auth.sql"), "utf8");
}

/**
 * A Supabase project's database: GoTrue (Supabase Auth) keeps its own migration versions in
 * auth.schema_migrations, which our compatibility layer never creates. Its auth.users is
 * GoTrue's (no id default, other constraints), so local accounts cannot live there.
 */
export async function hasSupabaseAuthSchema(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>(
    `SELECT to_regclass('auth.schema_migrations') IS NOT NULL AS present`,
  );
  return row?.present ?? false;
}

/**
 * The Supabase CLI's own history table, created as `supabase db push` creates it (its
 * pkg/migration/history.go), so that the CLI finds the versions the server applied and
 * does not run them again ("relation profiles already exists"). The columns are added only
 * where missing: an ALTER would need ownership even when it changes nothing.
 */
const SUPABASE_CLI_HISTORY = `
  CREATE SCHEMA IF NOT EXISTS supabase_migrations;
  CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY);
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'supabase_migrations'
                   AND table_name = 'schema_migrations' AND column_name = 'statements') THEN
      ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN statements text[];
    END IF;
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'supabase_migrations'
                   AND table_name = 'schema_migrations' AND column_name = 'name') THEN
      ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN name text;
    END IF;
  END $$;`;

/** A file name's parts as the CLI reads them: `<version>_<name>.sql`. */
function cliVersion(fileName: string): { version: string; name: string } {
  const match = /^([0-9]+)_(.*)\.sql$/.exec(fileName);
  return { version: match?.[1] ?? fileName, name: match?.[2] ?? "" };
}

async function recordForSupabaseCli(tx: Queryable, migration: Migration): Promise<void> {
  const { version, name } = cliVersion(migration.name);
  // The whole file as one statement: the CLI keeps statements only to show or re-fetch them.
  await tx.query(
    `INSERT INTO supabase_migrations.schema_migrations (version, name, statements) VALUES ($1, $2, ARRAY[$3::text])
     ON CONFLICT (version) DO NOTHING`,
    [version, name, migration.sql],
  );
}

/**
 * Each step runs in a transaction holding one advisory lock: replicas (or WEB_CONCURRENCY
 * workers) starting together on one PostgreSQL migrate one at a time, and a step another
 * server applied meanwhile is found applied and skipped.
 */
const MIGRATION_LOCK = 7_031_915;

function locked(db: Database, fn: (tx: Queryable) => Promise<void>): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await fn(tx);
  });
}

export async function migrate(
  db: Database,
  root = appRoot(),
  options: { localAuth?: boolean } = {},
): Promise<string[]> {
  await locked(db, async (tx) => {
    await tx.exec(loadCompatSql(root));
    await tx.query(`
      CREATE TABLE IF NOT EXISTS public.guida_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Bookkeeping only: no role but the owner needs to see it.
    await tx.query(`ALTER TABLE public.guida_migrations ENABLE ROW LEVEL SECURITY`);
    await tx.exec(SUPABASE_CLI_HISTORY);
  });
  const migrations = loadMigrations(root);
  const ran: string[] = [];
  for (const migration of migrations) {
    await locked(db, async (tx) => {
      // Read under the lock: another server may have applied it a moment ago.
      const [cli] = await tx.query(`SELECT 1 FROM supabase_migrations.schema_migrations WHERE version::text = $1`, [
        cliVersion(migration.name).version,
      ]);
      if (cli) return;
      const [applied] = await tx.query(`SELECT 1 FROM public.guida_migrations WHERE name = $1`, [migration.name]);
      // Either side may have applied a file: `supabase db push` records versions — the file
      // names' timestamp prefix — in its table, the server records names in guida_migrations
      // and, from now on, versions in the CLI's table too. Applied by a server from before
      // this bookkeeping: tell the CLI too.
      if (applied) return recordForSupabaseCli(tx, migration);
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO public.guida_migrations (name) VALUES ($1)`, [migration.name]);
      await recordForSupabaseCli(tx, migration);
      ran.push(migration.name);
    });
  }
  // Local accounts' private tables; idempotent, and skipped when Supabase Auth is in use.
  if (options.localAuth ?? true) {
    await locked(db, async (tx) => {
      await tx.exec(loadLocalAuthSql(root));
    });
  }
  return ran;
}
