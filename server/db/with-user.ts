import type { Claims, Database, Queryable } from "./types";

/**
 * Every request's database work runs here: one transaction whose role and JWT claims
 * are set locally, so Row Level Security — not route code — decides what the caller
 * may read and write. set_config(..., true) ends with the transaction and never leaks
 * into the next request on the same connection.
 */
export function withUser<T>(db: Database, claims: Claims, fn: (tx: Queryable) => Promise<T>, clientAddress = ""): Promise<T> {
  return db.transaction(async (tx) => {
    // guida.client_address: the request's network address, which the database hashes into
    // the trust rules (issue #25, 20261128000200_trust.sql); a database API caller cannot set it.
    await tx.query(
      `SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('guida.client_address', $3, true)`,
      [claims.role, JSON.stringify(claims), clientAddress],
    );
    return fn(tx);
  });
}
