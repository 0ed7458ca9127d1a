import { describe, expect, it } from "vitest";
import {
  IMAGE_CACHE_CLEAN_EVERY_MS,
  IMAGE_CACHE_MAX_BYTES,
  IMAGE_CACHE_TTL_MS,
  entriesToEvict,
  isExpired,
} from "~/lib/image-cache-policy";

const MB = 1024 * 1024;
const HOUR = 60 * 60_000;

describe("image cache policy (spec points 3 and 9)", () => {
  it("uses the spec's numbers", () => {
    expect(IMAGE_CACHE_MAX_BYTES).toBe(50 * MB);
    expect(IMAGE_CACHE_TTL_MS).toBe(6 * HOUR);
    expect(IMAGE_CACHE_CLEAN_EVERY_MS).toBe(HOUR);
  });

  it("expires a record when its ttl has passed", () => {
    const record = { url: "/a", timestamp: 0, size: 1, ttl: IMAGE_CACHE_TTL_MS };
    expect(isExpired(record, 6 * HOUR - 1)).toBe(false);
    expect(isExpired(record, 6 * HOUR)).toBe(true);
  });

  it("evicts the oldest entries until the new one fits under 50 MB", () => {
    const records = [
      { url: "/new", timestamp: 300, size: 20 * MB, ttl: IMAGE_CACHE_TTL_MS },
      { url: "/old", timestamp: 100, size: 20 * MB, ttl: IMAGE_CACHE_TTL_MS },
      { url: "/mid", timestamp: 200, size: 9 * MB, ttl: IMAGE_CACHE_TTL_MS },
    ];
    expect(entriesToEvict(records, 1 * MB)).toEqual([]);
    expect(entriesToEvict(records, 2 * MB)).toEqual(["/old"]);
    expect(entriesToEvict(records, 25 * MB)).toEqual(["/old", "/mid"]);
  });

  it("never evicts for an image larger than the whole cache (it is just not cached)", () => {
    expect(entriesToEvict([{ url: "/a", timestamp: 1, size: MB, ttl: 1 }], 51 * MB)).toEqual([]);
  });
});
