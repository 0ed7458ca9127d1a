import { createHash } from "node:crypto";
import type { RequestCell } from "../metrics";
import { cookieNames } from "#core/cookies";
import { THEME_COOKIE } from "#core/theme";
import { type Change, EVERYTHING } from "../db/changes";
import { isCompressible } from "../web/compression";
import { type Dependency, isAnyTouchedBy } from "./dependencies";

/**
 * Rendered pages shared between visitors (no session): a page shared on WhatsApp costs
 * one render, not thousands. Each page knows the reads it was made of (its dependencies);
 * a change the database announces (server/db/changes.ts) drops the pages it touches, so
 * nobody sees a page older than the last change and other pages keep their hits. Responses
 * that set a cookie, and anything a signed-in user asks for, never enter.
 *
 * Past HTML_CACHE_TTL_MS a page is stale: for HTML_CACHE_STALE_MS more it is still answered
 * while one request renders it again (stale-while-revalidate).
 */
export const HTML_CACHE_TTL_MS = 30_000;
export const HTML_CACHE_STALE_MS = 30_000;
export const HTML_CACHE_MAX_ENTRIES = 500;
/** How long one request may take to refresh a stale page before another one tries. */
const REFRESH_PATIENCE_MS = 10_000;
/** The changes remembered for renders in flight (see set). */
const CHANGE_LOG_SIZE = 256;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  storedAt: number;
  /** What the page was made of: the changes that drop it. */
  dependencies: readonly Dependency[];
  /** When a request began rendering it again (stale entries only), or 0. */
  refreshingSince: number;
  /** Whether the body is worth compressing (its type and size), decided once when stored. */
  compressible: boolean;
  /** Compressed bodies, made once per entry on first demand. */
  encoded: Map<string, Buffer>;
  /** The compressions under way: every request that wants one meanwhile waits for it. */
  compressing: Map<string, Promise<void>>;
  /**
   * Ready-to-send answers (status line headers as a flat list + body), one per encoding and
   * cache status (see answerSlot in server/http/pipeline.ts), made on first demand: a hit
   * then costs an array lookup and one socket write.
   */
  answers: (CachedAnswer | undefined)[];
};

/**
 * What a cache hit sends: headers as node:http's flat [name, value, ...] list, whose last
 * pair is X-Request-Id with its value left for each request to fill in (writeAnswer), so
 * a hit copies no header list.
 */
export type CachedAnswer = {
  status: number;
  headers: string[];
  body: Buffer | null;
  /** With metrics on: the counter a hit of this answer increments (server/metrics.ts). */
  hits?: RequestCell | null;
};

/** The parts of a request the shared cache looks at, read from a Fetch Request or a node request alike. */
export type CacheQuery = {
  method: string;
  /** The Host the page was asked of (lower case), as a URL's `host` has it. */
  host: string;
  /** The path and query as asked: a key is made of strings, no URL object per hit. */
  target: string;
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
  /** Changes heard so far, and the last CHANGE_LOG_SIZE of them, oldest first. */
  private changesSeen = 0;
  private readonly recent: Change[] = [];
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Grows with every change heard. A render that started before a change and ends after it
   * may carry the old data: `set` does not store it if the change touched what the page was
   * made of, or the stale page would be served after the writer was told "done".
   */
  get generation(): number {
    return this.changesSeen;
  }

  /**
   * The variant key: everything that changes the HTML or its headers for a visitor. The
   * scheme and Host are part of it: pages embed absolute share links built from them, so
   * without them one request with a forged Host would put links to another site in every
   * visitor's copy, and a page rendered over http would be served without HSTS over https.
   */
  static key(query: Pick<CacheQuery, "host" | "target" | "cookie" | "saveData" | "https">): string {
    const cookie = query.cookie;
    const theme = cookie !== null && cookie.includes("guida-theme=dark") && /(?:^|;\s*)guida-theme=dark(?:;|$)/.test(cookie) ? "dark" : "light";
    const saveData = query.saveData !== null && query.saveData.toLowerCase() === "on" ? "s" : "";
    return `${query.https ? "https" : "http"}://${query.host}${query.target}|${theme}|${saveData}`;
  }

  /** The cache key of a read a visitor may share with others, or null (writes, sessions, Authorization). */
  static shareableKey(query: CacheQuery): string | null {
    const isRead = query.method === "GET" || query.method === "HEAD";
    if (!isRead || query.hasAuthorization || isPersonalRequest(query.cookie)) return null;
    return HtmlCache.key(query);
  }

  /**
   * The page to answer with, or undefined: render it. A stale page is answered to everyone
   * but the one request that renders it again (given undefined). A lookup that cannot render
   * (`claim` false: the server's hit path, which hands the request to the pipeline) gets
   * undefined for a stale page nobody is refreshing yet, and leaves the refresh to the
   * pipeline's own lookup: claimed there, it would have been answered stale by the pipeline
   * too, and nobody would have refreshed the page until it expired.
   */
  get(key: string, claim = true): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const at = this.now();
    const age = at - entry.storedAt;
    if (age < HTML_CACHE_TTL_MS) return entry;
    if (age >= HTML_CACHE_TTL_MS + HTML_CACHE_STALE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.refreshingSince !== 0 && at - entry.refreshingSince < REFRESH_PATIENCE_MS) return entry;
    if (claim) entry.refreshingSince = at;
    return undefined;
  }

  /**
   * The entry for this response; stored only if no change heard since `renderedIn` (the
   * generation when its render began) touched what it was made of.
   */
  set(
    key: string,
    page: Omit<CachedPage, "etag" | "storedAt" | "compressible" | "encoded" | "compressing" | "answers" | "dependencies" | "refreshingSince">,
    renderedIn = this.changesSeen,
    dependencies: readonly Dependency[] = [],
  ): CachedPage {
    const contentType = page.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? null;
    const entry: CachedPage = {
      ...page,
      etag: `W/"${createHash("sha1").update(page.body).digest("base64url")}"`,
      storedAt: this.now(),
      dependencies,
      refreshingSince: 0,
      compressible: isCompressible(contentType, page.body.length),
      encoded: new Map(),
      compressing: new Map(),
      answers: [],
    };
    if (this.changedSince(renderedIn, dependencies)) return entry;
    if (this.entries.size >= HTML_CACHE_MAX_ENTRIES) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Drops every page the change touched, and remembers it for renders in flight. */
  invalidate(change: Change): void {
    this.changesSeen += 1;
    this.recent.push(change);
    if (this.recent.length > CHANGE_LOG_SIZE) this.recent.shift();
    for (const [key, entry] of this.entries) if (isAnyTouchedBy(entry.dependencies, change)) this.entries.delete(key);
  }

  /** Forgets every page (as a change of anything would). */
  clear(): void {
    this.invalidate(EVERYTHING);
  }

  private changedSince(generation: number, dependencies: readonly Dependency[]): boolean {
    const missed = this.changesSeen - generation;
    if (missed === 0) return false;
    if (missed > this.recent.length) return true;
    for (let i = this.recent.length - missed; i < this.recent.length; i++) {
      if (isAnyTouchedBy(dependencies, this.recent[i]!)) return true;
    }
    return false;
  }

  get size(): number {
    return this.entries.size;
  }
}
