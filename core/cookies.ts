import { parseCookie, stringifySetCookie } from "cookie";

/**
 * The one place the server reads and writes cookies: the session, flash and theme cookies,
 * Supabase's auth cookies and the shared page cache's "is this request personal?" test all go
 * through these functions. The browser's theme toggle and sign-out cleanup use
 * core/document-cookie.ts instead (held to the same answers by its test): this package in any
 * browser module joined every page's first view (issue #29).
 *
 * Parsing and writing are the `cookie` package's (the one React Router and @supabase/ssr
 * already use): RFC 6265 names, percent-encoded values, attributes written in its order.
 * React Router's createCookie is not used: it stores a value as base64 JSON (optionally
 * signed), which the browser's theme toggle would have to unwrap from document.cookie, and
 * Supabase names and encodes its own cookies. Pure.
 */

/** Every cookie of a Cookie header (or document.cookie), decoded; the first of a name wins, as browsers put the most specific path first. */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const [name, value] of Object.entries(parseCookie(header))) {
    if (name && value !== undefined) cookies.set(name, value);
  }
  return cookies;
}

/** The names in a Cookie header (or document.cookie), in order. */
export function cookieNames(header: string | null): string[] {
  return [...parseCookieHeader(header).keys()];
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

const SAME_SITE = { Lax: "lax", Strict: "strict", None: "none" } as const;

/** A Set-Cookie value (or a document.cookie assignment): Path=/ and SameSite=Lax unless told otherwise. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const maxAge = options.maxAge === undefined ? undefined : Math.floor(options.maxAge);
  return stringifySetCookie(name, value, {
    path: options.path ?? "/",
    domain: options.domain,
    maxAge,
    // An expired cookie also carries a date in the past, for browsers that ignore Max-Age=0.
    expires: maxAge !== undefined && maxAge <= 0 ? new Date(0) : maxAge === undefined ? options.expires : undefined,
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: SAME_SITE[options.sameSite ?? "Lax"],
    partitioned: options.partitioned,
  });
}

export function expireCookie(name: string, secure = false, options: { httpOnly?: boolean } = {}): string {
  return serializeCookie(name, "", { maxAge: 0, httpOnly: options.httpOnly ?? true, secure });
}
