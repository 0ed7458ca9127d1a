/** The one query surface every model uses, whatever engine runs underneath. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations, seed DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: "pglite" | "postgres";
  /** One transaction; PGlite serialises them, PostgreSQL runs them on a pooled connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTENs on `channel` on a session of its own (server/db/changes.ts uses it); resolves once
   * listening, with the function that stops. `down`/`up` tell of a lost and regained session.
   */
  listen(channel: string, on: ListenHandlers): Promise<() => Promise<void>>;
}

export type ListenHandlers = { notify(payload: string): void; up(): void; down(): void };

/** Who a request runs as: RLS reads these claims through auth.uid() / auth.role(). */
export type Claims = { sub: string; role: "authenticated"; email?: string | null } | { role: "anon" };

export const ANON: Claims = { role: "anon" };
