// The embedded database's thread (issue #17). PGlite runs PostgreSQL as WASM, and every
// statement it runs holds the thread it runs on: on the server's main thread a 100 ms
// search held every cached page and static file behind it. Here it holds only this
// thread; server/db/pglite-thread.ts is the other end and gives the app the same
// Database interface as before.
//
// Plain JavaScript on purpose: a worker thread is started from a file Node runs as it is,
// in every mode (the production build, `npm run dev`, vitest, tsx scripts), so it needs no
// build step of its own. It is found the way the SQL files beside it are (APP_ROOT, the
// Dockerfile copies it).
//
// Messages in:  { id, op: "query", text, params, tx } · { id, op: "exec", sql, tx }
//               { id, op: "begin" } → the transaction's id · { id, op: "end", tx, commit }
//               { id, op: "listen", channel } · { id, op: "unlisten", channel }
//               { id, op: "dump" } → gzip tarball of the data folder · { id, op: "close" }
// Messages out: { type: "ready" } · { type: "failed", error } · { type: "reply", id, ok, value | error }
//               { type: "notify", channel, payload } — posted as PGlite hands the notification
//               over, so always before the reply of the statement that committed it.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

/**
 * The extensions the schema uses (search: unaccent, pg_trgm). PGlite loads them only when
 * named at construction; every PGlite the project opens is opened here.
 */
async function extensions() {
  const [{ unaccent }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite/contrib/unaccent"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return { unaccent, pg_trgm };
}

/** An error as the main thread rebuilds it: its message and every field PostgreSQL gave (code, constraint, detail…). */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (key in fields || typeof value === "function") continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      fields[key] = String(value);
    }
  }
  return fields;
}

const reply = (id, value) => parentPort.postMessage({ type: "reply", id, ok: true, value });
const refuse = (id, error) => parentPort.postMessage({ type: "reply", id, ok: false, error: serializeError(error) });

async function open() {
  const { PGlite } = await import("@electric-sql/pglite");
  const options = { extensions: await extensions() };
  if (workerData.loadDataDir) options.loadDataDir = new Blob([fs.readFileSync(workerData.loadDataDir)]);
  return PGlite.create(workerData.dataDir ?? undefined, options);
}

/**
 * Open transactions by id. PGlite runs one at a time (its transaction() holds the session),
 * so a statement outside it waits, as it did in-process.
 */
const transactions = new Map();
let nextTransaction = 1;
const listeners = new Map();
const ROLLBACK = Symbol("rollback");

/** Answers `id` from inside a new transaction, which then waits for its "end". */
function begin(pg, id) {
  const tx = nextTransaction++;
  let started = false;
  const open = { session: null, end: null, outcome: null };
  const ended = new Promise((resolve) => (open.end = resolve));
  open.outcome = pg.transaction(async (session) => {
    started = true;
    open.session = session;
    transactions.set(tx, open);
    reply(id, tx);
    // Rolled back by throwing: PGlite then issues the ROLLBACK itself.
    if (!(await ended)) throw ROLLBACK;
  });
  open.outcome.then(
    () => transactions.delete(tx),
    (error) => {
      transactions.delete(tx);
      if (!started) refuse(id, error);
    },
  );
}

function sessionOf(pg, tx) {
  if (!tx) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open.session;
}

async function handle(pg, message) {
  const { id, op } = message;
  try {
    switch (op) {
      case "query":
        return reply(id, (await sessionOf(pg, message.tx).query(message.text, message.params)).rows);
      case "exec":
        await sessionOf(pg, message.tx).exec(message.sql);
        return reply(id, null);
      case "begin":
        return begin(pg, id);
      case "end": {
        const open = transactions.get(message.tx);
        if (!open) throw new Error(`no open transaction ${message.tx}`);
        open.end(message.commit);
        // The COMMIT's own failure (a deferred constraint) is the end's answer.
        await open.outcome.catch((error) => {
          if (error !== ROLLBACK) throw error;
        });
        return reply(id, null);
      }
      case "listen": {
        const channel = message.channel;
        if (!listeners.has(channel)) {
          listeners.set(channel, await pg.listen(channel, (payload) => parentPort.postMessage({ type: "notify", channel, payload })));
        }
        return reply(id, null);
      }
      case "unlisten": {
        const stop = listeners.get(message.channel);
        listeners.delete(message.channel);
        await stop?.();
        return reply(id, null);
      }
      case "dump": {
        const bytes = new Uint8Array(await (await pg.dumpDataDir("gzip")).arrayBuffer());
        return parentPort.postMessage({ type: "reply", id, ok: true, value: bytes }, [bytes.buffer]);
      }
      case "close":
        await pg.close();
        reply(id, null);
        return parentPort.close();
      default:
        throw new Error(`unknown operation ${op}`);
    }
  } catch (error) {
    refuse(id, error);
  }
}

try {
  const pg = await open();
  parentPort.on("message", (message) => void handle(pg, message));
  parentPort.postMessage({ type: "ready" });
} catch (error) {
  parentPort.postMessage({ type: "failed", error: serializeError(error) });
}
