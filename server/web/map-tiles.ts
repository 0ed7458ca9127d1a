import { neighbourhoodCentre, NEIGHBOURHOODS, TOWN_BOX, TOWN_CENTRE, type Position } from "#core/town-map";

/**
 * A STAND-IN for a tile server (issue #33): no tile server is reachable from where Guida is
 * built and tested, so /mapa's default base layer is drawn here, as 256 px SVG tiles in the
 * usual Web Mercator z/x/y scheme (the one OpenStreetMap's servers use): a pale ground, the
 * town's box, a street from the square to each neighbourhood, and each neighbourhood's name.
 * Production points MAP_TILE_URL at a real tile server; nothing else changes.
 */

export const TILE_SIZE = 256;
export const MIN_TILE_ZOOM = 11;
export const MAX_TILE_ZOOM = 18;
/** The address template Leaflet fills in when MAP_TILE_URL is unset. */
export const STAND_IN_TILE_URL = "/og/mapa/{z}/{x}/{y}";
export const STAND_IN_ATTRIBUTION = "Mapa simplificado desenhado pelo Guida (substituto local de um servidor de mapas)";

/** Pixel coordinates of a point in the whole world's image at zoom `z` (Web Mercator). */
export function worldPixel(p: Position, z: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** z;
  const sin = Math.sin((p.latitude * Math.PI) / 180);
  return {
    x: ((p.longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** The tile's numbers from the route's text, or null when they name no tile of the stand-in. */
export function parseTile(z: string, x: string, y: string): { z: number; x: number; y: number } | null {
  if (![z, x, y].every((part) => /^\d{1,6}$/.test(part))) return null;
  const tile = { z: Number(z), x: Number(x), y: Number(y) };
  if (tile.z < MIN_TILE_ZOOM || tile.z > MAX_TILE_ZOOM) return null;
  const count = 2 ** tile.z;
  return tile.x < count && tile.y < count ? tile : null;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG of tile z/x/y. */
export function drawTile(tile: { z: number; x: number; y: number }): string {
  const origin = { x: tile.x * TILE_SIZE, y: tile.y * TILE_SIZE };
  const at = (p: Position) => {
    const w = worldPixel(p, tile.z);
    return { x: Math.round((w.x - origin.x) * 10) / 10, y: Math.round((w.y - origin.y) * 10) / 10 };
  };
  const parts: string[] = [`<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="#f2efe9"/>`];
  const nw = at({ latitude: TOWN_BOX.north, longitude: TOWN_BOX.west });
  const se = at({ latitude: TOWN_BOX.south, longitude: TOWN_BOX.east });
  parts.push(`<rect x="${nw.x}" y="${nw.y}" width="${se.x - nw.x}" height="${se.y - nw.y}" fill="#e8efe0" stroke="#b9c7a8" stroke-dasharray="6 4"/>`);
  const centre = at(TOWN_CENTRE);
  const width = Math.max(1.5, 2 ** (tile.z - 14) * 2);
  for (const name of NEIGHBOURHOODS) {
    const end = at(neighbourhoodCentre(name)!);
    parts.push(`<line x1="${centre.x}" y1="${centre.y}" x2="${end.x}" y2="${end.y}" stroke="#ffffff" stroke-width="${width * 2}"/>`);
    parts.push(`<line x1="${centre.x}" y1="${centre.y}" x2="${end.x}" y2="${end.y}" stroke="#d9cfc0" stroke-width="${width}"/>`);
  }
  if (tile.z >= 13) {
    const size = tile.z >= 15 ? 14 : 11;
    for (const name of NEIGHBOURHOODS) {
      const label = at(neighbourhoodCentre(name)!);
      // A label near the tile's edge is drawn by both tiles: each clips its half.
      if (label.x < -200 || label.x > TILE_SIZE + 200 || label.y < -20 || label.y > TILE_SIZE + 20) continue;
      parts.push(
        `<text x="${label.x}" y="${label.y - 8}" font-family="sans-serif" font-size="${size}" text-anchor="middle" fill="#6b5d4f" stroke="#f2efe9" stroke-width="3" paint-order="stroke">${escapeXml(name)}</text>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">${parts.join("")}</svg>`;
}
