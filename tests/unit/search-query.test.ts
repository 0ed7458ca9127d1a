import { describe, expect, it } from "vitest";
import { toPrefixTsQuery } from "#core/search-query";

describe("toPrefixTsQuery", () => {
  it("drops accents and case and prefix-matches every word", () => {
    expect(toPrefixTsQuery("Açaí da Praça")).toBe("acai:* & da:* & praca:*");
    expect(toPrefixTsQuery("  PADARIA  são joão ")).toBe("padaria:* & sao:* & joao:*");
  });

  it("cannot be used to inject tsquery operators", () => {
    expect(toPrefixTsQuery("pão & !(x | y):*")).toBe("pao:*");
    expect(toPrefixTsQuery("'; DROP TABLE news; --")).toBe("drop:* & table:* & news:*");
  });

  it("keeps numbers, drops single letters, and caps the word count", () => {
    expect(toPrefixTsQuery("bicicleta aro 29 a")).toBe("bicicleta:* & aro:* & 29:*");
    expect(toPrefixTsQuery("um dois tres quatro cinco seis sete oito nove dez")?.split(" & ")).toHaveLength(8);
  });

  it("returns null when nothing searchable remains", () => {
    expect(toPrefixTsQuery("")).toBeNull();
    expect(toPrefixTsQuery("?!-- a")).toBeNull();
  });
});
