import { describe, expect, it } from "vitest";
import { describeOpenStatus, isOpenNow, openStatus, type BusinessCalendar, type OpeningHours } from "#core/business-hours";
import { easterSunday, holidayOn, nationalHoliday, nationalHolidays } from "#core/holidays";

// Issue #32: Brazil's national holidays by rule, and what a business's status says on them.
const at = (iso: string) => new Date(iso);

describe("national holidays", () => {
  it("Sexta-feira Santa moves with Easter, 2026–2030", () => {
    expect(["2026", "2027", "2028", "2029", "2030"].map((y) => easterSunday(Number(y)))).toEqual([
      "2026-04-05", "2027-03-28", "2028-04-16", "2029-04-01", "2030-04-21",
    ]);
    for (const day of ["2026-04-03", "2027-03-26", "2028-04-14", "2029-03-30", "2030-04-19"]) {
      expect(nationalHoliday(day)?.name, day).toBe("Sexta-feira Santa");
    }
    expect(nationalHoliday("2026-04-02")).toBeNull(); // Quinta-feira Santa is no holiday
  });

  it("20 November is a holiday from 2024 on, not before", () => {
    expect(nationalHoliday("2023-11-20")).toBeNull();
    expect(nationalHoliday("2024-11-20")?.name).toBe("Consciência Negra");
    expect(nationalHoliday("2026-11-20")?.phrase).toBe("feriado da Consciência Negra");
  });

  it("lists the year's ten holidays, fixed and moving; Carnaval and Corpus Christi are pontos facultativos", () => {
    expect(nationalHolidays(2026)).toEqual([
      { day: "2026-01-01", name: "Confraternização Universal" },
      { day: "2026-04-03", name: "Sexta-feira Santa" },
      { day: "2026-04-21", name: "Tiradentes" },
      { day: "2026-05-01", name: "Dia do Trabalho" },
      { day: "2026-09-07", name: "Independência do Brasil" },
      { day: "2026-10-12", name: "Nossa Senhora Aparecida" },
      { day: "2026-11-02", name: "Finados" },
      { day: "2026-11-15", name: "Proclamação da República" },
      { day: "2026-11-20", name: "Consciência Negra" },
      { day: "2026-12-25", name: "Natal" },
    ]);
    expect(nationalHoliday("2026-02-17")).toBeNull(); // Carnaval (Tuesday)
    expect(nationalHoliday("2026-06-04")).toBeNull(); // Corpus Christi
    expect(nationalHolidays(2023)).toHaveLength(9);
  });

  it("the town's and the state's own come after the national ones", () => {
    const own = [{ day: "2026-12-08", name: "Aniversário de Vila Serena", scope: "municipal" as const }];
    expect(holidayOn("2026-12-08", own)?.phrase).toBe("feriado municipal: Aniversário de Vila Serena");
    expect(holidayOn("2026-12-09", own)).toBeNull();
  });
});

describe("a business's status on holidays and special dates, on a fixed clock", () => {
  const say = (hours: OpeningHours, iso: string, calendar: BusinessCalendar) => describeOpenStatus(openStatus(hours, at(iso), calendar));
  const week = (opensAt: string, closesAt: string, sunday = false): OpeningHours =>
    Object.fromEntries(
      ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, d === "sunday" && !sunday ? { open: false } : { open: true, opensAt, closesAt }]),
    );
  const shop = week("07:00", "19:00");

  it("closes on Finados at the holiday's midnight, and says so", () => {
    // 2026-11-02 (Monday) is Finados; 03:00Z is 00:00 in the town.
    const closed: BusinessCalendar = { holidayMode: "closed" };
    expect(say(shop, "2026-11-02T02:59:00Z", closed)).toBe("Fechado · abre terça às 7:00"); // Sun 23:59: Monday is skipped
    expect(say(shop, "2026-11-02T03:00:00Z", closed)).toBe("Fechado · feriado de Finados");
    expect(say(shop, "2026-11-02T13:00:00Z", closed)).toBe("Fechado · feriado de Finados");
    expect(say(shop, "2026-11-03T10:00:00Z", closed)).toBe("Aberto · fecha às 19:00"); // Tue 07:00
  });

  it("keeps its usual hours, or holiday hours, when it says so", () => {
    expect(say(shop, "2026-11-02T13:00:00Z", { holidayMode: "normal" })).toBe("Aberto · fecha às 19:00");
    const special: BusinessCalendar = { holidayMode: "special", holidayOpensAt: "08:00", holidayClosesAt: "12:00" };
    expect(say(shop, "2026-11-02T13:00:00Z", special)).toBe("Aberto · fecha às 12:00");
    expect(say(shop, "2026-11-02T15:00:00Z", special)).toBe("Fechado · abre amanhã às 7:00");
  });

  it("a night before a holiday runs past midnight; a holiday night's does not", () => {
    const bar = week("18:00", "02:00", true);
    const closed: BusinessCalendar = { holidayMode: "closed" };
    // Sunday night into Finados: Sunday's hours, not the holiday's.
    expect(say(bar, "2026-11-02T04:59:00Z", closed)).toBe("Aberto · fecha às 2:00");
    // Finados night into Tuesday: the holiday was closed, so its night is too.
    expect(isOpenNow(bar, at("2026-11-03T04:00:00Z"), closed)).toBe(false);
  });

  it("Carnaval is no holiday: a shop closed for it says so with a special date", () => {
    expect(isOpenNow(shop, at("2027-02-09T13:00:00Z"), { holidayMode: "closed" })).toBe(true); // Carnaval Tuesday 2027
  });

  it("the town's own holiday closes too", () => {
    const calendar: BusinessCalendar = { holidayMode: "closed", townHolidays: [{ day: "2026-12-08", name: "Aniversário de Vila Serena", scope: "municipal" }] };
    expect(say(shop, "2026-12-08T13:00:00Z", calendar)).toBe("Fechado · feriado municipal: Aniversário de Vila Serena");
  });

  it("special dates: closed for vacation 10–20 January, open on a Sunday", () => {
    const calendar: BusinessCalendar = {
      holidayMode: "closed",
      specialDates: [
        { startsOn: "2026-12-20", endsOn: "2026-12-20", open: true, opensAt: "09:00", closesAt: "13:00", note: "" },
        { startsOn: "2027-01-10", endsOn: "2027-01-20", open: false, opensAt: null, closesAt: null, note: "férias coletivas" },
      ],
    };
    expect(say(shop, "2027-01-10T03:00:00Z", calendar)).toBe("Fechado · férias coletivas"); // Sun 10 Jan 00:00
    expect(say(shop, "2027-01-20T20:00:00Z", calendar)).toBe("Fechado · férias coletivas");
    expect(say(shop, "2027-01-21T10:00:00Z", calendar)).toBe("Aberto · fecha às 19:00"); // Thu 21 Jan 07:00
    expect(say(shop, "2027-01-09T22:00:00Z", calendar)).toBe("Fechado · abre dia 21/01 às 7:00"); // Sat 19:00: past the vacation
    expect(say(shop, "2026-12-20T13:00:00Z", calendar)).toBe("Aberto · fecha às 13:00"); // a Sunday, open
    expect(say(shop, "2026-12-13T13:00:00Z", calendar)).toBe("Fechado · abre amanhã às 7:00"); // an ordinary Sunday
  });
});
