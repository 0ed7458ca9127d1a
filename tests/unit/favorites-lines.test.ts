import { describe, expect, it } from "vitest";
import { favoriteDetails, favoriteTitle, shortArea, type FavoriteLine } from "#core/favorites";

const line = (over: Partial<FavoriteLine>): FavoriteLine => ({
  type: "business",
  title: null,
  description: null,
  price: null,
  seller: null,
  location: null,
  author: null,
  content: null,
  hasPoll: false,
  pollQuestion: null,
  ...over,
});
const brl = (price: string) => `R$ ${price}`;

describe("a favorite's line on /favorites", () => {
  it("gives a driver's service area as its first neighbourhood and how many more", () => {
    expect(shortArea("Jardim das Flores, Centro, Vila Nova, Santa Cruz")).toBe("Jardim das Flores e mais 3");
    expect(shortArea("Centro")).toBe("Centro");
    expect(shortArea("")).toBeNull();
    expect(shortArea(null)).toBeNull();
  });

  it("shows each kind by what a resident knows it by, never the item's creation date", () => {
    expect(favoriteDetails(line({ type: "driver", description: "Honda CG 160 vermelha", location: "Centro, Rosário" }), brl)).toBe(
      "Honda CG 160 vermelha · Centro e mais 1",
    );
    expect(favoriteDetails(line({ type: "sell_item", price: "850.00", seller: "Vera", location: "Centro" }), brl)).toBe(
      "R$ 850.00 · Vera · Centro",
    );
    expect(favoriteDetails(line({ type: "service", content: "A partir de R$ 80", location: "Centro" }), brl)).toBe(
      "A partir de R$ 80 · Centro",
    );
    expect(favoriteDetails(line({ type: "news", author: "João", description: "A praça reabre" }), brl)).toBe("por João · A praça reabre");
    expect(favoriteDetails(line({ type: "post", author: "Vera", hasPoll: true, pollQuestion: "Vai chover?" }), brl)).toBe(
      "por Vera · Enquete: Vai chover?",
    );
    expect(favoriteDetails(line({ type: "business", location: "Centro" }), brl)).toBe("Centro");
  });

  it("names a post by its words, anything else by its title", () => {
    expect(favoriteTitle(line({ type: "post", content: "Feira no sábado!" }))).toBe("Feira no sábado!");
    expect(favoriteTitle(line({ type: "post", content: "", hasPoll: true, pollQuestion: "Vai chover?" }))).toBe("Vai chover?");
    expect(favoriteTitle(line({ type: "news", title: "A praça reabre" }))).toBe("A praça reabre");
    expect(favoriteTitle(line({ type: "business" }))).toBe("Sem título");
    // One row on a phone: a long post is cut, not shipped whole.
    expect(favoriteTitle(line({ type: "post", content: "a".repeat(500) }))).toHaveLength(100);
  });
});
