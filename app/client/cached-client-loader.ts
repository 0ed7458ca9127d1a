import type * as LoaderCacheModule from "./loader-cache";

/**
 * The listing routes' clientLoader, light enough for a page's first view: the cache itself
 * (./loader-cache.ts, with its retries) is fetched by the first client navigation that needs
 * it — a page's first view never runs a clientLoader (the server rendered its data).
 */
let loaded: typeof LoaderCacheModule | null = null;

export async function cachedClientLoader<T>(args: { request: Request; serverLoader: () => Promise<T> }): Promise<T> {
  loaded ??= await import("./loader-cache");
  return loaded.cachedClientLoader(args);
}

/** Empties the cache (or one path's entries); before the cache's code has loaded there is nothing in it. */
export function invalidateLoaderCache(path?: string) {
  loaded?.invalidateLoaderCache(path);
}
