/**
 * The one place cookies are read and written (RFC 6265 names/values as browsers send them):
 * the server's session, flash and theme cookies, Supabase's auth cookies, the shared page
 * cache's "is this request personal?" test and the browser's sign-out cleanup all go
 * through these functions. Pure, so the browser can use it too.
 */

/** The names in a Cookie header (or document.cookie), in order, without decoding any value. */
export function cookieNames(header: string | null): string[] {
  const names: string[] = [];
  if (!header) return names;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    const name = (index < 0 ? part : part.slice(0, index)).trim();
    if (name) names.push(name);
  }
  return names;
}

export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    if (cookies.has(name)) continue; // the first (most specific path) wins, as browsers order them
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  return parseCookieHeader(header).get(name) ?? null;
}

export type CookieOptions = {
  maxAge?: number;
  expires?: Date;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  /** Omitted means Lax, the browsers' own default, written out so every cookie says it. */
  sameSite?: "Lax" | "Strict" | "None";
  partitioned?: boolean;
  path?: string;
};

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
    if (options.maxAge <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  } else if (options.expires) {
    parts.push(`Expires=${options.expires.toUTCString()}`);
  }
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  if (options.partitioned) parts.push("Partitioned");
  return parts.join("; ");
}

export function expireCookie(name: string, secure = false, options: { httpOnly?: boolean } = {}): string {
  return serializeCookie(name, "", { maxAge: 0, httpOnly: options.httpOnly ?? true, secure });
}
