import { describe, expect, it } from "vitest";
import { agendaDays, eventPlace, eventPrice, eventWhen, monthAfter, monthDays, monthLabel } from "#core/events";

// Issue #32: the agenda's windows and words read Vila Serena's clock (UTC−3 today, UTC−2 in
// the summer of 2018, from the tz database); the instants are UTC.
const at = (iso: string) => new Date(iso);

describe("the agenda's windows", () => {
  it("calls the coming Saturday and Sunday 'this weekend' from Monday to Friday, and the current ones on the weekend", () => {
    // Wednesday 25 November 2026, 10:00 in the town.
    expect(agendaDays(at("2026-11-25T13:00:00Z"))).toEqual({ today: "2026-11-25", tomorrow: "2026-11-26", weekendFrom: "2026-11-28", weekendTo: "2026-11-30" });
    // Friday 23:59 is still Friday in the town, though Saturday in UTC.
    expect(agendaDays(at("2026-11-28T02:59:00Z")).today).toBe("2026-11-27");
    expect(agendaDays(at("2026-11-28T03:00:00Z"))).toEqual({ today: "2026-11-28", tomorrow: "2026-11-29", weekendFrom: "2026-11-28", weekendTo: "2026-11-30" });
    // Sunday 23:59, then Monday 00:00: the weekend moves on.
    expect(agendaDays(at("2026-11-30T02:59:00Z")).weekendFrom).toBe("2026-11-28");
    expect(agendaDays(at("2026-11-30T03:00:00Z")).weekendFrom).toBe("2026-12-05");
    // January 2018, summer time (UTC−2): 02:00 UTC was midnight Sunday in the town (at UTC−3 it would be 23:00 Saturday).
    expect(agendaDays(at("2018-01-21T02:00:00Z")).today).toBe("2018-01-21");
    expect(agendaDays(at("2018-01-21T01:59:00Z")).today).toBe("2018-01-20");
  });

  it("names months and their bounds, across the year's end", () => {
    expect(monthDays("2026-12")).toEqual({ from: "2026-12-01", to: "2027-01-01" });
    expect(monthLabel("2027-03")).toBe("março de 2027");
    expect([0, 1, 2].map((n) => monthAfter(at("2026-11-30T12:00:00Z"), n))).toEqual(["2026-11", "2026-12", "2027-01"]);
    // 21:30 on 30 November in the town is 1 December in UTC: still November here.
    expect(monthAfter(at("2026-12-01T00:30:00Z"), 0)).toBe("2026-11");
  });
});

describe("an event in words", () => {
  it("says when on the town's clock, over midnight and over days", () => {
    expect(eventWhen({ startsAt: "2026-11-28T22:00:00Z", endsAt: "2026-11-29T02:00:00Z" })).toBe("sáb., 28/11 das 19:00 às 23:00");
    expect(eventWhen({ startsAt: "2026-11-29T00:00:00Z", endsAt: "2026-11-29T05:00:00Z" })).toBe("sáb., 28/11 às 21:00 até dom., 29/11 às 2:00");
    expect(eventWhen({ startsAt: "2018-01-20T23:00:00Z", endsAt: "2018-01-21T01:00:00Z" })).toBe("sáb., 20/01 das 21:00 às 23:00");
  });

  it("says the price and the place", () => {
    expect(eventPrice(null)).toBe("Gratuito");
    expect(eventPrice(1050).replace(/\s/g, " ")).toBe("Entrada: R$ 10,50");
    expect(eventPlace({ address: "", businessName: "Bar do Zé", businessAddress: "Rua Direita, 10" })).toBe("Bar do Zé · Rua Direita, 10");
    expect(eventPlace({ address: "Praça da Matriz", businessName: null, businessAddress: null })).toBe("Praça da Matriz");
  });
});
