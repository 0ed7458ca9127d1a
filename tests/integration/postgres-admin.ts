/**
 * The PostgreSQL test server is optional: CI sets TEST_DATABASE_URL (see
 * scripts/test-postgres.sh); without it only PGlite runs.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || "";

/** TEST_DATABASE_URL pointed at another database on the same server. */
export function databaseUrl(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One statement on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(text: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await sql.unsafe(text);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
