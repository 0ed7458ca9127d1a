import fs from "node:fs";
import path from "node:path";
import { logLine } from "../log";
import type { Database, ListenHandlers, Queryable } from "./types";

/**
 * The extensions the schema uses (search: unaccent, pg_trgm). PGlite loads them only
 * when named at construction: every PGlite the project opens — server, scripts, tests —
 * must take its options from here.
 */
export async function pgliteExtensions() {
  const [{ unaccent }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite/contrib/unaccent"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return { unaccent, pg_trgm };
}

/** Embedded PostgreSQL (WASM). One instance per process: it has one session only. */
export async function openPGlite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const dir = dataDir ? path.resolve(dataDir, "pglite") : undefined;
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pg = await PGlite.create(dir, { extensions: await pgliteExtensions() });
  return wrapPGlite(pg);
}

type PGliteLike = {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(
    fn: (tx: {
      query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
      exec(sql: string): Promise<unknown>;
    }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};

export function wrapPGlite(pg: PGliteLike): Database {
  return {
    engine: "pglite",
    async query<T>(text: string, params?: unknown[]) {
      return (await pg.query<T>(text, params)).rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      // Inside the callback only tx may be used: db.query would wait on the
      // transaction's own mutex forever.
      return pg.transaction((tx) =>
        fn({
          async query<R>(text: string, params?: unknown[]) {
            return (await tx.query<R>(text, params)).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    close: () => pg.close(),
    listen: (channel, on) => listenOnPGlite(pg, channel, on),
  };
}

/**
 * PGlite is one session in this process: its LISTEN hears the process's own writes, handed
 * over before the writing query's promise resolves. Kept here, alone, so that moving PGlite
 * elsewhere (a worker) moves this with it.
 */
async function listenOnPGlite(pg: PGliteLike, channel: string, on: ListenHandlers): Promise<() => Promise<void>> {
  const unlisten = await pg.listen(channel, (payload) => on.notify(payload));
  on.up();
  return unlisten;
}

/**
 * Whether the connection to DATABASE_URL is encrypted. A database on another machine is
 * reached over a network someone else may read (a Supabase project always is), so it gets
 * TLS unless the URL itself says otherwise with `sslmode` (e.g. `sslmode=disable` for a
 * container on a private network, `sslmode=verify-full` to check the certificate too).
 * Loopback never leaves the machine and stays plain. "require" encrypts
 * without checking the certificate, as libpq's sslmode=require does: Supabase's
 * certificates chain to its own CA, which Node does not know.
 */
export function postgresTls(url: string): "require" | false | undefined {
  const parsed = new URL(url);
  // The URL decides: postgres.js reads sslmode (and sslrootcert=system) from it.
  if (parsed.searchParams.has("sslmode") || parsed.searchParams.has("ssl") || parsed.searchParams.get("sslrootcert") === "system") {
    return undefined;
  }
  return isLoopbackHost(parsed.hostname) ? false : "require";
}

function isLoopbackHost(host: string): boolean {
  const name = host.trim().replace(/^\[|\]$/g, "").toLowerCase();
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  return /^127(\.\d{1,3}){3}$/.test(name);
}

/** Any PostgreSQL 14+ server, Supabase's included. */
export async function openPostgres(url: string, options: { prepare: boolean; max?: number; listenUrl?: string }): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const ssl = postgresTls(url);
  const sql = postgres(url, {
    ...(ssl === undefined ? {} : { ssl }),
    prepare: options.prepare,
    max: options.max ?? 10,
    onnotice: () => {},
    connect_timeout: 5,
    // Keep numeric and bigint as strings like PGlite does for numeric; we cast in SQL.
    types: {
      // A string bound to a json/jsonb parameter is already JSON text: PGlite sends it as
      // is, while postgres.js would JSON.stringify it again and store a JSON string
      // instead of the object (and fail CHECKs such as is_valid_week_hours).
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value)),
        parse: (text: string) => JSON.parse(text) as unknown,
      },
    },
  });
  const run = async <T>(q: typeof sql, text: string, params?: unknown[]) =>
    (await q.unsafe(text, (params ?? []) as never[])) as unknown as T[];
  return {
    engine: "postgres",
    query: <T>(text: string, params?: unknown[]) => unavailableAs503(run<T>(sql, text, params)),
    exec: async (text: string) => {
      await unavailableAs503(sql.unsafe(text).simple());
    },
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      unavailableAs503(
        sql.begin((tx) =>
          fn({
            query: <R>(text: string, params?: unknown[]) => run<R>(tx as unknown as typeof sql, text, params),
            exec: async (text: string) => {
              await tx.unsafe(text).simple();
            },
          }),
        ) as Promise<T>,
      ),
    close: () => sql.end({ timeout: 5 }),
    // Its own session, on the listen URL when the main one is a transaction pooler.
    listen: async (channel, on) => (await import("./listen")).listenOnPostgres(options.listenUrl ?? url, channel, on),
  };
}

// Connection-level failures (server down, restarting, unreachable) — not query errors.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08003",
  "08006",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && UNAVAILABLE_CODES.has(code);
}

/**
 * A database that cannot be reached becomes a thrown 503 Response, which React Router
 * renders as the Portuguese "serviço indisponível" page instead of a 500. postgres.js
 * reconnects by itself on the next query, so the site recovers without a restart.
 */
async function unavailableAs503<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      logLine("error", "database unavailable", { code: (error as { code?: string }).code });
      throw new Response("Banco de dados indisponível", { status: 503, headers: { "Retry-After": "5" } });
    }
    throw error;
  }
}
