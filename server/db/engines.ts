import fs from "node:fs";
import path from "node:path";
import { logLine } from "../log";
import { openPGliteThread } from "./pglite-thread";
import { postgresTls } from "./tls";
import type { Database, Queryable } from "./types";

/**
 * Embedded PostgreSQL (WASM), on a thread of its own (server/db/pglite-thread.ts). One
 * instance per process: it has one session only, and a folder one PGlite may open.
 */
/** Connections one server opens to PostgreSQL (postgres.js `max`). */
export const POSTGRES_POOL_SIZE = 10;

export async function openPGlite(dataDir: string | null): Promise<Database> {
  const dir = dataDir ? path.resolve(dataDir, "pglite") : null;
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  return openPGliteThread({ dataDir: dir });
}

/** Any PostgreSQL 14+ server, Supabase's included. */
export async function openPostgres(url: string, options: { prepare: boolean; max?: number; listenUrl?: string }): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const ssl = postgresTls(url);
  const sql = postgres(url, {
    ...(ssl === undefined ? {} : { ssl }),
    prepare: options.prepare,
    max: options.max ?? POSTGRES_POOL_SIZE,
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
