/**
 * What the service worker caches and where (app/entry.worker.ts). Pure, so the rules are
 * unit-tested without a worker; the worker only does the I/O.
 */

import { carriesNearParam } from "#core/near";

/** Every cache the worker creates starts with this; caches of other code are never touched. */
export const CACHE_PREFIX = "guida-";

/** The kinds of cache the worker keeps. Versioned kinds are thrown away when a new build activates. */
export const CACHE_KINDS = {
  /** The build's files (hashed assets, offline page, manifest, icons). Versioned. */
  precache: "precache",
  /** Documents of visited pages, network-first. Versioned: a page names its build's assets. */
  pages: "pages",
  /** React Router single-fetch data (`/x.data`, `/_root.data`), network-first. Versioned. */
  data: "data",
  /** Documents and data of the essential pages, never pruned by the limits below. Versioned. */
  essentials: "essentials",
  /** Stored images under /media/: their names never change, so they outlive builds. */
  media: "media",
  /** Bookkeeping (the recently visited businesses). Survives builds; cleared at sign-out. */
  meta: "meta",
} as const;
export type CacheKind = keyof typeof CACHE_KINDS;

const VERSIONED: CacheKind[] = ["precache", "pages", "data", "essentials"];
/** What sign-out clears: everything that can hold what a signed-in user saw. */
export const USER_DATA_KINDS: CacheKind[] = ["pages", "data", "essentials", "meta"];

export function cacheName(kind: CacheKind, version: string): string {
  return VERSIONED.includes(kind) ? `${CACHE_PREFIX}${kind}-${version}` : `${CACHE_PREFIX}${kind}`;
}

/** The caches this build uses. */
export function currentCacheNames(version: string): string[] {
  return (Object.keys(CACHE_KINDS) as CacheKind[]).map((kind) => cacheName(kind, version));
}

