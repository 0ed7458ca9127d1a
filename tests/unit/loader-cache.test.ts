import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  LOADER_CACHE_MAX_BYTES,
  LOADER_EVICT_FRACTION,
  LOADER_FRESH_MS,
  LOADER_KEEP_MS,
  LOADER_RETRIES,
  LOADER_RETRY_BASE_MS,
  LOADER_RETRY_MAX_MS,
  LOADER_SIZE_CHECK_EVERY_MS,
  LoaderCache,
  retryDelay,
  withRetries,
} from "~/lib/loader-cache";

const MIN = 60_000;

describe("loader cache numbers (spec points 7 and 9)", () => {
  it("match the spec", () => {
    expect(LOADER_FRESH_MS).toBe(5 * MIN);
    expect(LOADER_KEEP_MS).toBe(10 * MIN);
    expect(LOADER_CACHE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(LOADER_SIZE_CHECK_EVERY_MS).toBe(MIN);
    expect(LOADER_EVICT_FRACTION).toBe(0.2);
    expect(LOADER_RETRIES).toBe(3);
    expect(LOADER_RETRY_BASE_MS).toBe(1000);
    expect(LOADER_RETRY_MAX_MS).toBe(30_000);
  });
});

describe("LoaderCache", () => {
  it("serves data fresh for 5 minutes, then asks for a refetch", () => {
    const cache = new LoaderCache();
    cache.set("/businesses", { n: 1 }, 10, 0);
    expect(cache.getFresh("/businesses", 5 * MIN - 1)).toEqual({ n: 1 });
    expect(cache.getFresh("/businesses", 5 * MIN)).toBeUndefined();
  });

  it("keeps an entry 10 minutes after its last use, then forgets it", () => {
    const cache = new LoaderCache();
    cache.set("/news", "x", 10, 0);
    cache.getFresh("/news", 4 * MIN); // a use moves "last used" forward
    cache.collect(4 * MIN + 10 * MIN - 1);
    expect(cache.stats().entries).toBe(1);
    cache.collect(4 * MIN + 10 * MIN);
    expect(cache.stats().entries).toBe(0);
  });

  it("drops the oldest 20% when the data passes 10 MB", () => {
    const cache = new LoaderCache();
    const big = LOADER_CACHE_MAX_BYTES / 10 + 1;
    for (let i = 0; i < 10; i++) cache.set(`/p${i}`, i, big, i * 1000); // one check at t=0 only
    expect(cache.stats().entries).toBe(10);
    expect(cache.enforceSize(MIN)).toBe(2);
    expect(cache.getFresh("/p0", MIN)).toBeUndefined();
    expect(cache.getFresh("/p1", MIN)).toBeUndefined();
    expect(cache.getFresh("/p2", MIN)).toBe(2);
  });

  it("measures the size at most once a minute", () => {
    const cache = new LoaderCache();
    cache.set("/a", 1, LOADER_CACHE_MAX_BYTES + 1, 0); // checked at t=0: 1 entry over the cap → evicted
    expect(cache.stats().entries).toBe(0);
    cache.set("/b", 1, LOADER_CACHE_MAX_BYTES + 1, 30_000); // within the minute: not checked
    expect(cache.stats().entries).toBe(1);
    expect(cache.enforceSize(59_999)).toBe(0);
    expect(cache.enforceSize(60_000)).toBe(1);
  });

  it("is invalidated by writes", () => {
    const cache = new LoaderCache();
    cache.set("/sell-items", 1, 1, 0);
    cache.set("/news", 1, 1, 0);
    cache.invalidate((key) => key.startsWith("/sell-items"));
    expect(cache.getFresh("/sell-items", 1)).toBeUndefined();
    expect(cache.getFresh("/news", 1)).toBe(1);
  });
});

describe("retries", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("backs off from 1 s, doubling, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("retries a failure 3 times before the error shows", async () => {
    const load = vi.fn().mockRejectedValue(new Error("rede"));
    const waits: number[] = [];
    const result = withRetries(load, async (ms) => {
      waits.push(ms);
      await vi.advanceTimersByTimeAsync(ms);
    });
    await expect(result).rejects.toThrow("rede");
    expect(load).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("stops retrying as soon as a try succeeds", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("x")).mockResolvedValue("ok");
    await expect(withRetries(load, async () => {})).resolves.toBe("ok");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not retry an HTTP answer such as a 404", async () => {
    const load = vi.fn().mockRejectedValue(new Response(null, { status: 404 }));
    await expect(withRetries(load, async () => {})).rejects.toBeInstanceOf(Response);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
