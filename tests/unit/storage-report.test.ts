import { describe, expect, it } from "vitest";
import {
  IMAGE_CACHE_DEFAULT_TTL_MS,
  formatBytes,
  formatShare,
  summarizeImageRecords,
  webStorageBytes,
  webStorageEntries,
} from "~/debug/storage-report";

describe("formatBytes (pt-BR)", () => {
  it("writes bytes, then KB, MB and GB with a decimal comma", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1.023 B");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(1536)).toBe("1,5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatBytes(2.25 * 1024 ** 3)).toBe("2,3 GB");
  });

  it("does not print nonsense for bad input", () => {
    expect(formatBytes(Number.NaN)).toBe("0 B");
    expect(formatBytes(-5)).toBe("0 B");
  });
});

describe("formatShare", () => {
  it("is a pt-BR percentage, never a misleading 0% for a sliver", () => {
    expect(formatShare(1, 4)).toBe("25%");
    expect(formatShare(1, 1_000_000)).toBe("<\u00a00,1%");
    expect(formatShare(0, 100)).toBe("0%");
    expect(formatShare(5, 0)).toBe("—");
  });
});

describe("Web Storage entries", () => {
  it("count key and value as UTF-16, two bytes a code unit", () => {
    expect(webStorageBytes("ab", "çé")).toBe(8);
  });

  it("lists every key sorted, with its size", () => {
    const data = new Map([
      ["guida-theme", "dark"],
      ["guida-clicker", "{}"],
    ]);
    const storage = {
      length: data.size,
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (key: string) => data.get(key) ?? null,
    };
    expect(webStorageEntries(storage)).toEqual([
      { key: "guida-clicker", bytes: (13 + 2) * 2 },
      { key: "guida-theme", bytes: (11 + 4) * 2 },
    ]);
  });
});

describe("summarizeImageRecords", () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it("counts entries, sums sizes, finds the oldest and the expired", () => {
    const summary = summarizeImageRecords(
      [
        { url: "/a", blob: new Blob(["a"]), timestamp: now - 1000, size: 2048, ttl: 60_000 },
        { url: "/b", blob: new Blob(["b"]), timestamp: now - 120_000, size: 1024, ttl: 60_000 },
        { url: "/c", blob: new Blob(["c"]), timestamp: now - 60_000, size: 10, ttl: 60_000 },
      ],
      now,
    );
    // An entry whose ttl ends exactly now is expired.
    expect(summary).toEqual({ entries: 3, bytes: 3082, oldest: now - 120_000, expired: 2 });
  });

  it("falls back to the blob's size and the default ttl of 6 hours", () => {
    const summary = summarizeImageRecords(
      [
        { url: "/a", blob: new Blob(["12345"]), timestamp: now - IMAGE_CACHE_DEFAULT_TTL_MS - 1 },
        { url: "/b", blob: new Blob(["1"]), timestamp: now - IMAGE_CACHE_DEFAULT_TTL_MS + 1000 },
      ],
      now,
    );
    expect(summary).toMatchObject({ bytes: 6, expired: 1 });
    expect(IMAGE_CACHE_DEFAULT_TTL_MS).toBe(6 * 60 * 60 * 1000);
  });

  it("counts malformed records without letting them break the totals", () => {
    const summary = summarizeImageRecords([null, "x", { url: "/a", size: "big", timestamp: "ontem" }], now);
    expect(summary).toEqual({ entries: 3, bytes: 0, oldest: null, expired: 0 });
  });

  it("is empty for no records", () => {
    expect(summarizeImageRecords([], now)).toEqual({ entries: 0, bytes: 0, oldest: null, expired: 0 });
  });
});
