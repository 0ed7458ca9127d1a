import { describe, expect, it } from "vitest";
import { minuteOf, READ_CACHE_MAX_ENTRIES, READ_CACHE_STALE_MS, READ_CACHE_TTL_MS, ReadCache } from "#server/cache/read-cache";
import { businessList, badges, favoriteState, newsArticle } from "#server/cache/reads";
import type { Change } from "#server/db/changes";

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
    // Issue #15: past its TTL the entry is still answered once more, while it is read again.
    expect((await cache.read("k", read)).n).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
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

// Issue #15: a change drops what it touched, not every cache, and a stale entry is answered
// while one caller reads it again.
describe("ReadCache, told what changed", () => {
  const change = (kind: string, id: string | null, users: string[] = []): Change => ({ kind, table: kind, op: "update", id, users });
  const ANA = "00000000-0000-4000-8000-0000000000a1";
  const BENTO = "00000000-0000-4000-8000-0000000000b2";

  it("drops only the entries a change touched: the item, the lists of its kind, the resident's own", async () => {
    const cache = new ReadCache(clock().now);
    let reads = 0;
    const read = async () => ++reads;
    const fill = async () => ({
      businesses: await cache.read("businesses", read, businessList.dependency({ page: 1 })),
      newsX: await cache.read("news-x", read, newsArticle.dependency({ id: "x" })),
      newsY: await cache.read("news-y", read, newsArticle.dependency({ id: "y" })),
      anaBadges: await cache.read("ana", read, badges.dependency(ANA, null)),
      bentoHearts: await cache.read("bento", read, favoriteState.dependency(BENTO, { itemIds: ["x"] })),
    });
    const before = await fill();
    cache.invalidate(change("news", "x", [ANA]));
    cache.invalidate(change("favorite", "x", [BENTO]));
    const after = await fill();
    expect(after.newsX).not.toBe(before.newsX);
    expect(after.bentoHearts).not.toBe(before.bentoHearts);
    expect({ ...after, newsX: 0, bentoHearts: 0 }).toEqual({ ...before, newsX: 0, bentoHearts: 0 });
    // A change of anything ("*": the listener was deaf for a while) drops everything.
    cache.invalidate({ kind: "*", table: "*", op: "gap", id: null, users: [] });
    expect(cache.size).toBe(0);
  });

  it("drops a result a change overtook while it was being read", async () => {
    const cache = new ReadCache(clock().now);
    const slow = deferred<string>();
    const before = cache.read("k", () => slow.promise, newsArticle.dependency({ id: "x" }));
    cache.invalidate(change("news", "x"));
    slow.resolve("old");
    expect(await before).toBe("old");
    expect(await cache.read("k", async () => "new")).toBe("new");
  });

  it("answers a stale entry to a burst while one read refreshes it", async () => {
    const time = clock();
    const cache = new ReadCache(time.now);
    let reads = 0;
    const refreshed = deferred<void>();
    const read = async () => {
      reads += 1;
      if (reads > 1) await refreshed.promise;
      return reads;
    };
    expect(await cache.read("k", read)).toBe(1);
    time.advance(READ_CACHE_TTL_MS);
    const burst = await Promise.all([cache.read("k", read), cache.read("k", read), cache.read("k", read)]);
    expect(burst).toEqual([1, 1, 1]);
    expect(reads).toBe(2);
    refreshed.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.read("k", read)).toBe(2);
    // Too old even to be answered stale: read again, and waited for.
    time.advance(READ_CACHE_TTL_MS + READ_CACHE_STALE_MS);
    expect(await cache.read("k", read)).toBe(3);
  });
});

describe("minuteOf", () => {
  it("is the start of the minute, so a minute's open-now answers share one entry", () => {
    expect(minuteOf(new Date("2026-11-22T10:15:59.999Z")).toISOString()).toBe("2026-11-22T10:15:00.000Z");
    expect(minuteOf(new Date("2026-11-22T10:16:00.000Z")).toISOString()).toBe("2026-11-22T10:16:00.000Z");
  });
});
