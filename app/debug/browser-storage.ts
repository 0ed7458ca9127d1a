import { openDB, type IDBPDatabase } from "idb";
import {
  IMAGE_CACHE_DB,
  IMAGE_CACHE_STORE,
  summarizeImageRecords,
  webStorageEntries,
  type ImageCacheSummary,
  type StorageEntry,
} from "./storage-report";

/**
 * Reads (and on request empties) what the app keeps in this browser, for /debug/storage.
 * Browser-only: called from effects and click handlers, never while rendering on the server.
 */

/** What window.__guidaLoaderCache offers (app/client/loader-cache.ts), read without assuming it is loaded. */
type LoaderCacheHandle = {
  stats(): { entries: number; bytes: number } | Promise<{ entries: number; bytes: number }>;
  clear(): void | Promise<void>;
};

function loaderCacheHandle(): LoaderCacheHandle | undefined {
  return (window as unknown as { __guidaLoaderCache?: LoaderCacheHandle }).__guidaLoaderCache;
}

export type CacheStorageEntry = { name: string; entries: number };
export type Estimate = { usage: number; quota: number; details: [string, number][]; persisted: boolean | null };

/** null: this browser has no such storage (or does not let the page read it). */
export type StorageReport = {
  local: StorageEntry[] | null;
  session: StorageEntry[] | null;
  imageCache: ImageCacheSummary | null;
  loaderCache: { entries: number; bytes: number } | null;
  caches: CacheStorageEntry[] | null;
  estimate: Estimate | null;
};

function readWebStorage(kind: "localStorage" | "sessionStorage"): StorageEntry[] | null {
  try {
    return webStorageEntries(window[kind]);
  } catch {
    return null;
  }
}

/**
 * Opens the image cache only if it already exists. A plain open would create an empty
 * version-1 database, and the image cache module's own upgrade (which creates the store)
 * would then never run: this page would break the cache it only wanted to look at.
 */
async function openImageCache(): Promise<IDBPDatabase | null> {
  if (typeof indexedDB === "undefined") return null;
  if (typeof indexedDB.databases === "function") {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === IMAGE_CACHE_DB)) return null;
  }
  // Still guarded: the database may vanish between the listing and the open, and some
  // browsers cannot list databases at all. Aborting the upgrade undoes the creation.
  let created = false;
  try {
    const db = await openDB(IMAGE_CACHE_DB, undefined, {
      upgrade(_db, _oldVersion, _newVersion, transaction) {
        created = true;
        transaction.done.catch(() => {});
        transaction.abort();
      },
    });
    // Never hold up the image cache module's own upgrade or deletion.
    db.addEventListener("versionchange", () => db.close());
    return db;
  } catch (error) {
    if (created) return null;
    throw error;
  }
}

async function readImageCache(): Promise<ImageCacheSummary> {
  const db = await openImageCache();
  const empty: ImageCacheSummary = { entries: 0, bytes: 0, oldest: null, expired: 0 };
  if (!db) return empty;
  try {
    if (!db.objectStoreNames.contains(IMAGE_CACHE_STORE)) return empty;
    // Records hold Blob handles, not the bytes, so reading them all is cheap.
    const records: unknown[] = await db.getAll(IMAGE_CACHE_STORE);
    return summarizeImageRecords(records, Date.now());
  } finally {
    db.close();
  }
}

async function readLoaderCache(): Promise<{ entries: number; bytes: number } | null> {
  const handle = loaderCacheHandle();
  return handle ? await handle.stats() : null;
}

async function readCacheStorage(): Promise<CacheStorageEntry[] | null> {
  if (typeof caches === "undefined") return null;
  const names = await caches.keys();
  return Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      return { name, entries: (await cache.keys()).length };
    }),
  );
}

async function readEstimate(): Promise<Estimate | null> {
  if (!navigator.storage?.estimate) return null;
  const estimate = await navigator.storage.estimate();
  // usageDetails is Chromium's breakdown (indexedDB, caches, serviceWorkerRegistrations).
  const details = (estimate as StorageEstimate & { usageDetails?: Record<string, number> }).usageDetails ?? {};
  const persisted = navigator.storage.persisted ? await navigator.storage.persisted() : null;
  return {
    usage: estimate.usage ?? 0,
    quota: estimate.quota ?? 0,
    details: Object.entries(details).filter(([, bytes]) => bytes > 0),
    persisted,
  };
}

async function settled<T>(read: () => T | Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    console.warn("[debug/storage] read failed:", error);
    return null;
  }
}

export async function readStorageReport(): Promise<StorageReport> {
  const [imageCache, loaderCache, cacheStorage, estimate] = await Promise.all([
    settled(readImageCache),
    settled(readLoaderCache),
    settled(readCacheStorage),
    settled(readEstimate),
  ]);
  return {
    local: readWebStorage("localStorage"),
    session: readWebStorage("sessionStorage"),
    imageCache,
    loaderCache,
    caches: cacheStorage,
    estimate,
  };
}

export function clearLocalStorage() {
  window.localStorage.clear();
}

export function clearSessionStorage() {
  window.sessionStorage.clear();
}

/**
 * Empties the store instead of deleting the database: the image cache module may hold an
 * open connection, which would leave a deletion blocked until the tab closes.
 */
export async function clearImageCache() {
  const db = await openImageCache();
  if (!db) return;
  try {
    if (db.objectStoreNames.contains(IMAGE_CACHE_STORE)) await db.clear(IMAGE_CACHE_STORE);
  } finally {
    db.close();
  }
}

export async function clearLoaderCache() {
  await loaderCacheHandle()?.clear();
}

export async function deleteCache(name: string) {
  await caches.delete(name);
}
