import {
  ESSENTIAL_PATHS,
  MAX_DATA,
  MAX_PAGES,
  businessIdFromPath,
  cacheName,
  documentPathOf,
  isEssentialPath,
  obsoleteCacheNames,
  recordBusinessVisit,
  userDataCacheNames,
} from "../lib/pwa-cache-policy";
import { matchIn, putIfCacheable, trimCache } from "./strategies";

/**
 * The worker's offline copies of pages and their data: where each copy goes (essentials or the
 * pruned caches), the last businesses visited, and clearing it all at sign-out.
 */

const RECENT_KEY = "/__guida/recent-businesses";

export type PageKind = "page" | "data";

type CacheNames = ReturnType<typeof cacheNamesOf>;

function cacheNamesOf(version: string) {
  return {
    precache: cacheName("precache", version),
    pages: cacheName("pages", version),
    data: cacheName("data", version),
    essentials: cacheName("essentials", version),
    media: cacheName("media", version),
    meta: cacheName("meta", version),
  };
}

/** Runs tasks one at a time, in the order they were given, whether the one before failed or not. */
function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return function serially<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}

/** The ids of the last businesses visited, most recent first. */
async function readRecent(names: CacheNames): Promise<string[]> {
  const hit = await matchIn([names.meta], RECENT_KEY);
  if (!hit) return [];
  try {
    const list: unknown = await hit.json();
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

async function writeRecent(names: CacheNames, recent: string[]) {
  const body = JSON.stringify(recent);
  await (await caches.open(names.meta)).put(RECENT_KEY, new Response(body, { headers: { "Content-Type": "application/json" } }));
}

const generalCache = (names: CacheNames, kind: PageKind) => (kind === "page" ? names.pages : names.data);
const limitOf = (kind: PageKind) => (kind === "page" ? MAX_PAGES : MAX_DATA);
const kindOfKey = (url: string): PageKind => (new URL(url).pathname.endsWith(".data") ? "data" : "page");

/** Copies of `/business/{id}` pages that fell off the recent list move to the pruned caches. */
async function demote(names: CacheNames, evictedIds: string[]) {
  if (!evictedIds.length || !(await caches.has(names.essentials))) return;
  const essentials = await caches.open(names.essentials);
  for (const request of await essentials.keys()) {
    const kind = kindOfKey(request.url);
    const id = businessIdFromPath(documentPathOf(request.url, kind));
    if (id === null || !evictedIds.includes(id)) continue;
    const copy = await essentials.match(request);
    if (copy) await (await caches.open(generalCache(names, kind))).put(request, copy);
    await essentials.delete(request);
  }
  await trimCache(names.pages, MAX_PAGES);
  await trimCache(names.data, MAX_DATA);
}

type Store = (kind: PageKind, key: string, path: string, response: Response, since?: number) => Promise<void>;

/**
 * Fetches the essential pages missing from the cache (all of them after an update, since a
 * page names its build's assets). Redirects are not followed: a visitor's /favorites is a
 * redirect to /login and is not kept.
 */
async function warmEssentials(names: CacheNames, store: Store, since: number) {
  const recent = await readRecent(names);
  const paths = [...ESSENTIAL_PATHS, ...recent.map((id) => `/business/${encodeURIComponent(id)}`)];
  for (const path of paths) {
    const key = new URL(path, location.origin).href;
    if (await matchIn([names.essentials], key)) continue;
    try {
      const response = await fetch(key, { redirect: "manual", credentials: "same-origin" });
      await store("page", key, path, response, since);
    } catch {
      return; // offline: try again on the next activation
    }
  }
}

export function createOfflineStore(version: string) {
  const names = cacheNamesOf(version);
  // Reads and writes of the visit list and the copies run one at a time: a document and its
  // data arrive together, and both must see the same list.
  const serially = oneAtATime();

  // Bumped by clearUserData: an answer that was on its way while the user signed out belongs
  // to the previous user and is not stored.
  let generation = 0;

  function store(kind: PageKind, key: string, path: string, response: Response, since = generation): Promise<void> {
    return serially(async () => {
      if (since !== generation) return;
      const essential = isEssentialPath(path, await readRecent(names));
      const target = essential ? names.essentials : generalCache(names, kind);
      const other = essential ? generalCache(names, kind) : names.essentials;
      if (!(await putIfCacheable(target, key, response))) return;
      if (await caches.has(other)) await (await caches.open(other)).delete(key);
      if (!essential) await trimCache(target, limitOf(kind));
    });
  }

  return {
    names,

    /** A request for `path` was made: a business visit moves to the front of the recent list. */
    noteVisit(path: string): Promise<void> {
      const id = businessIdFromPath(path);
      if (id === null) return Promise.resolve();
      return serially(async () => {
        const { recent, evicted } = recordBusinessVisit(await readRecent(names), id);
        await writeRecent(names, recent);
        await demote(names, evicted);
      });
    },

    /** Keeps a 200 answer for `path`: in the essentials if the page is one, else in the pruned cache. */
    store,

    /** The current generation, to hand back to store() once a network answer arrives. */
    generation: () => generation,

    /** A stored copy of a page or its data, essentials first. */
    lookup(kind: PageKind, key: string): Promise<Response | undefined> {
      return matchIn([names.essentials, generalCache(names, kind)], key);
    },

    offlinePage(): Promise<Response | undefined> {
      return matchIn([names.precache], "/offline.html");
    },

    /** Installs this build's files; any failure fails the install, so a half precache never activates. */
    async precache(urls: readonly string[]) {
      const cache = await caches.open(names.precache);
      // Hashed assets may come from the HTTP cache (their content never changes); the rest must be fresh.
      await cache.addAll(urls.map((url) => new Request(url, { cache: url.startsWith("/assets/") ? "default" : "reload" })));
    },

    /** Deletes caches of our prefix from other builds; other code's caches stay. */
    async removeObsolete() {
      for (const name of obsoleteCacheNames(await caches.keys(), version)) await caches.delete(name);
    },

    /** See warmEssentials: what the user signs out of meanwhile is not kept. */
    warmEssentials: () => warmEssentials(names, store, generation),

    /** Sign-out: every copy of what the user saw goes (the build's own files stay). */
    clearUserData(): Promise<string[]> {
      generation += 1;
      return serially(async () => {
        const deleted = userDataCacheNames(await caches.keys());
        for (const name of deleted) await caches.delete(name);
        return deleted;
      });
    },
  };
}
