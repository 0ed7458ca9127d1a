import { randomBytes } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import { compress, isCompressible, pickEncoding } from "../web/compression";
import { getEnv } from "../env";
import { type CachedAnswer, type CachedPage, type CacheQuery, HtmlCache } from "../cache/html-cache";
import { isHttps } from "../web/origin";
import { crawlerAddress, withIndexingTags } from "../web/indexing";
import { bufferedResponse } from "./node-adapter";
import { ReadCache } from "../cache/read-cache";
import { ANY, type Dependency } from "../cache/dependencies";
import { changes, type ChangeFeed } from "../db/changes";
import { loadContextFor } from "../toolkit/request-context";
import { authLimiter, limitAddress, SharedRateLimiter, type RateLimiter, type RateLimit } from "../toolkit/rate-limit";
import { applySecurityHeaders, formActionOrigins } from "./security-headers";
import { requestCell, routeOf } from "../metrics";

const UNAVAILABLE = "Serviço temporariamente indisponível. Tente de novo em instantes.";

/** Every write, per IP: generous for people, a wall for scripts hammering the forms. */
export const WRITES_PER_IP: RateLimit = { limit: 60, windowMs: 60_000 };

export type PipelineContext = {
  clientAddress: string;
  requestId: string;
  /** Queues work for after the response is written. */
  afterResponse: (task: () => Promise<void>) => void;
};

/**
 * What happens to a request between the socket and React Router, as a Fetch handler so
 * tests can drive it without a port: cross-site writes refused, writes rate limited,
 * visitors' pages served from the shared cache, security headers, compression, ETags.
 */
