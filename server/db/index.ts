import { EnvError, getEnv } from "../env";
import { changes, CHANGES_CHANNEL } from "./changes";
import { openPGlite, openPostgres } from "./engines";
import { acquireDataDirLock, type DataDirLock } from "./lock";
import { hasSupabaseAuthSchema, migrate } from "./migrate";
import type { Database } from "./types";

import { countingDatabase } from "./statement-count";
import { timedDatabase } from "./timed";
import { POSTGRES_POOL_SIZE } from "./engines";
export { uniqueViolation } from "./errors";
export { withUser } from "./with-user";
export { ANON } from "./types";
export type { Claims, Database, Queryable } from "./types";

type Platform = {
  db: Database;
  lock: DataDirLock | null;
  seeded: boolean;
  analyzer: NodeJS.Timeout | null;
  stopListening: () => Promise<void>;
};

// One instance per process, kept on globalThis so dev-server module reloads do not
// open the PGlite folder a second time (which would corrupt it).
const globalKey = Symbol.for("guida.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Platform> };

/**
 * How a first start seeds the embedded database. The seed (server/seed/) sits above this
 * layer, so the start-up (server/http/app.ts) hands it over; without one (the operator
 * commands) opening seeds nothing.
 */
export type Seeder = {
  /** Whether this start has seeding or pictures left to do (an empty or interrupted first start). */
  pending(dataDir: string): boolean;
  /** The production server seeds in a child process, before it opens the folder itself. */
  child?: () => Promise<{ seeded: boolean }>;
  /** Otherwise (npm run dev) in this process, on the migrated database: whether it seeded. */
  here(db: Database, dataDir: string): Promise<boolean>;
};
let seeder: Seeder | undefined;

export function seedWith(next: Seeder): void {
  seeder = next;
}

async function start(): Promise<Platform> {
  const env = getEnv();
  let lock: DataDirLock | null = null;
  let db: Database;
  let seededByChild = false;
  if (env.DATABASE_URL) {
    db = await openPostgres(env.DATABASE_URL, { prepare: env.DATABASE_PREPARE, listenUrl: env.DATABASE_LISTEN_URL });
  } else {
    lock = await acquireDataDirLock(env.DATA_DIR, {
      onWait: (message) => console.log(`[guida] ${message}`),
      onTakeover: (message) => console.log(`[guida] ${message}`),
    });
    try {
      // The serving process holds the lock; a child seeds (and exits) before it opens the folder.
      if (seeder?.child && env.SEED_DEMO === "auto" && seeder.pending(env.DATA_DIR)) seededByChild = (await seeder.child()).seeded;
      db = await openPGlite(env.DATA_DIR);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  // Refused at boot rather than on someone's first sign-up: local accounts would write
  // GoTrue's auth.users (no id default, its own constraints) and answer 500, or leave users
  // Supabase Auth cannot sign in. Nothing is migrated before the operator fixes the setting.
  if (!env.SUPABASE_URL && (await hasSupabaseAuthSchema(db))) {
    await db.close();
    await lock?.release();
    throw new EnvError(
      "Invalid configuration:\n  SUPABASE_URL: required when DATABASE_URL is a Supabase project's database " +
        "(Supabase Auth's auth schema is there, and local accounts cannot live in it); " +
        "set SUPABASE_URL and SUPABASE_ANON_KEY to sign residents in with Supabase Auth\nSee .env.example.",
    );
  }
  const migrated = await migrate(db, undefined, { localAuth: !env.SUPABASE_URL });
  let seeded = false;
  // The demo town fills only an empty embedded database; a real deployment is never touched.
  if (!env.DATABASE_URL && env.SEED_DEMO === "auto" && seeder && !seeder.child) seeded = await seeder.here(db, env.DATA_DIR);
  // The planner needs statistics to pick the indexes: after migrations and seeding, and —
  // on the embedded engine, which has no autovacuum — every hour while the server runs.
  if (migrated.length || seeded) await db.exec("ANALYZE");
  const analyzer = db.engine === "pglite" ? keepStatisticsFresh(db) : null;
  purgeAddressesHourly(db);
  if (env.ACCESS_LOG_SQL === "on") db = countingDatabase(db);
  db = timedDatabase(db, db.engine === "pglite" ? 1 : POSTGRES_POOL_SIZE);
  const stopListening = await listenForChanges(db);
  return { db, lock, seeded: seeded || seededByChild, analyzer, stopListening };
}

const ANALYZE_EVERY_MS = 60 * 60_000;

function keepStatisticsFresh(db: Database): NodeJS.Timeout {
  const timer = setInterval(() => {
    db.exec("ANALYZE").catch((error: unknown) => console.error("[db] ANALYZE failed:", error));
  }, ANALYZE_EVERY_MS);
  timer.unref();
  return timer;
}

/**
 * Issue #25 (LGPD): the hashed network addresses the trust rules use are kept for
 * moderation_settings.address_days (30) days. Each new hash purges the old ones; this also
 * runs at start and every hour, so a quiet town keeps none longer either.
 */
function purgeAddressesHourly(db: Database): void {
  const purge = () => {
    db.query(`SELECT public.purge_addresses()`).catch((error: unknown) => console.error("[db] purging old address hashes failed:", error));
  };
  purge();
  setInterval(purge, ANALYZE_EVERY_MS).unref();
}

/**
 * This server hears every committed write (server/db/changes.ts). Each time the listening
 * session (re)starts, whatever was cached before may have missed changes: everything goes.
 */
function listenForChanges(db: Database): Promise<() => Promise<void>> {
  const send = async (channel: string, payload: string) => {
    await db.query(`SELECT pg_notify($1, $2)`, [channel, payload]);
  };
  return db.listen(CHANGES_CHANNEL, {
    notify: (payload) => changes.receive(payload),
    up: () => {
      changes.attach(send);
      changes.gap();
    },
    down: () => {
      changes.detach();
      changes.gap();
    },
  });
}

export function getPlatform(): Promise<Platform> {
  const g = globalThis as GlobalWithDb;
  g[globalKey] ??= start().catch((error: unknown) => {
    delete g[globalKey];
    throw error;
  });
  return g[globalKey];
}

export async function getDb(): Promise<Database> {
  return (await getPlatform()).db;
}

/**
 * Whether the database answers a trivial query within `timeoutMs`: the health check's
 * question (no session, no data), answered with the engine's name.
 */
export async function pingDatabase(timeoutMs: number): Promise<Database["engine"]> {
  const db = await getDb();
  await Promise.race([
    db.query("SELECT 1"),
    new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref()),
  ]);
  return db.engine;
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[globalKey];
  if (!pending) return;
  delete g[globalKey];
  const platform = await pending.catch(() => null);
  if (!platform) return;
  if (platform.analyzer) clearInterval(platform.analyzer);
  await platform.stopListening().catch(() => {});
  changes.detach();
  await platform.db.close();
  await platform.lock?.release();
}
