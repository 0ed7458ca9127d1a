import { getEnv } from "./env";

/** Secure cookies only over HTTPS; X-Forwarded-Proto counts only behind a trusted proxy. */
export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return isForwardedHttps(request.headers.get("X-Forwarded-Proto"));
}

/** The proxy's X-Forwarded-Proto says https, and we were told to trust the proxy. */
export function isForwardedHttps(forwardedProto: string | null | undefined): boolean {
  return getEnv().TRUST_PROXY && forwardedProto?.split(",")[0]?.trim() === "https";
}

export function publicOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(request.url);
  return `${isHttps(request) ? "https" : url.protocol.replace(":", "")}://${url.host}`;
}
