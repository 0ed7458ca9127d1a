import { randomBytes } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import { compress, isCompressible, pickEncoding } from "./compression";
import { getEnv } from "./env";
import { HtmlCache, isPersonalRequest } from "./html-cache";
import { isHttps } from "./http";
import { RateLimiter, type RateLimit } from "./rate-limit";
import { applySecurityHeaders } from "./security-headers";

/** Every write, per IP: generous for people, a wall for scripts hammering the forms. */
export const WRITES_PER_IP: RateLimit = { limit: 60, windowMs: 60_000 };

export type PipelineContext = { clientAddress: string; requestId: string };

/**
 * What happens to a request between the socket and React Router, as a Fetch handler so
 * tests can drive it without a port: cross-site writes refused, writes rate limited,
 * visitors' pages served from the shared cache, security headers, compression, ETags.
 */
export function createPipeline(options: { build: ServerBuild; mode: string; htmlCache?: HtmlCache; writeLimiter?: RateLimiter }) {
  const handleByRouter = createRequestHandler(options.build, options.mode);
  const htmlCache = options.htmlCache ?? new HtmlCache();
  const writeLimiter = options.writeLimiter ?? new RateLimiter();

  async function handle(request: Request, context: PipelineContext): Promise<Response> {
    const method = request.method.toUpperCase();
    const isRead = method === "GET" || method === "HEAD";
    const https = isHttps(request);
    const env = getEnv();

    if (!isRead) {
      if (isCrossSite(request)) return plain(403, "Envio recusado: este formulário não veio do Guida.");
      const wait = writeLimiter.hit(`write:${context.clientAddress}`, WRITES_PER_IP, env.RATE_LIMIT_SCALE);
      if (wait) {
        return plain(429, `Muitos envios seguidos. Tente de novo em ${wait} segundos.`, { "Retry-After": String(wait) });
      }
    }

    const shareable = isRead && !isPersonalRequest(request.headers.get("Cookie")) && !request.headers.has("Authorization");
    const key = shareable ? HtmlCache.key(request, https) : null;
    let page = key ? htmlCache.get(key) : undefined;
    let cacheStatus = page ? "HIT" : shareable ? "MISS" : "BYPASS";

    if (!page) {
      const nonce = randomBytes(16).toString("base64");
      const generation = htmlCache.generation;
      const response = await handleByRouter(request, { clientAddress: context.clientAddress, cspNonce: nonce });
      // A write that went through changes what pages show: forget them all. A server
      // error may come after part of a write committed, so it counts too.
      if (!isRead && (response.status < 400 || response.status >= 500)) htmlCache.clear();
      const headers = new Headers(response.headers);
      applySecurityHeaders(headers, { nonce, https, formActions: env.SUPABASE_URL ? [new URL(env.SUPABASE_URL).origin] : [] });
      if (!response.body || response.status === 304 || response.status === 204 || (response.status >= 300 && response.status < 400)) {
        return withRequestId(new Response(response.body, { status: response.status, headers }), context);
      }
      const body = Buffer.from(await response.arrayBuffer());
      // Only documents and route data, never what a route marked private or no-store (/healthz).
      const cacheable =
        key !== null &&
        response.status === 200 &&
        method === "GET" &&
        !headers.has("Set-Cookie") &&
        !/no-store|private/.test(headers.get("Cache-Control") ?? "") &&
        /^text\/(html|x-script)/.test(headers.get("Content-Type") ?? "");
      if (!cacheable) {
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
        return withRequestId(encode(request, body, response.status, headers), context);
      }
      headers.set("Cache-Control", "no-cache");
      page = htmlCache.set(key, { status: response.status, headers: [...headers.entries()], body }, generation);
      cacheStatus = "MISS";
    }

    const headers = new Headers(page.headers);
    headers.set("ETag", page.etag);
    headers.set("X-Cache", cacheStatus);
    if (request.headers.get("If-None-Match") === page.etag) {
      headers.delete("Content-Length");
      return withRequestId(new Response(null, { status: 304, headers }), context);
    }
    const encoding = isCompressible(headers.get("Content-Type"), page.body.length) ? pickEncoding(request.headers.get("Accept-Encoding")) : null;
    headers.append("Vary", "Accept-Encoding");
    if (!encoding) return withRequestId(new Response(method === "HEAD" ? null : new Uint8Array(page.body), { status: page.status, headers }), context);
    let encoded = page.encoded.get(encoding);
    if (!encoded) {
      encoded = compress(page.body, encoding);
      page.encoded.set(encoding, encoded);
    }
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(encoded.length));
    return withRequestId(new Response(method === "HEAD" ? null : new Uint8Array(encoded), { status: page.status, headers }), context);
  }

  return { handle, htmlCache };
}

function encode(request: Request, body: Buffer, status: number, headers: Headers): Response {
  headers.append("Vary", "Accept-Encoding");
  const encoding = isCompressible(headers.get("Content-Type"), body.length) ? pickEncoding(request.headers.get("Accept-Encoding")) : null;
  const head = request.method.toUpperCase() === "HEAD";
  if (!encoding) {
    headers.set("Content-Length", String(body.length));
    return new Response(head ? null : new Uint8Array(body), { status, headers });
  }
  const encoded = compress(body, encoding);
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(encoded.length));
  return new Response(head ? null : new Uint8Array(encoded), { status, headers });
}

function withRequestId(response: Response, context: PipelineContext): Response {
  response.headers.set("X-Request-Id", context.requestId);
  return response;
}

function plain(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra },
  });
}

/**
 * Cross-site form posts are refused: a browser always says where a write comes from
 * (Sec-Fetch-Site or Origin). A request with neither header — curl, scripts — is not a
 * browser being tricked, so it passes; SameSite=Lax cookies cover old browsers.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  if (origin === "null") return true; // an opaque origin (sandboxed frame, data: URL) is never our page
  const forwardedHost = getEnv().TRUST_PROXY ? request.headers.get("X-Forwarded-Host") : null;
  const host = forwardedHost ?? new URL(request.url).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
