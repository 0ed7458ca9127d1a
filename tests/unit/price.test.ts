import { describe, expect, it } from "vitest";
import { parsePrice } from "#core/price";

describe("parsePrice", () => {
  it.each([
    ["1.234,56", 1234.56],
    ["1234,56", 1234.56],
    ["1234.56", 1234.56],
    ["1,234.56", 1234.56],
    ["35", 35],
    ["35,9", 35.9],
    ["R$ 2.600,00", 2600],
    ["1.234", 1234],
    ["1.234.567,89", 1234567.89],
    ["0", 0],
    [" 99,999 ".replace("99,999", "99,99"), 99.99],
  ])("%j → %d", (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });

  it.each(["", "abc", "-10", "1,2,3", "12,345", "1.23.4", "1e5", "12.34.56,7", "R$", "10 reais", "Infinity"])(
    "refuses %j",
    (input) => {
      expect(parsePrice(input)).toBeNull();
    },
  );
});