export function createPipeline(options: {
  build: ServerBuild;
  mode: string;
  htmlCache?: HtmlCache;
  writeLimiter?: RateLimiter;
  accountLimiter?: RateLimiter;
  changeFeed?: ChangeFeed;
}) {
  const handleByRouter = createRequestHandler(options.build, options.mode);
  const htmlCache = options.htmlCache ?? new HtmlCache();
  const writeLimiter = options.writeLimiter ?? new SharedRateLimiter();
  // The accounts' limits, which routes reach through the request context (ctx.limits).
  const accountLimiter = options.accountLimiter ?? authLimiter;
  // SERVER_CACHES=off (benchmarks): no page is stored or answered from store, no read kept.
  const keep = getEnv().SERVER_CACHES === "on";
  const shareableKey = (query: CacheQuery) => (keep ? HtmlCache.shareableKey(query) : null);
  const publicReads = new ReadCache(Date.now, keep);
  const userReads = new ReadCache(Date.now, keep);
  const renders = new RendersUnderWay();
  const feed = options.changeFeed ?? changes;
  // What the database says was written, by this server or any other: drop what it touched.
  const unsubscribe = feed.subscribe((change) => {
    htmlCache.invalidate(change);
    publicReads.invalidate(change);
    userReads.invalidate(change);
  });

  async function handle(request: Request, context: PipelineContext): Promise<Response> {
    const method = request.method.toUpperCase();
    const isRead = method === "GET" || method === "HEAD";
    const https = isHttps(request);
    const env = getEnv();

    const refuse = (status: number, message: string, extra: Record<string, string> = {}) => {
      const response = plain(status, message, extra);
      applySecurityHeaders(response.headers, { nonce: null, https });
      return withRequestId(response, context);
    };

    // U+0000 in a path or query reaches no route: no page has such an address, and
    // PostgreSQL text cannot hold it (every loader's query would fail on it). Refused here,
    // once, for every route. (A raw NUL byte never gets this far: Node's parser refuses it.)
    if (/%00/i.test(request.url)) return refuse(400, "Endereço inválido: ele contém um caractere nulo.");

    if (!isRead) {
      if (isCrossSite(request)) return refuse(403, "Envio recusado: este formulário não veio do Guida.");
      const refusal = await writeRefusal(method, writeLimiter, context.clientAddress, env.RATE_LIMIT_SCALE);
      if (refusal) return refuse(...refusal);
    }

    const query = cacheQueryOf(request, https);
    const key = shareableKey(query);
    const cached = key ? htmlCache.get(key) : undefined;
    // A page nobody has stored: one request renders it, the visitors asking meanwhile wait for that.
    const turn = cached ?? (key && method === "GET" ? (renders.has(key) ? await renders.waitFor(key, () => htmlCache.get(key)) : renders.claim(key)) : null);
    if (turn && typeof turn !== "function") {
      await encodedFor(turn, query);
      return answerResponse(cachedAnswer(turn, "HIT", query), context);
    }
    try {
      return await render(request, context, key, query);
    } finally {
      turn?.();
    }
  }

  async function render(request: Request, context: PipelineContext, key: string | null, query: CacheQuery): Promise<Response> {
    const { method, https } = query;
    const isRead = method === "GET" || method === "HEAD";
    const nonce = randomBytes(16).toString("base64");
    const generation = htmlCache.generation;
    const { dependencies, dependsOn } = dependencyList();
    const response = await handleByRouter(
      crawlerAddress(request),
      loadContextFor({ clientAddress: context.clientAddress, afterResponse: context.afterResponse, cspNonce: nonce, publicReads, userReads, dependsOn, limiter: accountLimiter }),
    );
    // What a write changed is announced by the database to every server, this one included
    // (server/db/changes.ts). The writer's next page must show it: the answer waits until
    // this server has heard its own write. A refused write (4xx) committed nothing; a server
    // error may come after part of a write committed, so it waits too.
    if (!isRead && (response.status < 400 || response.status >= 500)) await feed.settle();
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { nonce, https, formActions: formActionOrigins() });
    // A page or action that met the database down: tell the client when to try again.
    if (response.status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", "5");
    if (!response.body || response.status === 304 || response.status === 204 || (response.status >= 300 && response.status < 400)) {
      return withRequestId(new Response(response.body, { status: response.status, headers }), context);
    }
    // The live stream (/events) is written as it is produced: never buffered, compressed or cached.
    if (headers.get("Content-Type")?.startsWith("text/event-stream")) {
      return withRequestId(new Response(response.body, { status: response.status, headers }), context);
    }
    const body = withIndexingTags(Buffer.from(await response.arrayBuffer()), request.url, response.status, headers);
    if (key === null || method !== "GET" || !isShareable(response.status, headers)) {
      if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
      return withRequestId(await encode(request, body, response.status, headers), context);
    }
    headers.set("Cache-Control", "no-cache");
    const page = htmlCache.set(key, { status: response.status, headers: [...headers.entries()], body }, generation, dependencies);
    await encodedFor(page, query);
    return answerResponse(cachedAnswer(page, "MISS", query), context);
  }

  /**
   * A visitor's page straight from the shared cache, or null. The server calls this on the
   * raw node request before building a Fetch Request: a hit, the common case when a link
   * goes round WhatsApp, then costs a lookup and one write (see server/http/app.ts).
   */
  function fromCache(query: CacheQuery): CachedAnswer | null {
    const key = shareableKey(query);
    // This lookup renders nothing: a stale page is refreshed by the pipeline's own lookup.
    const page = key ? htmlCache.get(key, false) : undefined;
    // A variant not yet compressed is made off the event loop by handle (then kept).
    if (!page || encodingToMake(page, query)) return null;
    return cachedAnswer(page, "HIT", query);
  }

  return { handle, fromCache, htmlCache, publicReads, userReads, close: unsubscribe };
}

/**
 * The renders of visitors' pages under way, by cache key. A page just dropped by a change
 * (under writes, the common case) is asked for by many visitors at once: one of them renders
 * it, the rest wait and are answered from what it stored (issue #28).
 */
class RendersUnderWay {
  private readonly underway = new Map<string, Promise<void>>();

  has(key: string): boolean {
    return this.underway.has(key);
  }

  /** Marks the render of `key` as the caller's; the returned function ends it. */
  claim(key: string): () => void {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    this.underway.set(key, done);
    return () => {
      if (this.underway.get(key) === done) this.underway.delete(key);
      end();
    };
  }

