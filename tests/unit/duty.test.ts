import { describe, expect, it } from "vitest";
import { dutyBadge, onDuty, townMoment } from "#core/duty";
import { townInstant } from "#server/models/duty-rota";
import { demoRota } from "#server/seed/seed-data";

// Issue #32: the duty pharmacy. Instants are written in UTC; Vila Serena's clock is UTC−3
// today (no daylight saving since 2019) and was UTC−2 in the summer of 2018.
const at = (iso: string) => new Date(iso);
// A 24 h turn from 08:00 Friday 27 November 2026 to 08:00 Saturday, on the town's clock.
const turn = { startsAt: "2026-11-27T11:00:00.000Z", endsAt: "2026-11-28T11:00:00.000Z" };

describe("a duty turn's start and end", () => {
  it("is on duty from its first minute up to, not including, its last", () => {
    expect(onDuty(turn, at("2026-11-27T10:59:59.999Z"))).toBe(false); // 07:59:59 Friday
    expect(onDuty(turn, at("2026-11-27T11:00:00Z"))).toBe(true); // 08:00 Friday
    expect(onDuty(turn, at("2026-11-28T02:59:00Z"))).toBe(true); // 23:59 Friday
    expect(onDuty(turn, at("2026-11-28T03:00:00Z"))).toBe(true); // midnight, Saturday
    expect(onDuty(turn, at("2026-11-28T10:59:00Z"))).toBe(true); // 07:59 Saturday
    expect(onDuty(turn, at("2026-11-28T11:00:00Z"))).toBe(false); // 08:00 Saturday: the next pharmacy's
  });

  it("says the pharmacy is open until the turn ends, whatever its hours: today, tomorrow, or a date", () => {
    expect(dutyBadge([turn], at("2026-11-27T11:00:00Z"))).toBe("Aberto · plantão até amanhã às 8:00");
    // After midnight the end is the same day.
    expect(dutyBadge([turn], at("2026-11-28T03:30:00Z"))).toBe("Aberto · plantão até 8:00");
    expect(dutyBadge([turn], at("2026-11-28T11:00:00Z"))).toBeNull();
    expect(dutyBadge([turn], at("2026-11-27T10:59:00Z"))).toBeNull();
    const weekend = { startsAt: "2026-11-27T11:00:00.000Z", endsAt: "2026-11-30T11:00:00.000Z" };
    expect(dutyBadge([turn, weekend], at("2026-11-27T12:00:00Z"))).toBe("Aberto · plantão até 30/11 às 8:00");
    expect(townMoment(turn.startsAt, at("2026-11-26T20:00:00Z"))).toBe("amanhã às 8:00");
  });
});

describe("the rota's times on the town's clock", () => {
  it("follows the tz database: UTC−3 now, UTC−2 in the summer of 2018, never a fixed offset", () => {
    expect(townInstant("2026-12-05 08:00")).toBe("2026-12-05T11:00:00.000Z");
    expect(townInstant("05/12/2026 08:00")).toBe("2026-12-05T11:00:00.000Z");
    expect(townInstant("2018-01-10 08:00")).toBe("2018-01-10T10:00:00.000Z");
    expect(townInstant("2018-07-10 08:00")).toBe("2018-07-10T11:00:00.000Z");
  });

  it("refuses a moment that does not exist or is not written as one", () => {
    for (const text of ["2026-02-30 08:00", "31/04/2026 08:00", "2026-12-05 24:00", "2026-12-05", "amanhã 8h", ""]) {
      expect(townInstant(text), text).toBeNull();
    }
  });

  it("gives the demo town a 24 h turn from 08:00 every day, the pharmacies in turn, from yesterday on", () => {
    const rota = demoRota("2026-11-27");
    expect(rota[0]).toEqual({ name: "Farmácia Bom Jesus", start: "2026-11-26 08:00", end: "2026-11-27 08:00" });
    expect(rota[1]).toEqual({ name: "Drogaria Popular Vila Serena", start: "2026-11-27 08:00", end: "2026-11-28 08:00" });
    for (const [i, t] of rota.entries()) if (i > 0) expect(t.start).toBe(rota[i - 1]!.end);
  });
});
