import fs from "node:fs";
import path from "node:path";
import type { Database } from "./types";

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

export async function migrate(
  db: Database,
  root = appRoot(),
  options: { localAuth?: boolean } = {},
): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.exec(loadCompatSql(root));
  });
  await db.query(`
    CREATE TABLE IF NOT EXISTS public.guida_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  // Bookkeeping only: no role but the owner needs to see it.
  await db.query(`ALTER TABLE public.guida_migrations ENABLE ROW LEVEL SECURITY`);
  const applied = new Set(
    (await db.query<{ name: string }>(`SELECT name FROM public.guida_migrations`)).map((r) => r.name),
  );
  // A project migrated with the Supabase CLI (`supabase db push`) records versions — the
  // file names' timestamp prefix — in its own table: those files are applied already.
  const [cli] = await db.query<{ present: boolean }>(
    `SELECT to_regclass('supabase_migrations.schema_migrations') IS NOT NULL AS present`,
  );
  if (cli?.present) {
    const versions = new Set(
      (await db.query<{ version: string }>(`SELECT version::text AS version FROM supabase_migrations.schema_migrations`)).map(
        (r) => r.version,
      ),
    );
    for (const migration of loadMigrations(root)) {
      const version = migration.name.split("_")[0]!;
      if (versions.has(version)) applied.add(migration.name);
    }
  }
  const ran: string[] = [];
  for (const migration of loadMigrations(root)) {
    if (applied.has(migration.name)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO public.guida_migrations (name) VALUES ($1)`, [migration.name]);
    });
    ran.push(migration.name);
  }
  // Local accounts' private tables; idempotent, and skipped when Supabase Auth is in use.
  if (options.localAuth ?? true) {
    await db.transaction(async (tx) => {
      await tx.exec(loadLocalAuthSql(root));
    });
  }
  return ran;
}
