import { describe, expect, it } from "vitest";
import { describeDay, describeOpenStatus, isOpenNow, openStatus, townClock, type OpeningHours } from "~/lib/business-hours";

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

describe("openStatus / describeOpenStatus", () => {
  const say = (hours: OpeningHours | null, iso: string) => describeOpenStatus(openStatus(hours, at(iso)));
  const shop: OpeningHours = {
    sunday: { open: false },
    monday: { open: true, opensAt: "07:00", closesAt: "18:00" },
    tuesday: { open: true, opensAt: "07:00", closesAt: "18:00" },
    wednesday: { open: true, opensAt: "14:00", closesAt: "18:30" },
    thursday: { open: false },
    friday: { open: true, opensAt: "18:00", closesAt: "02:00" }, // overnight: never open by the spec's rule
    saturday: { open: false },
  };

  it("an open business says until when", () => {
    expect(say(shop, "2026-11-23T13:00:00Z")).toBe("Aberto · fecha às 18:00"); // Mon 10:00
    expect(say(shop, "2026-11-25T20:59:00Z")).toBe("Aberto · fecha às 18:30"); // Wed 17:59
  });

  it("before today's opening it opens today", () => {
    expect(say(shop, "2026-11-25T12:00:00Z")).toBe("Fechado · abre hoje às 14:00"); // Wed 09:00
  });

  it("after closing it opens tomorrow, the hour without a leading zero", () => {
    expect(say(shop, "2026-11-23T21:00:00Z")).toBe("Fechado · abre amanhã às 7:00"); // Mon 18:00, the closing minute
    expect(say(shop, "2026-11-24T02:30:00Z")).toBe("Fechado · abre amanhã às 7:00"); // Mon 23:30 local, already Tue in UTC
  });

  it("skips closed days and names the weekday", () => {
    // Wed 19:00 → Thu closed, Fri overnight (never open), Sat and Sun closed → Monday.
    expect(say(shop, "2026-11-25T22:00:00Z")).toBe("Fechado · abre segunda às 7:00");
    expect(say(shop, "2026-11-22T15:00:00Z")).toBe("Fechado · abre amanhã às 7:00"); // Sun 12:00
  });

  it("never announces an overnight span, on either side of midnight", () => {
    expect(say(shop, "2026-11-28T01:30:00Z")).toBe("Fechado · abre segunda às 7:00"); // Fri 22:30
    expect(say(shop, "2026-11-28T04:00:00Z")).toBe("Fechado · abre segunda às 7:00"); // Sat 01:00
  });

  it("a business open one day a week, after it closes, opens that weekday next week", () => {
    const mondays: OpeningHours = { monday: { open: true, opensAt: "08:00", closesAt: "12:00" } };
    expect(openStatus(mondays, at("2026-11-23T16:00:00Z"))).toEqual({ open: false, next: { opensIn: 7, weekday: "monday", opensAt: 8 * 60 } });
    expect(say(mondays, "2026-11-23T16:00:00Z")).toBe("Fechado · abre segunda às 8:00");
  });

  it("says only Fechado without a schedule or without any day that opens", () => {
    expect(say(null, "2026-11-23T13:00:00Z")).toBe("Fechado");
    expect(say({ monday: { open: true, opensAt: "06:00" } }, "2026-11-23T13:00:00Z")).toBe("Fechado");
  });

  it("uses São Paulo time with no daylight saving today (UTC−3 all year)", () => {
    // 2026-01-12 is a Monday in summer: 10:00Z is 07:00 in the town (it was 08:00 under the old summer time).
    expect(say(shop, "2026-01-12T10:00:00Z")).toBe("Aberto · fecha às 18:00");
    expect(say(shop, "2026-01-12T09:59:00Z")).toBe("Fechado · abre hoje às 7:00");
  });

  it("says à for one o'clock", () => {
    expect(say({ tuesday: { open: true, opensAt: "01:00", closesAt: "05:00" } }, "2026-11-23T13:00:00Z")).toBe("Fechado · abre amanhã à 1:00");
  });
});
