/**
 * The spec's image cache (points 3 and 9): records of url (key), blob, timestamp, size
 * and ttl in the browser's database, 50 MB at most (the oldest entry goes first), a
 * default time to live of 6 hours, expired entries cleaned on load and every hour.
 */
export const IMAGE_CACHE_DB = "guida-image-cache";
export const IMAGE_CACHE_STORE = "images";
export const IMAGE_CACHE_MAX_BYTES = 50 * 1024 * 1024;
export const IMAGE_CACHE_TTL_MS = 6 * 60 * 60_000;
export const IMAGE_CACHE_CLEAN_EVERY_MS = 60 * 60_000;

export type ImageRecordMeta = { url: string; timestamp: number; size: number; ttl: number };

export function isExpired(record: ImageRecordMeta, now: number): boolean {
  return now - record.timestamp >= record.ttl;
}

/** Which entries to evict, oldest first, so that `incoming` bytes fit under the cap. */
export function entriesToEvict(records: ImageRecordMeta[], incoming: number, max = IMAGE_CACHE_MAX_BYTES): string[] {
  if (incoming > max) return [];
  let total = records.reduce((sum, r) => sum + r.size, 0);
  const evict: string[] = [];
  for (const record of [...records].sort((a, b) => a.timestamp - b.timestamp)) {
    if (total + incoming <= max) break;
    evict.push(record.url);
    total -= record.size;
  }
  return evict;
}
