/**
 * The unique index a failed write ran into (SQLSTATE 23505), or null for any other error.
 * postgres.js names it `constraint_name`, PGlite `constraint`; the message names it on both.
 */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint_name?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== "23505") return null;
  return e.constraint_name ?? e.constraint ?? /unique constraint "([^"]+)"/.exec(e.message ?? "")?.[1] ?? "";
}

/**
 * A write's result, or the refusal `refusalOf` reads in the database's error (anything else
 * is thrown on). The database refuses inside the transaction, which then rolls back as a
 * whole: callers wrap the whole of it, e.g. `refusedOr(ctx.db.asCaller(…), refusalOf)`.
 */
export async function refusedOr<T, R>(work: Promise<T>, refusalOf: (error: unknown) => R | null): Promise<T | { ok: false; refusal: R }> {
  try {
    return await work;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === null) throw error;
    return { ok: false, refusal };
  }
}
