import { neighbourhoodCentre, roundPosition, type Position } from "./town-map";

/**
 * "Perto de mim" (issue #33): the `perto` query parameter that carries a resident's position
 * (rounded to ~100 m on the phone and again on the server) or a chosen neighbourhood, and the
 * distance a list shows. A URL carrying it is answered `private, no-store` and kept out of the
 * server's, the loader cache's and the service worker's caches.
 */

/** "350 m", "1,2 km", "12 km": what a list shows beside a listing. */
export function formatDistance(metres: number): string {
  if (metres < 50) return "menos de 50 m";
  if (metres < 1_000) return `${Math.round(metres / 50) * 50} m`;
  if (metres < 10_000) return `${(Math.round(metres / 100) / 10).toLocaleString("pt-BR")} km`;
  return `${Math.round(metres / 1_000)} km`;
}

/** The query parameter that carries a resident's position or a chosen neighbourhood. */
export const NEAR_PARAM = "perto";

/** Where a "perto de" list measures from: the resident's (rounded) position, or a neighbourhood's centre. */
export type NearOrigin = { position: Position; neighbourhood: string | null };

/** Decimal places a resident's position keeps: about 110 m north–south, 100 m east–west here. */
const NEAR_DECIMALS = 3;

/** The parameter's value for a position: rounded before it leaves the phone (~100 m). */
export function nearParamOf(p: Position): string {
  return `${p.latitude.toFixed(NEAR_DECIMALS)},${p.longitude.toFixed(NEAR_DECIMALS)}`;
}

/**
 * Reads `perto`: "lat,lng" in decimal degrees (rounded again here: the server never holds a
 * finer position than ~100 m) or a neighbourhood's name. Anything else is null, and the list
 * keeps its usual order.
 */
export function parseNearParam(raw: string | null): NearOrigin | null {
  if (!raw) return null;
  const value = raw.trim().slice(0, 80);
  const centre = neighbourhoodCentre(value);
  if (centre) return { position: centre, neighbourhood: value };
  const match = /^(-?\d{1,2}(?:\.\d{1,12})?),\s*(-?\d{1,3}(?:\.\d{1,12})?)$/.exec(value);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return { position: roundPosition({ latitude, longitude }, NEAR_DECIMALS), neighbourhood: null };
}

/** Whether a URL carries a position or neighbourhood: such answers are never cached anywhere. */
export function carriesNearParam(url: URL): boolean {
  return url.searchParams.has(NEAR_PARAM);
}


/**
 * A list page's "perto de" state read from its URL: the origin when the parameter is usable,
 * and whether one was sent at all (a malformed one still makes the answer private).
 */
export function nearFromUrl(url: URL): { origin: NearOrigin | null; sent: boolean; param: string } {
  const raw = url.searchParams.get(NEAR_PARAM);
  const origin = parseNearParam(raw);
  const param = origin ? (origin.neighbourhood ?? nearParamOf(origin.position)) : "";
  return { origin, sent: raw !== null, param };
}
