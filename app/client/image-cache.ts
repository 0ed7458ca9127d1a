import { openDB, type IDBPDatabase } from "idb";
import {
  IMAGE_CACHE_CLEAN_EVERY_MS,
  IMAGE_CACHE_DB,
  IMAGE_CACHE_MAX_BYTES,
  IMAGE_CACHE_STORE,
  IMAGE_CACHE_TTL_MS,
  entriesToEvict,
  isExpired,
  type ImageRecordMeta,
} from "~/lib/image-cache-policy";
import { onSignOut } from "./sign-out-listeners";

type ImageRecord = ImageRecordMeta & { blob: Blob };

let dbPromise: Promise<IDBPDatabase | null> | null = null;

/** Null when IndexedDB is missing or refuses (private mode): images fall back to plain <img>. */
function db(): Promise<IDBPDatabase | null> {
  dbPromise ??= (async () => {
    if (typeof indexedDB === "undefined") return null;
    try {
      const opened = await openDB(IMAGE_CACHE_DB, 1, {
        upgrade(database) {
          database.createObjectStore(IMAGE_CACHE_STORE, { keyPath: "url" });
        },
      });
      void cleanExpired(opened);
      window.setInterval(() => void cleanExpired(opened), IMAGE_CACHE_CLEAN_EVERY_MS);
      return opened;
    } catch {
      return null;
    }
  })();
  return dbPromise;
}

async function cleanExpired(database: IDBPDatabase): Promise<void> {
  const now = Date.now();
  const tx = database.transaction(IMAGE_CACHE_STORE, "readwrite");
  let cursor = await tx.store.openCursor();
  while (cursor) {
    if (isExpired(cursor.value as ImageRecord, now)) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** A fresh cached copy of `url`, or null. */
export async function getCachedImage(url: string): Promise<Blob | null> {
  const database = await db();
  if (!database) return null;
  try {
    const record = (await database.get(IMAGE_CACHE_STORE, url)) as ImageRecord | undefined;
    if (!record) return null;
    if (isExpired(record, Date.now())) {
      await database.delete(IMAGE_CACHE_STORE, url);
      return null;
    }
    return record.blob;
  } catch {
    return null;
  }
}

const inFlight = new Set<string>();

/**
 * Keeps the image under `url` (its reference's default source). `shown` is the width the
 * browser actually displayed; it is fetched again from the HTTP cache, not the network.
 */
export async function cacheImage(url: string, shown: string = url): Promise<void> {
  if (inFlight.has(url)) return;
  inFlight.add(url);
  try {
    const database = await db();
    if (!database) return;
    if (await getCachedImage(url)) return;
    const response = await fetch(shown || url);
    if (!response.ok) return;
    const blob = await response.blob();
    if (blob.size > IMAGE_CACHE_MAX_BYTES) return;
    const metas = ((await database.getAll(IMAGE_CACHE_STORE)) as ImageRecord[]).map(({ url: u, timestamp, size, ttl }) => ({ url: u, timestamp, size, ttl }));
    const tx = database.transaction(IMAGE_CACHE_STORE, "readwrite");
    for (const old of entriesToEvict(metas.filter((m) => m.url !== url), blob.size)) await tx.store.delete(old);
    const record: ImageRecord = { url, blob, timestamp: Date.now(), size: blob.size, ttl: IMAGE_CACHE_TTL_MS };
    await tx.store.put(record);
    await tx.done;
  } catch {
    // Full or unavailable: the plain image already shows; caching is a bonus.
  } finally {
    inFlight.delete(url);
  }
}

export async function clearImageCache(): Promise<void> {
  const database = await db();
  if (database) await database.clear(IMAGE_CACHE_STORE);
}

if (typeof window !== "undefined") {
  // The spec's sign-out steps: the image cache is cleared.
  onSignOut(clearImageCache);
}
