import { LoaderCache, withRetries } from "~/lib/loader-cache";
import { carriesNearParam } from "#core/near";

/**
 * One cache per tab. Listing routes export
 *   export const clientLoader = cachedClientLoader;
 * so a repeat visit within 5 minutes is served from memory, without a request.
 */
export const loaderCache = new LoaderCache();

declare global {
  interface Window {
    __guidaLoaderCache?: { stats(): { entries: number; bytes: number }; clear(): void };
  }
}

if (typeof window !== "undefined") {
  // Read by /debug/storage.
  window.__guidaLoaderCache = { stats: () => loaderCache.stats(), clear: () => loaderCache.clear() };
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

function cacheKey(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

function approximateBytes(data: unknown): number {
  try {
    // UTF-16 in memory: two bytes a character is the closer guess.
    return JSON.stringify(data).length * 2;
  } catch {
    return 0;
  }
}

export async function cachedClientLoader<T>({ request, serverLoader }: { request: Request; serverLoader: () => Promise<T> }): Promise<T> {
  // A "perto de" list is made from the resident's position (issue #33): never kept in memory.
  if (carriesNearParam(new URL(request.url))) return withRetries(serverLoader, wait);
  const key = cacheKey(request);
  const cached = loaderCache.getFresh(key, Date.now());
  if (cached !== undefined) return cached as T;
  const data = await withRetries(serverLoader, wait);
  loaderCache.set(key, data, approximateBytes(data), Date.now());
  return data;
}

/** Writes change what listings show: any non-GET submission empties the cache. */
export function invalidateLoaderCache(path?: string) {
  if (path) loaderCache.invalidate((key) => key === path || key.startsWith(`${path}?`));
  else loaderCache.clear();
}
