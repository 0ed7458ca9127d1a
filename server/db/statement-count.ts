import { AsyncLocalStorage } from "node:async_hooks";
import type { Database, Queryable } from "./types";

/**
 * Counts the SQL statements each request sends (transaction BEGIN and COMMIT included: each
 * is a round trip), for the access log when ACCESS_LOG_SQL=on. Off by default: the async
 * context it needs costs every promise a little. Tests turn it on to hold each page to a
 * fixed number of statements, whatever the number of rows (no N+1).
 */
export type StatementCounter = { statements: number };

const storage = new AsyncLocalStorage<StatementCounter>();

export function countStatementsIn<T>(counter: StatementCounter, fn: () => T): T {
  return storage.run(counter, fn);
}

function counted(): void {
  const counter = storage.getStore();
  if (counter) counter.statements += 1;
}

function countingQueryable(inner: Queryable): Queryable {
  return {
    query(text, params) {
      counted();
      return inner.query(text, params);
    },
    exec(sql) {
      counted();
      return inner.exec(sql);
    },
  };
}

export function countingDatabase(db: Database): Database {
  return {
    ...countingQueryable(db),
    engine: db.engine,
    transaction(fn) {
      counted(); // BEGIN
      return db.transaction((tx) => fn(countingQueryable(tx))).finally(counted); // COMMIT or ROLLBACK
    },
    close: () => db.close(),
    listen: (channel, on) => db.listen(channel, on),
  };
}
