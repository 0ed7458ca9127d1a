import { describe, expect, it } from "vitest";
import { describeDay, describeOpenStatus, isOpenNow, openStatus, scheduleProblems, townClock, type OpeningHours } from "#core/business-hours";

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

  // This asserted "closed on both sides of midnight" while the spec's rule left overnight
  // spans unhandled; issue #32 lifts that limitation: Friday 22:00–02:00 closes on Saturday.
  it("keeps a span past midnight open on both sides of midnight", () => {
    expect(isOpenNow(bakery, at("2026-11-28T01:30:00Z"))).toBe(true); // Fri 22:30
    expect(isOpenNow(bakery, at("2026-11-28T04:00:00Z"))).toBe(true); // Sat 01:00, Friday's hours
    expect(isOpenNow(bakery, at("2026-11-28T05:00:00Z"))).toBe(false); // Sat 02:00, the closing minute
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
    friday: { open: true, opensAt: "18:00", closesAt: "02:00" }, // closes Saturday 02:00
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
    // Wed 19:00 → Thu closed → Friday 18:00 (before #32 the overnight Friday was skipped to Monday).
    expect(say(shop, "2026-11-25T22:00:00Z")).toBe("Fechado · abre sexta às 18:00");
    expect(say(shop, "2026-11-22T15:00:00Z")).toBe("Fechado · abre amanhã às 7:00"); // Sun 12:00
  });

  it("a span past midnight says it closes at 2:00, on either side of midnight, then points to the next opening", () => {
    expect(say(shop, "2026-11-28T01:30:00Z")).toBe("Aberto · fecha às 2:00"); // Fri 22:30
    expect(say(shop, "2026-11-28T04:00:00Z")).toBe("Aberto · fecha às 2:00"); // Sat 01:00
    expect(say(shop, "2026-11-28T05:00:00Z")).toBe("Fechado · abre segunda às 7:00"); // Sat 02:00
  });

  it("a business open one day a week, after it closes, opens that weekday next week", () => {
    const mondays: OpeningHours = { monday: { open: true, opensAt: "08:00", closesAt: "12:00" } };
    expect(openStatus(mondays, at("2026-11-23T16:00:00Z"))).toEqual({ open: false, next: { opensIn: 7, weekday: "monday", date: "2026-11-30", opensAt: 8 * 60 } });
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

describe("hours past midnight (issue #32), at the boundaries, on a fixed clock", () => {
  const say = (hours: OpeningHours, iso: string) => describeOpenStatus(openStatus(hours, at(iso)));
  const bar: OpeningHours = {
    friday: { open: true, opensAt: "18:00", closesAt: "02:00" },
    saturday: { open: true, opensAt: "18:00", closesAt: "02:00" },
    sunday: { open: true, opensAt: "18:00", closesAt: "02:00" },
  };

  it("a bar open 18:00–02:00 on Friday is open Saturday 01:59 and closed at 02:00", () => {
    // 2026-11-28 is a Saturday; 04:59Z = 01:59 in the town (UTC−3 by the tz database today).
    expect(say(bar, "2026-11-28T04:59:00Z")).toBe("Aberto · fecha às 2:00");
    expect(say(bar, "2026-11-28T05:00:00Z")).toBe("Fechado · abre hoje às 18:00");
    expect(say(bar, "2026-11-27T20:59:00Z")).toBe("Fechado · abre hoje às 18:00"); // Fri 17:59
    expect(say(bar, "2026-11-27T21:00:00Z")).toBe("Aberto · fecha às 2:00"); // Fri 18:00
  });

  it("Saturday night runs into Sunday", () => {
    expect(isOpenNow(bar, at("2026-11-29T02:59:00Z"))).toBe(true); // Sat 23:59
    expect(isOpenNow(bar, at("2026-11-29T03:00:00Z"))).toBe(true); // Sun 00:00
    expect(say(bar, "2026-11-29T04:59:00Z")).toBe("Aberto · fecha às 2:00"); // Sun 01:59
    expect(say(bar, "2026-11-29T05:00:00Z")).toBe("Fechado · abre hoje às 18:00"); // Sun 02:00
  });

  it("the week wraps: Sunday night runs into Monday, then the next opening is Friday", () => {
    expect(say(bar, "2026-11-30T04:59:00Z")).toBe("Aberto · fecha às 2:00"); // Mon 01:59
    expect(say(bar, "2026-11-30T05:00:00Z")).toBe("Fechado · abre sexta às 18:00"); // Mon 02:00
  });

  it("a bar closed on Saturday is still open on Saturday morning by Friday's hours", () => {
    const fridays: OpeningHours = { friday: { open: true, opensAt: "20:00", closesAt: "03:30" }, saturday: { open: false } };
    expect(isOpenNow(fridays, at("2026-11-28T06:29:00Z"))).toBe(true); // Sat 03:29
    expect(say(fridays, "2026-11-28T06:30:00Z")).toBe("Fechado · abre sexta às 20:00"); // Sat 03:30
  });

  it("follows the tz database, not a fixed −03:00: in January 2018 (daylight saving, UTC−2) 01:59 was 03:59Z", () => {
    // 2018-01-13 was a Saturday; Friday's 18:00–02:00 ended at 04:00Z then, at 05:00Z today.
    expect(say(bar, "2018-01-13T03:59:00Z")).toBe("Aberto · fecha às 2:00");
    expect(say(bar, "2018-01-13T04:00:00Z")).toBe("Fechado · abre hoje às 18:00");
  });

  it("closing at midnight reads à meia-noite and ends at 00:00", () => {
    const late: OpeningHours = { monday: { open: true, opensAt: "19:00", closesAt: "00:00" } };
    expect(say(late, "2026-11-24T02:59:00Z")).toBe("Aberto · fecha à meia-noite"); // Mon 23:59
    expect(isOpenNow(late, at("2026-11-24T03:00:00Z"))).toBe(false); // Tue 00:00
  });

  it("equal opening and closing times are never open nor announced", () => {
    const same: OpeningHours = { monday: { open: true, opensAt: "08:00", closesAt: "08:00" } };
    expect(say(same, "2026-11-23T11:00:00Z")).toBe("Fechado");
  });
});

describe("scheduleProblems", () => {
  it("accepts hours past midnight and hours that meet at midnight", () => {
    expect(scheduleProblems({ friday: { open: true, opensAt: "18:00", closesAt: "02:00" }, saturday: { open: true, opensAt: "02:00", closesAt: "12:00" } })).toEqual([]);
    expect(scheduleProblems({ monday: { open: true, opensAt: "00:00", closesAt: "23:59" } })).toEqual([]);
  });

  it("refuses a day opening and closing at the same minute, on the closing field", () => {
    expect(scheduleProblems({ monday: { open: true, opensAt: "08:00", closesAt: "08:00" } })).toEqual([
      { day: "monday", field: "closesAt", message: "Abre e fecha às 08:00: diga horários diferentes (18:00 – 02:00 fecha às 2:00 do dia seguinte; 24 horas é 00:00 – 23:59)." },
    ]);
  });

  it("refuses a day opening before the previous night's hours end, across the week's wrap too", () => {
    expect(scheduleProblems({ saturday: { open: true, opensAt: "18:00", closesAt: "02:00" }, sunday: { open: true, opensAt: "01:00", closesAt: "12:00" } })).toEqual([
      { day: "sunday", field: "opensAt", message: "Abre às 01:00, mas o horário de sábado vai até 02:00: abra depois disso ou feche sábado mais cedo." },
    ]);
    expect(scheduleProblems({ sunday: { open: true, opensAt: "18:00", closesAt: "02:00" }, monday: { open: true, opensAt: "01:00", closesAt: "12:00" } })).toHaveLength(1);
    // A closed previous day, or a closed day itself, is no overlap.
    expect(scheduleProblems({ saturday: { open: false, opensAt: "18:00", closesAt: "02:00" }, sunday: { open: true, opensAt: "01:00", closesAt: "12:00" } })).toEqual([]);
  });
});
