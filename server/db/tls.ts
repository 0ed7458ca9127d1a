/**
 * Whether the connection to DATABASE_URL is encrypted. A database on another machine is
 * reached over a network someone else may read (a Supabase project always is), so it gets
 * TLS unless the URL itself says otherwise with `sslmode` (e.g. `sslmode=disable` for a
 * container on a private network, `sslmode=verify-full` to check the certificate too).
 * Loopback never leaves the machine and stays plain. "require" encrypts
 * without checking the certificate, as libpq's sslmode=require does: Supabase's
 * certificates chain to its own CA, which Node does not know.
 */
export function postgresTls(url: string): "require" | false | undefined {
  const parsed = new URL(url);
  // The URL decides: postgres.js reads sslmode (and sslrootcert=system) from it.
  if (parsed.searchParams.has("sslmode") || parsed.searchParams.has("ssl") || parsed.searchParams.get("sslrootcert") === "system") {
    return undefined;
  }
  return isLoopbackHost(parsed.hostname) ? false : "require";
}

function isLoopbackHost(host: string): boolean {
  const name = host.trim().replace(/^\[|\]$/g, "").toLowerCase();
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  return /^127(\.\d{1,3}){3}$/.test(name);
}
