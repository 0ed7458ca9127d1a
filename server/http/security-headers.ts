import { getEnv } from "../env";

/**
 * Headers every page carries. The CSP allows scripts only from this origin and inline
 * scripts bearing this response's nonce (React Router's hydration data); no framing.
 * A static HTML file (offline.html) has no nonce: no inline script runs there at all.
 */
export function contentSecurityPolicy(nonce: string | null, extraFormActions: string[] = []): string {
  return [
    "default-src 'self'",
    nonce === null ? "script-src 'self'" : `script-src 'self' 'nonce-${nonce}'`,
    // Tailwind ships a stylesheet; React sets a few style attributes (color-scheme).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mapTileSource()}`,
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${extraFormActions.length ? ` ${extraFormActions.join(" ")}` : ""}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * /mapa's tile server (MAP_TILE_URL, issue #33) as a CSP source: its scheme and host, a
 * {s} subdomain letter becoming "*". Nothing when the server's own stand-in draws the tiles.
 */
export function mapTileSource(url = getEnv().MAP_TILE_URL): string {
  const host = url?.match(/^https:\/\/[\w.{}:-]+(?=[/?#]|$)/)?.[0];
  return host ? ` ${host.replace(/\{s\}/g, "*")}` : "";
}

/** Every answer gets these: rendered pages, static files, refusals. Only HTML gets the CSP. */
export function applySecurityHeaders(headers: Headers, options: { nonce: string | null; https: boolean; formActions?: string[] }) {
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce, options.formActions));
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // Geolocation for this site's own pages only: "Perto de mim" asks for it on a tap (issue #33);
  // no embedded frame may.
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Where forms may post besides this site: Supabase Auth's origin, when configured. */
export function formActionOrigins(): string[] {
  const supabaseUrl = getEnv().SUPABASE_URL;
  return supabaseUrl ? [new URL(supabaseUrl).origin] : [];
}
