import { describe, expect, it } from "vitest";
import { drawTile, parseTile, TILE_SIZE, worldPixel } from "#server/web/map-tiles";
import { mapTileSource } from "#server/http/security-headers";
import { NEIGHBOURHOODS, nearestNeighbourhood, neighbourhoodCentre, offsetBy, TOWN_CENTRE } from "#core/town-map";

// Issue #33: /mapa's tile server stand-in draws the usual Web Mercator z/x/y tiles, refuses
// numbers that name no tile, and puts each neighbourhood's name on the tile that holds it.

const tileOf = (p: { latitude: number; longitude: number }, z: number) => {
  const w = worldPixel(p, z);
  return { z, x: Math.floor(w.x / TILE_SIZE), y: Math.floor(w.y / TILE_SIZE) };
};

describe("the tile server stand-in", () => {
  it("projects as Web Mercator does", () => {
    expect(worldPixel({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    // OpenStreetMap's tile for the town centre at zoom 15 (computed with the slippy-map formula).
    const n = 2 ** 15;
    const x = Math.floor(((TOWN_CENTRE.longitude + 180) / 360) * n);
    const lat = (TOWN_CENTRE.latitude * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
    expect(tileOf(TOWN_CENTRE, 15)).toEqual({ z: 15, x, y });
  });

  it("refuses numbers that name no tile", () => {
    for (const [z, x, y] of [
      ["10", "0", "0"],
      ["19", "0", "0"],
      ["15", "32768", "0"],
      ["15", "0", "-1"],
      ["15", "1e3", "2"],
      ["15", "0x1f", "2"],
      ["15", "12 ", "2"],
      ["15", "9999999", "2"],
      ["", "1", "2"],
    ]) {
      expect(parseTile(z!, x!, y!), `${z}/${x}/${y}`).toBeNull();
    }
    expect(parseTile("15", "12345", "18000")).toEqual({ z: 15, x: 12345, y: 18000 });
  });

  it("names each neighbourhood on the tile that holds its centre, and nothing far from the town", () => {
    for (const name of NEIGHBOURHOODS) {
      const svg = drawTile(tileOf(neighbourhoodCentre(name)!, 16));
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain(`>${name.replace(/'/g, "&#39;")}</text>`);
    }
    const far = drawTile(tileOf(offsetBy(TOWN_CENTRE, 40_000, 40_000), 16));
    expect(far).not.toContain("<text");
    // Zoomed far out the names would pile up: none is written.
    expect(drawTile(tileOf(TOWN_CENTRE, 12))).not.toContain("<text");
  });

  it("groups a point with the neighbourhood whose centre is nearest", () => {
    for (const name of NEIGHBOURHOODS) expect(nearestNeighbourhood(offsetBy(neighbourhoodCentre(name)!, 60, -40))).toBe(name);
  });
});

describe("a configured tile server in the CSP", () => {
  it("allows the tile server's host for images, and nothing from a malformed address", () => {
    expect(mapTileSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe(" https://tile.openstreetmap.org");
    expect(mapTileSource("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe(" https://*.tile.example.org");
    expect(mapTileSource(undefined)).toBe("");
    expect(mapTileSource("https://a.example;script-src *;/{z}/{x}/{y}")).toBe("");
  });
});
