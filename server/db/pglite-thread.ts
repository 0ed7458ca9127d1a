import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Database, ListenHandlers, Queryable } from "./types";

/**
 * The embedded database (PGlite) on a thread of its own (issue #17): a statement holds only
 * that thread, so cached pages, static files and the change channel keep being served
 * while a search runs. server/db/pglite-worker.js is the other end; this side is the
 * Database every model already uses. Across the boundary:
 * - transactions are PGlite's own (one at a time, as in-process), opened by "begin" and
 *   closed by "end" once the callback here settles;
 * - errors come back as Errors with PostgreSQL's fields (code, constraint, detail…);
 * - parameters and rows are structured-cloned: Date, Uint8Array, bigint and parsed json
 *   arrive as they left;
 * - notifications come as messages posted before the reply of the statement that committed
 *   them, so listeners hear a write before its writer hears back, as in-process.
 */
export type PGliteSource = { dataDir: string | null } | { loadDataDir: string };

type Reply = { type: "reply"; id: number; ok: true; value: unknown } | { type: "reply"; id: number; ok: false; error: Record<string, unknown> };
type Message = Reply | { type: "ready" } | { type: "failed"; error: Record<string, unknown> } | { type: "notify"; channel: string; payload: string };

/** Where the worker's file is: beside the SQL files, under APP_ROOT (the Dockerfile copies it). */
function pgliteWorkerFile(): string {
  return path.join(process.env.APP_ROOT ?? process.cwd(), "server", "db", "pglite-worker.js");
}

/** Rebuilds the worker's error on this side: an Error, with every field PostgreSQL gave. */
function rebuildError(fields: Record<string, unknown>): Error {
  const { message, name, stack, ...rest } = fields;
  const error = Object.assign(new Error(String(message)), rest);
  if (typeof name === "string") error.name = name;
  if (typeof stack === "string") error.stack = `${error.stack}\n    (in the database thread) ${stack}`;
  return error;
}

/** What the thread answers once the process has no PGlite any more. */
const stopped = () => Object.assign(new Error("the embedded database is closed"), { code: "57P01" });

export async function openPGliteThread(source: PGliteSource): Promise<Database & { dump(): Promise<Uint8Array> }> {
  const worker = new Worker(pgliteWorkerFile(), { workerData: source });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const channels = new Map<string, ListenHandlers>();
  let nextId = 1;
  let exited = false;

  // The thread keeps the process alive only while it owes an answer, as a socket does:
  // an idle database never holds a finished script open.
  const holdWhilePending = () => (pending.size ? worker.ref() : worker.unref());

  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: Message) => {
      if (message.type === "notify") return channels.get(message.channel)?.notify(message.payload);
      if (message.type === "ready") return resolve();
      if (message.type === "failed") return reject(rebuildError(message.error));
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      holdWhilePending();
      if (message.ok) call.resolve(message.value);
      else call.reject(rebuildError(message.error));
    });
    worker.on("error", (error) => reject(error));
    worker.on("exit", () => {
      exited = true;
      reject(stopped());
      for (const call of pending.values()) call.reject(stopped());
      pending.clear();
      for (const on of channels.values()) on.down();
    });
  });
  await ready;
  holdWhilePending();

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (exited) return Promise.reject(stopped());
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      holdWhilePending();
      worker.postMessage({ ...message, id });
    });
  };

  const session = (tx: number | null): Queryable => ({
    query: <T>(text: string, params?: unknown[]) => call<T[]>({ op: "query", text, params, tx }),
    exec: async (sql: string) => {
      await call({ op: "exec", sql, tx });
    },
  });

  return {
    engine: "pglite",
    ...session(null),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      // Inside the callback only tx may be used: db.query would wait on the
      // transaction's own session forever (PGlite has one).
      const tx = await call<number>({ op: "begin" });
      let result: T;
      try {
        result = await fn(session(tx));
      } catch (error) {
        await call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: "end", tx, commit: true });
      return result;
    },
    async listen(channel: string, on: ListenHandlers) {
      // One session, this process's: LISTEN hears the process's own writes.
      channels.set(channel, on);
      await call({ op: "listen", channel });
      on.up();
      return async () => {
        channels.delete(channel);
        if (!exited) await call({ op: "unlisten", channel });
      };
    },
    dump: () => call<Uint8Array>({ op: "dump" }),
    async close() {
      if (exited) return;
      // PGlite checkpoints its folder on close; the thread is ended only after it has.
      await call({ op: "close" });
      await worker.terminate();
    },
  };
}
