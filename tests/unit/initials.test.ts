import { describe, expect, it } from "vitest";
import { initialsOf } from "#core/format";

describe("initialsOf (the placeholder of a missing photo)", () => {
  it("takes the first letters of the first two words that name something", () => {
    expect(initialsOf("Bolo de Fubá da Vó")).toBe("BF");
    expect(initialsOf("Dudu Mototáxi")).toBe("DM");
    expect(initialsOf("Feira do Produtor")).toBe("FP");
  });

  it("keeps accents, upper-cases and skips punctuation and emoji", () => {
    expect(initialsOf("ótica  — Ênio")).toBe("ÓÊ");
    expect(initialsOf("🚲 bicicleta aro 26")).toBe("BA");
  });

  it("uses the linking words when the name has nothing else, and nothing for an empty name", () => {
    expect(initialsOf("de")).toBe("D");
    expect(initialsOf("")).toBe("");
  });
});
