import { describe, expect, it } from "vitest";
import { limitAddress, MemoryRateLimiter, storedKey } from "#server/toolkit/rate-limit";

// What a rate limit counts (issue #25): a key of bounded size whatever a client typed, and
// one counter per IPv4 address or per IPv6 /64, so an attacker cannot mint allowances (and
// rows in public.rate_limits) by varying what they send or the address inside their /64.
describe("rate-limit keys", () => {
  it("stores a key as its kind and a fixed-size hash, never the text a client typed", () => {
    const long = storedKey(`signin-account:127.0.0.1:${"x".repeat(6_000)}@exemplo.com.br`);
    expect(long).toMatch(/^signin-account:[\w-]{43}$/);
    expect(storedKey("signin-account:127.0.0.1:ana@exemplo.com.br")).not.toContain("ana");
    expect(storedKey("write:10.0.0.1")).not.toBe(storedKey("write:10.0.0.2"));
    expect(storedKey("sem-tipo")).toMatch(/^key:[\w-]{43}$/);
  });

  it("counts an IPv6 client by its /64 and an IPv4 client by its address", () => {
    expect(limitAddress("127.0.0.1")).toBe("127.0.0.1");
    expect(limitAddress("::ffff:10.0.0.1")).toBe("::ffff:10.0.0.1");
    expect(limitAddress("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:0DB8:0001:0002:ffff::9")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("limits the whole /64: another address in it shares the allowance", async () => {
    const limiter = new MemoryRateLimiter(() => 0);
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await limiter.hit(`write:${limitAddress("2001:db8:1:2::a")}`, rule)).toBe(0);
    expect(await limiter.hit(`write:${limitAddress("2001:db8:1:2::b")}`, rule)).toBe(0);
    expect(await limiter.hit(`write:${limitAddress("2001:db8:1:2:ffff::c")}`, rule)).toBe(60);
    expect(await limiter.hit(`write:${limitAddress("2001:db8:1:3::a")}`, rule)).toBe(0);
  });
});