/** Our caches from other builds: removed on activate. Other prefixes are left alone. */
export function obsoleteCacheNames(existing: string[], version: string): string[] {
  const current = new Set(currentCacheNames(version));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

/** Our caches (any build) that hold user data: what the clear-user-data message deletes. */
export function userDataCacheNames(existing: string[]): string[] {
  const prefixes = USER_DATA_KINDS.map((kind) => `${CACHE_PREFIX}${kind}`);
  return existing.filter((name) => prefixes.some((prefix) => name === prefix || name.startsWith(`${prefix}-`)));
}

/** Entry limits, oldest written first out. Essentials have their own rule (below). */
export const MAX_PAGES = 50;
export const MAX_DATA = 100;
export const MAX_MEDIA = 200;
/** The essentials keep the last this-many businesses visited. */
export const RECENT_BUSINESSES = 10;
/** Pages always kept for offline use (the user's favorites only exist when signed in). */
export const ESSENTIAL_PATHS = ["/", "/drivers/all", "/favorites"] as const;

export type RequestKind = "asset" | "media" | "page" | "data" | "manifest" | "bypass";

/** Paths the worker never answers itself: itself, health checks, state-changing endpoints and the live stream. */
const BYPASS_PATHS = new Set(["/sw.js", "/healthz", "/theme", "/logout", "/events"]);

/** React Router's route discovery (routeDiscovery "lazy", react-router.config.ts). */
export const ROUTE_MANIFEST_PATH = "/__manifest";

/**
 * Sorts a request into a strategy. Only same-origin GETs are handled; anything else goes to the
 * network untouched (form posts, other sites' images, range requests for media).
 */
export function classifyRequest(input: {
  method: string;
  url: string;
  mode: string;
  origin: string;
  range?: boolean;
  /** Paths of the precache list: answered from it like the hashed assets. */
  precached?: ReadonlySet<string>;
}): RequestKind {
  if (input.method !== "GET" || input.range) return "bypass";
  const url = new URL(input.url);
  if (url.origin !== input.origin) return "bypass";
  if (BYPASS_PATHS.has(url.pathname)) return "bypass";
  if (url.pathname === ROUTE_MANIFEST_PATH) return "manifest";
  // A "perto de" list is made from the resident's position (issue #33): never kept, so it
  // neither leaks from the phone's caches nor pushes the town's pages out of them.
  if (carriesNearParam(url)) return "bypass";
  if (url.pathname.startsWith("/assets/") || (url.search === "" && input.precached?.has(url.pathname))) return "asset";
  if (url.pathname.startsWith("/media/")) return "media";
  if (url.pathname.endsWith(".data")) return "data";
  if (input.mode === "navigate") return "page";
  return "bypass";
}

/**
 * The page a single-fetch data URL belongs to: `/_root.data` is `/`, `/x.data` is `/x`,
 * `/x/_.data` is `/x/`; React Router's own `_routes` and `index` parameters are dropped.
 */
export function documentPathForData(dataUrl: string): string {
  const url = new URL(dataUrl, "http://x");
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname === "/_root") pathname = "/";
  else if (pathname.endsWith("/_")) pathname = pathname.slice(0, -1);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

/** The path (with query) of a page or data request, the unit the essentials work in. */
export function documentPathOf(url: string, kind: "page" | "data"): string {
  if (kind === "data") return documentPathForData(url);
  const parsed = new URL(url, "http://x");
  return parsed.pathname + parsed.search;
}

/** The business id in `/business/{id}`, or null. */
export function businessIdFromPath(path: string): string | null {
  const match = /^\/business\/([^/?#]+)$/.exec(path.split("?")[0]!);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Whether a page (document path) belongs in the essentials cache. */
export function isEssentialPath(path: string, recentBusinessIds: readonly string[]): boolean {
  if ((ESSENTIAL_PATHS as readonly string[]).includes(path)) return true;
  const id = businessIdFromPath(path);
  return id !== null && recentBusinessIds.includes(id);
}

/** Moves a visited business to the front; returns the new list and the ids that fell off. */
export function recordBusinessVisit(recent: readonly string[], id: string, max = RECENT_BUSINESSES): { recent: string[]; evicted: string[] } {
  const next = [id, ...recent.filter((other) => other !== id)];
  return { recent: next.slice(0, max), evicted: next.slice(max) };
}

/** Keys to delete so a cache keeps its newest `max` entries (keys come oldest first). */
export function keysOverLimit<T>(keysOldestFirst: readonly T[], max: number): T[] {
  return keysOldestFirst.length > max ? keysOldestFirst.slice(0, keysOldestFirst.length - max) : [];
}

/** Only complete, successful, same-site answers are worth keeping for offline use. */
export function isCacheable(response: { status: number; type: string; redirected: boolean }): boolean {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

/**
 * What a cache-first store (files that never change under one URL) may keep: a cacheable answer
 * the server did not mark `no-store`, which is how a demo picture still being rendered answers
 * (its placeholder must give way to the picture, issue #27).
 */
export function isKeptForever(response: { status: number; type: string; redirected: boolean; headers: { get(name: string): string | null } }): boolean {
  return isCacheable(response) && !/no-store/i.test(response.headers.get("Cache-Control") ?? "");
}

/** The whole route manifest's file among the precached ones (React Router writes /assets/manifest-<hash>.js). */
export function routeManifestFile(precache: readonly string[]): string | undefined {
  return precache.find((url) => /^\/assets\/manifest-[\w-]+\.js$/.test(url));
}

/**
 * The answer to a route discovery question (`/__manifest?paths=…&version=…`) from the whole
 * manifest's file (`window.__reactRouterManifest={…}`): every route, which is what the
 * server's answer for the asked paths is a part of (React Router adds only the routes it does
 * not know). Null when the page belongs to another build (the version differs): then only the
 * server can answer, with its "reload the document" reply.
 */
export function routeDiscoveryAnswer(manifestSource: string, requestUrl: string): Record<string, unknown> | null {
  const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1)) as {
    version?: string;
    routes?: Record<string, unknown>;
  };
  const asked = new URL(requestUrl, "http://x").searchParams.get("version");
  return manifest.routes && asked !== null && asked === manifest.version ? manifest.routes : null;
}

/** Messages between the page and the worker (the worker answers CLEAR_USER_DATA on a MessageChannel port). */
export const WORKER_MESSAGES = {
  skipWaiting: "SKIP_WAITING",
  clearUserData: "CLEAR_USER_DATA",
  userDataCleared: "USER_DATA_CLEARED",
} as const;
