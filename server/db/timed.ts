import { metricsOn, recordPoolSize, timeStatement } from "../metrics";
import type { Database, Queryable } from "./types";

/** The database as the server uses it, each statement timed and counted in flight (METRICS_PORT only). */
export function timedDatabase(db: Database, size: number): Database {
  if (!metricsOn()) return db;
  recordPoolSize(size);
  const engine = db.engine;
  const time = <T>(kind: string, run: () => Promise<T>): Promise<T> => timeStatement(engine, kind, run);
  const timed = (inner: Queryable): Queryable => ({
    query: (text, params) => time("query", () => inner.query(text, params)),
    exec: (sql) => time("exec", () => inner.exec(sql)),
  });
  return {
    ...timed(db),
    engine,
    // The statements inside are timed by the transaction's own time: one connection held throughout.
    transaction: (fn) => time("transaction", () => db.transaction(fn)),
    close: () => db.close(),
    listen: (channel, on) => db.listen(channel, on),
  };
}
