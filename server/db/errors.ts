/**
 * The unique index a failed write ran into (SQLSTATE 23505), or null for any other error.
 * postgres.js names it `constraint_name`, PGlite `constraint`; the message names it on both.
 */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint_name?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== "23505") return null;
  return e.constraint_name ?? e.constraint ?? /unique constraint "([^"]+)"/.exec(e.message ?? "")?.[1] ?? "";
}
