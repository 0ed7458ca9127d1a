import { describe, expect, it } from "vitest";
import { maskDate, parseMaskedDate } from "~/lib/date-mask";

describe("maskDate (the spec's DD/MM/YYYY mask)", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["12", "12"],
    ["123", "12/3"],
    ["1203", "12/03"],
    ["12031", "12/03/1"],
    ["12031990", "12/03/1990"],
    ["120319901234", "12/03/1990"],
    ["12/03/1990", "12/03/1990"],
    ["a1b2-0c3 19x90", "12/03/1990"],
  ])("%j → %j", (input, expected) => {
    expect(maskDate(input)).toBe(expected);
  });
});

describe("parseMaskedDate", () => {
  it("accepts real calendar dates", () => {
    expect(parseMaskedDate("12/03/1990")).toBe("1990-03-12");
    expect(parseMaskedDate("29/02/2024")).toBe("2024-02-29");
  });

  it("refuses impossible or partial dates", () => {
    expect(parseMaskedDate("31/02/1990")).toBeNull();
    expect(parseMaskedDate("29/02/2023")).toBeNull();
    expect(parseMaskedDate("00/01/1990")).toBeNull();
    expect(parseMaskedDate("12/13/1990")).toBeNull();
    expect(parseMaskedDate("12/03/90")).toBeNull();
  });
});