  /**
   * Waits for the render under way: the page it stored (`stored`), or the caller's turn to
   * render (the render could not be kept — a change overtook it, the answer was personal or an
   * error — and nobody else took over). Each check and claim happens in one synchronous step
   * after the wait, so two waiters never both render; a few rounds at most.
   */
  async waitFor(key: string, stored: () => CachedPage | undefined): Promise<CachedPage | (() => void)> {
    for (let round = 0; round < 3; round++) {
      await this.underway.get(key);
      const page = stored();
      if (page) return page;
      if (!this.underway.has(key)) return this.claim(key);
    }
    return this.claim(key);
  }
}

/** What a page is made of, as its loaders declare it (`dependsOn`); ANY swallows the rest. */
function dependencyList() {
  const dependencies: Dependency[] = [];
  const dependsOn = (dependency: Dependency) => {
    if (dependencies[0] !== ANY) dependencies.push(dependency);
    if (dependency === ANY) dependencies.splice(0, dependencies.length, ANY);
  };
  return { dependencies, dependsOn };
}

/** Only documents and route data, never what a route marked private or no-store (/healthz), nor an answer setting a cookie. */
function isShareable(status: number, headers: Headers): boolean {
  return (
    status === 200 &&
    !headers.has("Set-Cookie") &&
    !/no-store|private/.test(headers.get("Cache-Control") ?? "") &&
    /^text\/(html|x-script)/.test(headers.get("Content-Type") ?? "")
  );
}

function cacheQueryOf(request: Request, https: boolean): CacheQuery {
  const headers = request.headers;
  const url = new URL(request.url);
  return {
    method: request.method.toUpperCase(),
    host: url.host,
    target: `${url.pathname}${url.search}`,
    cookie: headers.get("Cookie"),
    hasAuthorization: headers.has("Authorization"),
    saveData: headers.get("Save-Data"),
    acceptEncoding: headers.get("Accept-Encoding"),
    ifNoneMatch: headers.get("If-None-Match"),
    https,
  };
}

/** The encoding this request wants of the page that is not compressed yet, or null. */
function encodingToMake(page: CachedPage, query: CacheQuery): "br" | "gzip" | null {
  if (!page.compressible || query.ifNoneMatch === page.etag) return null;
  const encoding = pickEncoding(query.acceptEncoding);
  return encoding && !page.encoded.has(encoding) ? encoding : null;
}

/**
 * Compresses the variant this request wants, once per entry, on the thread pool (see
 * compress). The requests that want it while it is being made wait for that one
 * compression: a popular page stored again after a change is not compressed once per
 * visitor arriving meanwhile.
 */
function encodedFor(page: CachedPage, query: CacheQuery): Promise<void> | undefined {
  const encoding = encodingToMake(page, query);
  if (!encoding) return undefined;
  let making = page.compressing.get(encoding);
  if (!making) {
    making = compress(page.body, encoding)
      .then((bytes) => void page.encoded.set(encoding, bytes))
      .finally(() => page.compressing.delete(encoding));
    page.compressing.set(encoding, making);
  }
  return making;
}

/** Where each variant's answer is kept in a page's `answers`: cache status × (304, br, gzip, identity). */
function answerSlot(cacheStatus: "HIT" | "MISS", notModified: boolean, encoding: "br" | "gzip" | null): number {
  return (cacheStatus === "HIT" ? 0 : 4) + (notModified ? 0 : encoding === "br" ? 1 : encoding === "gzip" ? 2 : 3);
}

/**
 * What a cached page answers to this request: 304 when the browser holds this version,
 * else the body in the best encoding it accepts, as encodedFor made it (its callers wait
 * for that first). Each variant's headers are assembled once per entry and reused by every hit.
 */
