import { describe, expect, it } from "vitest";
import { minuteOf, READ_CACHE_MAX_ENTRIES, READ_CACHE_TTL_MS, ReadCache } from "../../server/cache/read-cache";

// The shared query results behind every page (server/cache/read-cache.ts): a burst costs one
// query, nothing outlives a write, and nothing is kept that a write may have overtaken.

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("ReadCache", () => {
  it("answers a burst of requests with one read, and reads again once the entry is too old", async () => {
    const time = clock();
    const cache = new ReadCache(time.now);
    let reads = 0;
    const read = async () => ({ n: ++reads });
    const burst = await Promise.all([cache.read("k", read), cache.read("k", read), cache.read("k", read)]);
    expect(burst.map((r) => r.n)).toEqual([1, 1, 1]);
    time.advance(READ_CACHE_TTL_MS - 1);
    expect((await cache.read("k", read)).n).toBe(1);
    time.advance(1);
    expect((await cache.read("k", read)).n).toBe(2);
  });

  it("forgets everything on a write", async () => {
    const cache = new ReadCache(clock().now);
    let reads = 0;
    const read = async () => ++reads;
    await cache.read("a", read);
    await cache.read("b", read);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.read("a", read)).toBe(3);
  });

  it("hands a read that a write overtook to its callers, but does not keep it", async () => {
    const cache = new ReadCache(clock().now);
    const slow = deferred<string>();
    const before = cache.read("k", () => slow.promise);
    cache.clear(); // a write commits while the read is running
    slow.resolve("old");
    expect(await before).toBe("old");
    expect(await cache.read("k", async () => "new")).toBe("new");
  });

  it("keeps no failure: the next request reads again", async () => {
    const cache = new ReadCache(clock().now);
    await expect(cache.read("k", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.read("k", async () => "back")).toBe("back");
  });

  it("hands out results nobody can change for the next request", async () => {
    const cache = new ReadCache(clock().now);
    const result = await cache.read("k", async () => ({ list: [{ name: "Padaria" }] }));
    expect(() => result.list.push({ name: "Outra" })).toThrow(TypeError);
    expect(() => {
      result.list[0]!.name = "Mudado";
    }).toThrow(TypeError);
  });

  it("keeps at most READ_CACHE_MAX_ENTRIES entries, dropping the oldest", async () => {
    const cache = new ReadCache(clock().now);
    for (let i = 0; i <= READ_CACHE_MAX_ENTRIES; i++) await cache.read(`k${i}`, async () => i);
    expect(cache.size).toBe(READ_CACHE_MAX_ENTRIES);
    expect(await cache.read("k0", async () => "read again")).toBe("read again");
  });
});

describe("minuteOf", () => {
  it("is the start of the minute, so a minute's open-now answers share one entry", () => {
    expect(minuteOf(new Date("2026-11-22T10:15:59.999Z")).toISOString()).toBe("2026-11-22T10:15:00.000Z");
    expect(minuteOf(new Date("2026-11-22T10:16:00.000Z")).toISOString()).toBe("2026-11-22T10:16:00.000Z");
  });
});
