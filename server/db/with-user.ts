import type { Claims, Database, Queryable } from "./types";

/**
 * Every request's database work runs here: one transaction whose role and JWT claims
 * are set locally, so Row Level Security — not route code — decides what the caller
 * may read and write. set_config(..., true) ends with the transaction and never leaks
 * into the next request on the same connection.
 */
export function withUser<T>(db: Database, claims: Claims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      claims.role,
      JSON.stringify(claims),
    ]);
    return fn(tx);
  });
}
