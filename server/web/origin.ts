import { getEnv } from "../env";

/** Secure cookies only over HTTPS; X-Forwarded-Proto counts only behind a trusted proxy. */
export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return isForwardedHttps(request.headers.get("X-Forwarded-Proto"));
}

/** The proxy's X-Forwarded-Proto says https, and we were told to trust the proxy. */
export function isForwardedHttps(forwardedProto: string | null | undefined): boolean {
  return getEnv().TRUST_PROXY && forwardedProto?.split(",")[0]?.trim() === "https";
}

/**
 * The origin of every link that leaves the site (reset e-mails, OAuth redirectTo, share
 * links): PUBLIC_URL, else the loopback address the server listens on. Never the request's
 * Host or target: whoever sends a request chooses those, and a reset link built from them
 * would carry a valid token to the sender's own site.
 */
export function publicOrigin(): string {
  const env = getEnv();
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const host = /^(0\.0\.0\.0|::|\[::\]|)$/.test(env.HOST) ? "127.0.0.1" : env.HOST.includes(":") ? `[${env.HOST.replace(/^\[|\]$/g, "")}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/**
 * The origin of the addresses crawlers keep (canonical links, og:url, og:image, the
 * sitemap): PUBLIC_URL only. The loopback fallback of publicOrigin() would tell a search
 * engine or WhatsApp an address nobody else can open, so without PUBLIC_URL there is none.
 */
export function canonicalOrigin(): string | null {
  const { PUBLIC_URL } = getEnv();
  return PUBLIC_URL ? new URL(PUBLIC_URL).origin : null;
}

/** Said once at boot when canonicalOrigin() is null, so an operator knows why shares show no picture. */
export function canonicalWarning(): string | null {
  return canonicalOrigin()
    ? null
    : "PUBLIC_URL is not set: pages carry no absolute canonical link, og:url or og:image, and /sitemap.xml lists nothing (set it to the public https origin)";
}
