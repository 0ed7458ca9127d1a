import { describe, expect, it } from "vitest";
import { isInTown, NEIGHBOURHOODS, neighbourhoodCentre, offsetBy, directionsTo, placeInNeighbourhood, TOWN_CENTRE, type Position } from "#core/town-map";
import { checkLocation, locationFields, positionOf } from "~/lib/location-form";
import { formatDistance, nearFromUrl, nearParamOf, parseNearParam } from "#core/near";
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

  it("links to directions only for a row with a pin", () => {
    expect(directionsTo({ latitude: -21.93, longitude: -45.595 })).toEqual({
      google: "https://www.google.com/maps/dir/?api=1&destination=-21.93,-45.595",
      waze: "https://waze.com/ul?ll=-21.93,-45.595&navigate=yes",
    });
    expect(directionsTo({ latitude: null, longitude: null })).toBeNull();
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

describe("the perto parameter (issue #33)", () => {
  it("reads a position rounded to about 100 m, a neighbourhood, or nothing", () => {
    expect(parseNearParam("-21.93049,-45.59512")).toEqual({ position: { latitude: -21.93, longitude: -45.595 }, neighbourhood: null });
    expect(parseNearParam("Vila Nova")).toEqual({ position: neighbourhoodCentre("Vila Nova"), neighbourhood: "Vila Nova" });
    for (const bad of [null, "", "abc", "-95,10", "10,-190", "1e3,2", "NaN,NaN", "-21.9,-45.5,3", "<script>", "constructor", "__proto__"]) {
      expect(parseNearParam(bad)).toBeNull();
    }
    expect(nearParamOf({ latitude: -21.930_49, longitude: -45.595_12 })).toBe("-21.930,-45.595");
    expect(nearFromUrl(new URL("http://x/businesses?perto=abc"))).toEqual({ origin: null, sent: true, param: "" });
    expect(nearFromUrl(new URL("http://x/businesses?perto=-21.93049,-45.59512")).param).toBe("-21.930,-45.595");
    expect(nearFromUrl(new URL("http://x/businesses?aberto=1")).sent).toBe(false);
  });

  it("writes a distance the way a list shows it", () => {
    expect(formatDistance(20)).toBe("menos de 50 m");
    expect(formatDistance(348)).toBe("350 m");
    expect(formatDistance(1_234)).toBe("1,2 km");
    expect(formatDistance(12_600)).toBe("13 km");
  });
});
