import { isCacheable, isKeptForever, keysOverLimit } from "../lib/pwa-cache-policy";

/**
 * Cache strategies, written here rather than taken from @remix-pwa/sw 4.0.0-dev.3, whose
 * versions do not fit (DESIGN.md §6 and what we read in its source):
 * - its NetworkFirst caches any non-opaque answer, 500s included, unless told otherwise, and
 *   gives up after a 10 s network timeout even when nothing is cached;
 * - its CacheFirst and NetworkFirst default to 50 entries, and their clean-up deletes the
 *   entries past that index, i.e. the newest ones, so a full cache stops keeping new answers;
 * - neither awaits its cache writes, and both rewrite headers (timestamp, X-Cache-Hit).
 * These are a few lines each: await every write, keep only 200s, prune oldest first.
 */

/** The first cache (in the order given) holding a copy of the request. */
export async function matchIn(cacheNames: readonly string[], key: RequestInfo): Promise<Response | undefined> {
  for (const name of cacheNames) {
    // has() first: open() would create an empty cache just to look in it.
    if (!(await caches.has(name))) continue;
    const hit = await (await caches.open(name)).match(key, { ignoreVary: true });
    if (hit) return hit;
  }
  return undefined;
}

/** Writes a copy if the answer is a complete 200; returns whether it did. */
export async function putIfCacheable(cacheName: string, key: RequestInfo, response: Response): Promise<boolean> {
  if (!isCacheable(response)) return false;
  await (await caches.open(cacheName)).put(key, response);
  return true;
}

/**
 * Keeps the newest `max` entries. Cache keys come back in insertion order and put() of an
 * existing key re-inserts it at the end, so the front of the list is the least recently written.
 */
export async function trimCache(cacheName: string, max: number): Promise<void> {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keysOverLimit(keys, max)) await cache.delete(key);
}

/**
 * Cache first: a stored copy if there is one, else the network, storing a 200 for next time.
 * For files that never change under the same URL (hashed assets, stored images).
 */
export async function cacheFirst(
  request: Request,
  { lookIn, storeIn, maxEntries, waitUntil }: { lookIn: readonly string[]; storeIn: string; maxEntries?: number; waitUntil: (p: Promise<unknown>) => void },
): Promise<Response> {
  const cached = await matchIn(lookIn, request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isKeptForever(response)) {
    waitUntil(
      putIfCacheable(storeIn, request, response.clone()).then(async () => {
        if (maxEntries !== undefined) await trimCache(storeIn, maxEntries);
      }),
    );
  }
  return response;
}

/**
 * Network first: the server's answer whenever it gives one (any status: a 404 is an answer),
 * handed to `store` to keep; a stored copy only when the network fails, else null so the
 * caller picks the offline fallback.
 */
export async function networkFirst(
  load: () => Promise<Response>,
  { fallback, store }: { fallback: () => Promise<Response | undefined>; store: (copy: Response) => void },
): Promise<Response | null> {
  let response: Response;
  try {
    response = await load();
  } catch {
    return (await fallback()) ?? null;
  }
  if (isCacheable(response)) store(response.clone());
  return response;
}
