import { createHash } from "node:crypto";
import { cookieNames } from "../../app/lib/cookies";
import { THEME_COOKIE } from "../../app/lib/theme";
import { isCompressible } from "../http/compression";

/**
 * Rendered pages shared between visitors (no session): a page shared on WhatsApp costs
 * one render, not thousands. Entries live a few seconds and every successful write
 * empties the cache, so nobody sees a page older than the last change. Responses that
 * set a cookie, and anything a signed-in user asks for, never enter.
 */
export const HTML_CACHE_TTL_MS = 30_000;
export const HTML_CACHE_MAX_ENTRIES = 500;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  storedAt: number;
  /** Whether the body is worth compressing (its type and size), decided once when stored. */
  compressible: boolean;
  /** Compressed bodies, made once per entry on first demand. */
  encoded: Map<string, Buffer>;
  /**
   * Ready-to-send answers (status line headers as a flat list + body), one per encoding and
   * cache status, made on first demand: a hit then costs a map lookup and one socket write.
   */
  answers: Map<string, CachedAnswer>;
};

/** What a cache hit sends: headers as node:http's flat [name, value, ...] list. */
export type CachedAnswer = { status: number; headers: string[]; body: Buffer | null };

/** The parts of a request the shared cache looks at, read from a Fetch Request or a node request alike. */
export type CacheQuery = {
  method: string;
  url: URL;
  cookie: string | null;
  hasAuthorization: boolean;
  saveData: string | null;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
  https: boolean;
};

/** Cookies that make a response personal: any of these present → no shared cache. */
export function isPersonalRequest(cookieHeader: string | null): boolean {
  // Session, sb-*, flash or anything we do not know: treat as personal.
  return cookieNames(cookieHeader).some((name) => name !== THEME_COOKIE);
}

export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private clears = 0;
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Changes on every clear(). A render that started before a write and ends after the
   * write cleared the cache carries the old data: `set` must not store it, or the stale
   * page would be served for the whole TTL after the writer was told "done".
   */
  get generation(): number {
    return this.clears;
  }

  /**
   * The variant key: everything that changes the HTML or its headers for a visitor. The
   * scheme and Host are part of it: pages embed absolute share links built from them, so
   * without them one request with a forged Host would put links to another site in every
   * visitor's copy, and a page rendered over http would be served without HSTS over https.
   */
  static key(query: Pick<CacheQuery, "url" | "cookie" | "saveData" | "https">): string {
    const { url } = query;
    const theme = /(?:^|;\s*)guida-theme=dark(?:;|$)/.test(query.cookie ?? "") ? "dark" : "light";
    const saveData = query.saveData?.toLowerCase() === "on" ? "s" : "";
    return `${query.https ? "https" : "http"}://${url.host}${url.pathname}${url.search}|${theme}|${saveData}`;
  }

  /** The cache key of a read a visitor may share with others, or null (writes, sessions, Authorization). */
  static shareableKey(query: CacheQuery): string | null {
    const isRead = query.method === "GET" || query.method === "HEAD";
    if (!isRead || query.hasAuthorization || isPersonalRequest(query.cookie)) return null;
    return HtmlCache.key(query);
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= HTML_CACHE_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The entry for this response; stored only if no clear() happened since `renderedIn` began. */
  set(key: string, page: Omit<CachedPage, "etag" | "storedAt" | "compressible" | "encoded" | "answers">, renderedIn = this.clears): CachedPage {
    const contentType = page.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? null;
    const entry: CachedPage = {
      ...page,
      etag: `W/"${createHash("sha1").update(page.body).digest("base64url")}"`,
      storedAt: this.now(),
      compressible: isCompressible(contentType, page.body.length),
      encoded: new Map(),
      answers: new Map(),
    };
    if (renderedIn !== this.clears) return entry;
    if (this.entries.size >= HTML_CACHE_MAX_ENTRIES) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
