/**
 * Where things are in Vila Serena (issue #33): the town centre, its box, each neighbourhood's
 * centre, and the rules for a position typed by an owner or sent by a resident's phone. Plain
 * numbers in degrees (WGS 84), the same on server and client; no map library.
 */

export type Position = { latitude: number; longitude: number };

/** The town centre (the square in front of the church): the demo town's listings sit around it. */
export const TOWN_CENTRE: Position = { latitude: -21.93, longitude: -45.595 };

/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;

/** A point `east` and `north` metres away from `from`, good to a few metres across a town. */
export function offsetBy(from: Position, east: number, north: number): Position {
  const cos = Math.cos((from.latitude * Math.PI) / 180);
  return {
    latitude: from.latitude + north / METRES_PER_DEGREE,
    longitude: from.longitude + east / (METRES_PER_DEGREE * cos),
  };
}

/** Half the side of the town's box: a listing's pin must fall inside it. */
export const TOWN_BOX_HALF_SIDE_M = 6_000;
const boxCorner = offsetBy(TOWN_CENTRE, TOWN_BOX_HALF_SIDE_M, TOWN_BOX_HALF_SIDE_M);
export const TOWN_BOX = {
  south: 2 * TOWN_CENTRE.latitude - boxCorner.latitude,
  north: boxCorner.latitude,
  west: 2 * TOWN_CENTRE.longitude - boxCorner.longitude,
  east: boxCorner.longitude,
};

export function isInTown(p: Position): boolean {
  return p.latitude >= TOWN_BOX.south && p.latitude <= TOWN_BOX.north && p.longitude >= TOWN_BOX.west && p.longitude <= TOWN_BOX.east;
}

/** Each neighbourhood's centre, as metres east and north of the town centre. */
const NEIGHBOURHOOD_OFFSETS: Record<string, [east: number, north: number]> = {
  Centro: [0, 0],
  "Jardim das Flores": [900, 600],
  "Vila Nova": [-800, 900],
  "São Benedito": [1_200, -700],
  "Alto da Boa Vista": [-400, 1_600],
  "Bela Vista": [1_700, 400],
  "Santa Cruz": [-1_300, -500],
  "Nossa Senhora Aparecida": [300, -1_400],
  Várzea: [-1_000, -1_500],
  "Recanto dos Ipês": [2_200, 1_500],
  "Morro do Cruzeiro": [-2_000, 1_000],
  "Vale do Sol": [2_000, -1_600],
};

/** The neighbourhoods a form or the "perto de" picker offers, in the town's order. */
export const NEIGHBOURHOODS: readonly string[] = Object.keys(NEIGHBOURHOOD_OFFSETS);

export function neighbourhoodCentre(name: string): Position | null {
  const offset = Object.hasOwn(NEIGHBOURHOOD_OFFSETS, name) ? NEIGHBOURHOOD_OFFSETS[name] : undefined;
  return offset ? roundPosition(offsetBy(TOWN_CENTRE, offset[0], offset[1]), 6) : null;
}

/** Rounds both coordinates to `decimals` places (3 places is about 110 m, 6 about 10 cm). */
export function roundPosition(p: Position, decimals: number): Position {
  const f = 10 ** decimals;
  return { latitude: Math.round(p.latitude * f) / f, longitude: Math.round(p.longitude * f) / f };
}

/**
 * A stable spot for a listing inside its neighbourhood (the demo town and the 100× town): the
 * neighbourhood's centre moved up to 350 m by a hash of `key`, so a seed gives the same map every
 * time without drawing from the seed's random numbers (which would change every other row).
 */
export function placeInNeighbourhood(neighbourhood: string, key: string): Position {
  const centre = neighbourhoodCentre(neighbourhood) ?? TOWN_CENTRE;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  const east = ((hash & 0xffff) / 0xffff - 0.5) * 700;
  const north = ((hash >>> 16) / 0xffff - 0.5) * 700;
  return roundPosition(offsetBy(centre, east, north), 6);
}

/**
 * Links out for a row with a pin: "Como chegar" in Google Maps and Waze, built from the
 * coordinates alone (by the loader, so no page carries this code). Null without a pin.
 */
export function directionsTo(row: { latitude: number | null; longitude: number | null }): { google: string; waze: string } | null {
  if (row.latitude === null || row.longitude === null) return null;
  const at = `${row.latitude},${row.longitude}`;
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${at}`,
    waze: `https://waze.com/ul?ll=${at}&navigate=yes`,
  };
}

/** The neighbourhood whose centre is nearest to `p` (the map's list groups its pins by it). */
export function nearestNeighbourhood(p: Position): string {
  let best = NEIGHBOURHOODS[0]!;
  let bestScore = Infinity;
  const cos = Math.cos((p.latitude * Math.PI) / 180);
  for (const name of NEIGHBOURHOODS) {
    const c = neighbourhoodCentre(name)!;
    const score = (c.latitude - p.latitude) ** 2 + ((c.longitude - p.longitude) * cos) ** 2;
    if (score < bestScore) [best, bestScore] = [name, score];
  }
  return best;
}
