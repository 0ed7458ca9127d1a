import { describe, expect, it } from "vitest";
import { describeDay, isOpenNow, townClock, type OpeningHours } from "~/lib/business-hours";

// Instants are written in UTC; Vila Serena's clock is UTC−3 (no daylight saving since 2019).
const at = (iso: string) => new Date(iso);

const bakery: OpeningHours = {
  sunday: { open: false },
  monday: { open: true, opensAt: "06:00", closesAt: "19:00" },
  tuesday: { open: true, opensAt: "06:00", closesAt: "19:00" },
  wednesday: { open: true, opensAt: "06:00" },
  thursday: { open: true, opensAt: "06:00", closesAt: "19:00" },
  friday: { open: true, opensAt: "22:00", closesAt: "02:00" },
  saturday: { open: true, opensAt: "06:00", closesAt: "12:00" },
};

describe("townClock", () => {
  it("reads the wall clock in America/Sao_Paulo whatever the server's zone", () => {
    // Monday 2026-11-23 02:30 UTC is still Sunday 23:30 in the town.
    expect(townClock(at("2026-11-23T02:30:00Z"))).toEqual({ weekday: "sunday", minutes: 23 * 60 + 30 });
    expect(townClock(at("2026-11-23T09:00:00Z"))).toEqual({ weekday: "monday", minutes: 6 * 60 });
  });

  it("follows daylight-saving history (UTC−2 in January 2018)", () => {
    // 2018-01-15 was a Monday and Brazil's summer time was in force: 08:00Z = 06:00 local.
    expect(townClock(at("2018-01-15T08:00:00Z"))).toEqual({ weekday: "monday", minutes: 6 * 60 });
  });
});

describe("isOpenNow", () => {
  it("is open from the opening minute", () => {
    expect(isOpenNow(bakery, at("2026-11-23T09:00:00Z"))).toBe(true); // Mon 06:00
  });

  it("is closed the minute before opening", () => {
    expect(isOpenNow(bakery, at("2026-11-23T08:59:00Z"))).toBe(false); // Mon 05:59
  });

  it("is open at the last minute before closing", () => {
    expect(isOpenNow(bakery, at("2026-11-23T21:59:59Z"))).toBe(true); // Mon 18:59:59
  });

  it("is closed at the closing minute itself", () => {
    expect(isOpenNow(bakery, at("2026-11-23T22:00:00Z"))).toBe(false); // Mon 19:00
  });

  it("is closed on a day flagged closed", () => {
    expect(isOpenNow(bakery, at("2026-11-22T15:00:00Z"))).toBe(false); // Sun 12:00
  });

  it("is closed on a day missing a time", () => {
    expect(isOpenNow(bakery, at("2026-11-25T15:00:00Z"))).toBe(false); // Wed 12:00, no closesAt
  });

  it("is closed on a day missing from the schedule", () => {
    const { monday: _monday, ...withoutMonday } = bakery;
    expect(isOpenNow(withoutMonday, at("2026-11-23T15:00:00Z"))).toBe(false);
  });

  it("is closed without a schedule", () => {
    expect(isOpenNow(null, at("2026-11-23T15:00:00Z"))).toBe(false);
    expect(isOpenNow(undefined, at("2026-11-23T15:00:00Z"))).toBe(false);
  });

  it("does not handle overnight spans: closed on both sides of midnight", () => {
    expect(isOpenNow(bakery, at("2026-11-28T01:30:00Z"))).toBe(false); // Fri 22:30
    expect(isOpenNow(bakery, at("2026-11-28T04:00:00Z"))).toBe(false); // Sat 01:00
  });

  it("uses the town's day, not the server's UTC day", () => {
    // Saturday 2026-11-28 14:30 UTC = Saturday 11:30 local: open (06:00–12:00).
    expect(isOpenNow(bakery, at("2026-11-28T14:30:00Z"))).toBe(true);
    // Sunday 2026-11-29 02:00 UTC = Saturday 23:00 local: closed since noon.
    expect(isOpenNow(bakery, at("2026-11-29T02:00:00Z"))).toBe(false);
  });

  it("applies daylight-saving history: 06:00 local in January 2018 was 08:00Z", () => {
    expect(isOpenNow(bakery, at("2018-01-15T08:00:00Z"))).toBe(true);
    expect(isOpenNow(bakery, at("2018-01-15T07:59:00Z"))).toBe(false);
  });

  it("ignores malformed times", () => {
    expect(isOpenNow({ monday: { open: true, opensAt: "6h", closesAt: "19:00" } }, at("2026-11-23T15:00:00Z"))).toBe(false);
  });
});

describe("describeDay", () => {
  it("says what the hours table shows", () => {
    expect(describeDay({ open: true, opensAt: "06:00", closesAt: "19:00" })).toBe("06:00 – 19:00");
    expect(describeDay({ open: false })).toBe("Fechado");
    expect(describeDay(undefined)).toBe("Fechado");
    expect(describeDay({ open: true, opensAt: "06:00" })).toBe("Sem horário");
  });
});
