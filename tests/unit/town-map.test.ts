import { describe, expect, it } from "vitest";
import { isInTown, NEIGHBOURHOODS, neighbourhoodCentre, offsetBy, pinOf, placeInNeighbourhood, TOWN_CENTRE, type Position } from "#core/town-map";
import { checkLocation, locationFields, positionOf } from "~/lib/location-form";
import { z } from "zod";

// Flat metres between two points a few kilometres apart (enough to bound a pin's spread).
function metres(a: Position, b: Position): number {
  const north = (b.latitude - a.latitude) * 111_320;
  const east = (b.longitude - a.longitude) * 111_320 * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(east, north);
}

describe("town map (issue #33)", () => {
  it("keeps every neighbourhood and every seeded pin inside the town's box", () => {
    for (const name of NEIGHBOURHOODS) {
      expect(isInTown(neighbourhoodCentre(name)!)).toBe(true);
      for (const key of ["a", "Padaria Pão Dourado", "Padaria Pão Dourado#7"]) {
        const pin = placeInNeighbourhood(name, key);
        expect(isInTown(pin)).toBe(true);
        expect(metres(pin, neighbourhoodCentre(name)!)).toBeLessThan(500);
      }
    }
    expect(placeInNeighbourhood("Centro", "x")).toEqual(placeInNeighbourhood("Centro", "x"));
    expect(placeInNeighbourhood("Centro", "x")).not.toEqual(placeInNeighbourhood("Centro", "x#2"));
    expect(isInTown(offsetBy(TOWN_CENTRE, 0, 7_000))).toBe(false);
  });

  it("reads a row's pin only when both columns are set", () => {
    expect(pinOf({ latitude: -21.93, longitude: -45.595 })).toEqual({ latitude: -21.93, longitude: -45.595 });
    expect(pinOf({ latitude: null, longitude: null })).toBeNull();
  });
});

describe("the location fields of the owner's and the proposal forms", () => {
  const schema = z.object(locationFields).superRefine(checkLocation);
  const parse = (input: Record<string, string>) => schema.safeParse(input);
  const messages = (input: Record<string, string>) => {
    const result = parse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it("accepts a comma or a point, and takes the neighbourhood's centre when one is chosen", () => {
    const typed = parse({ latitude: "-21,931", longitude: "-45.596" });
    expect(typed.success && positionOf(typed.data)).toEqual({ latitude: -21.931, longitude: -45.596 });
    const chosen = parse({ latitude: "-21,931", longitude: "-45.596", lugar: "Várzea" });
    expect(chosen.success && positionOf(chosen.data)).toEqual(neighbourhoodCentre("Várzea"));
    const none = parse({});
    expect(none.success && positionOf(none.data)).toBeNull();
  });

  it("refuses half a position, a point outside the town and numbers out of range, in Portuguese", () => {
    expect(messages({ latitude: "-21,93" })).toEqual(["Preencha a latitude e a longitude, ou deixe as duas em branco."]);
    expect(messages({ latitude: "-23,55", longitude: "-46,63" })).toEqual(["Esse ponto fica fora de Vila Serena. Confira os números ou escolha o bairro."]);
    expect(messages({ latitude: "-91", longitude: "-45,6" })).toContain("A latitude vai de -90 a 90.");
    expect(messages({ latitude: "sul", longitude: "-45,6" })).toContain("Escreva a latitude em graus, como -21,9300.");
  });
});