export function cachedAnswer(page: CachedPage, cacheStatus: "HIT" | "MISS", query: CacheQuery): CachedAnswer {
  const notModified = query.ifNoneMatch === page.etag;
  const wanted = !notModified && page.compressible ? pickEncoding(query.acceptEncoding) : null;
  const encoded = wanted ? page.encoded.get(wanted) : undefined;
  // Never compressed here, on the event loop: a variant not made yet is answered whole.
  const encoding = encoded ? wanted : null;
  const slot = answerSlot(cacheStatus, notModified, encoding);
  let answer = page.answers[slot];
  if (!answer) {
    const headers = new Headers(page.headers);
    headers.set("ETag", page.etag);
    headers.set("X-Cache", cacheStatus);
    // A cached page is a document, kept per Save-Data (HtmlCache.key): say both.
    headers.append("Vary", "Accept-Encoding");
    headers.append("Vary", "Save-Data");
    let body: Buffer | null = page.body;
    if (notModified) {
      headers.delete("Content-Length");
      body = null;
    } else if (encoding && encoded) {
      body = encoded;
      headers.set("Content-Encoding", encoding);
    }
    if (body) headers.set("Content-Length", String(body.length));
    const flat: string[] = [];
    headers.forEach((value, name) => flat.push(name, value));
    // The request's own id goes in this last slot as the answer is written (writeAnswer).
    flat.push("X-Request-Id", "");
    const status = notModified ? 304 : page.status;
    answer = { status, headers: flat, body, hits: cacheStatus === "HIT" ? requestCell(routeOf(query.target), status, "hit") : null };
    page.answers[slot] = answer;
  }
  return query.method === "HEAD" ? { ...answer, body: null } : answer;
}

function answerResponse(answer: CachedAnswer, context: PipelineContext): Response {
  const headers = new Headers();
  // All but the last pair, the X-Request-Id slot that withRequestId fills.
  for (let i = 0; i < answer.headers.length - 2; i += 2) headers.append(answer.headers[i]!, answer.headers[i + 1]!);
  return withRequestId(bufferedResponse(answer.body, { status: answer.status, headers }), context);
}

/**
 * Documents and route data are rendered for the request's Save-Data (the root loader makes
 * every image pick its smallest width): a shared cache must keep them apart (issue #29).
 */
function variesOnSaveData(request: Request, headers: Headers): boolean {
  return /^text\/html/i.test(headers.get("Content-Type") ?? "") || new URL(request.url).pathname.endsWith(".data");
}

async function encode(request: Request, body: Buffer, status: number, headers: Headers): Promise<Response> {
  headers.append("Vary", "Accept-Encoding");
  if (variesOnSaveData(request, headers)) headers.append("Vary", "Save-Data");
  const encoding = isCompressible(headers.get("Content-Type"), body.length) ? pickEncoding(request.headers.get("Accept-Encoding")) : null;
  const head = request.method.toUpperCase() === "HEAD";
  if (!encoding) {
    headers.set("Content-Length", String(body.length));
    return bufferedResponse(head ? null : body, { status, headers });
  }
  const encoded = await compress(body, encoding);
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(encoded.length));
  return bufferedResponse(head ? null : encoded, { status, headers });
}

function withRequestId(response: Response, context: PipelineContext): Response {
  response.headers.set("X-Request-Id", context.requestId);
  return response;
}

/**
 * Why a write is refused before any route runs, or null: over the address's limit (429),
 * the database that holds the counter unreachable, so the write could not happen either
 * (503), or a method no page answers (405: no CORS, no WebDAV). That last one is counted
 * first, and never reaches React Router, which would log "Invalid request method" with a
 * stack, or run a route's loader for OPTIONS (GET /events would open a stream).
 */
async function writeRefusal(
  method: string,
  limiter: RateLimiter,
  address: string,
  scale: number,
): Promise<[number, string, Record<string, string>] | null> {
  let wait: number;
  try {
    wait = await limiter.hit(`write:${limitAddress(address)}`, WRITES_PER_IP, scale);
  } catch (error) {
    if (error instanceof Response && error.status === 503) return [503, UNAVAILABLE, { "Retry-After": "5" }];
    throw error;
  }
  if (wait) return [429, `Muitos envios seguidos. Tente de novo em ${wait} segundos.`, { "Retry-After": String(wait) }];
  return method === "POST" ? null : [405, "Método não permitido.", { Allow: "GET, HEAD, POST" }];
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
