/**
 * Pure arithmetic behind /debug/storage: sizes of Web Storage entries, the image cache
 * summary and pt-BR formatting. The browser reading lives in ./browser-storage.
 */

/** The image cache's database as the image cache module creates it (spec point 3). */
export const IMAGE_CACHE_DB = "guida-image-cache";
export const IMAGE_CACHE_STORE = "images";
/** Spec point 9: a record without its own ttl lives 6 hours. */
export const IMAGE_CACHE_DEFAULT_TTL_MS = 6 * 60 * 60 * 1000;

export type StorageEntry = { key: string; bytes: number };

/**
 * Browsers keep Web Storage as UTF-16 and count key and value against the quota, so two
 * bytes per code unit of both is what an entry really costs.
 */
export function webStorageBytes(key: string, value: string): number {
  return (key.length + value.length) * 2;
}

/** Every entry of a Storage, sorted by key, with its size. */
export function webStorageEntries(storage: Pick<Storage, "length" | "key" | "getItem">): StorageEntry[] {
  const entries: StorageEntry[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key === null) continue;
    entries.push({ key, bytes: webStorageBytes(key, storage.getItem(key) ?? "") });
  }
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

export type ImageCacheSummary = {
  entries: number;
  bytes: number;
  /** Timestamp (ms) of the oldest record, or null when there is none with a timestamp. */
  oldest: number | null;
  expired: number;
};

function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * Sums image cache records ({url, blob, timestamp, size, ttl}). Records come from another
 * module's database, so each field is checked: a size falls back to the blob's own size,
 * a missing ttl to the default, and a record without a timestamp counts but never as oldest.
 */
export function summarizeImageRecords(records: readonly unknown[], now: number): ImageCacheSummary {
  const summary: ImageCacheSummary = { entries: 0, bytes: 0, oldest: null, expired: 0 };
  for (const record of records) {
    summary.entries++;
    if (typeof record !== "object" || record === null) continue;
    const { blob, timestamp, size, ttl } = record as Record<string, unknown>;
    const bytes = finiteNumber(size) ?? (blob instanceof Blob ? blob.size : 0);
    summary.bytes += Math.max(0, bytes);
    const savedAt = finiteNumber(timestamp);
    if (savedAt === null) continue;
    if (summary.oldest === null || savedAt < summary.oldest) summary.oldest = savedAt;
    if (savedAt + (finiteNumber(ttl) ?? IMAGE_CACHE_DEFAULT_TTL_MS) <= now) summary.expired++;
  }
  return summary;
}

const decimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });
const UNITS = ["KB", "MB", "GB", "TB"] as const;

/** "512 B", "1,5 KB", "23,4 MB": binary multiples, as the browser's own quota figures are. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${decimal.format(Math.max(0, Math.round(bytes || 0)))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${decimal.format(value)} ${UNITS[unit]}`;
}

const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

/** Share of the quota; a sliver shows as "< 0,1%" rather than a misleading "0%". */
export function formatShare(used: number, total: number): string {
  if (!(total > 0)) return "—";
  const share = used / total;
  // A no-break space keeps "<" on the same line as its number.
  return share > 0 && share < 0.001 ? `<\u00a0${percent.format(0.001)}` : percent.format(share);
}
