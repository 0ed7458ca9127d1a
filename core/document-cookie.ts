/**
 * The browser's side of cookies: what the theme switch and the sign-out cleanup read from and
 * write to `document.cookie`. Not core/cookies.ts (the server's, through the `cookie`
 * package): once any browser module imports that package, Rollup keeps it beside React Router
 * (which imports it too) in the shell chunk, 1.2 KiB gzip in every page's first view (issue
 * #29's budget). tests/unit/document-cookie.test.ts holds these to core/cookies.ts' answers.
 */

/** The name=value pairs of a Cookie header or document.cookie, in order; a value percent-decoded when it can be. */
function pairs(cookie: string): [string, string][] {
  const found: [string, string][] = [];
  for (const part of cookie.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const raw = part.slice(index + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // Not percent-encoded after all: kept as sent.
    }
    found.push([part.slice(0, index).trim(), value]);
  }
  return found;
}

/** The cookies' names, in order (each once). */
export function documentCookieNames(cookie: string): string[] {
  return [...new Set(pairs(cookie).map(([name]) => name))];
}

/** One cookie's value (the first of that name, as browsers put the most specific path first), or null. */
export function documentCookie(cookie: string, name: string): string | null {
  return pairs(cookie).find(([found]) => found === name)?.[1] ?? null;
}

/** A `document.cookie` assignment that expires a script-readable cookie set on Path=/. */
export function expiredDocumentCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
