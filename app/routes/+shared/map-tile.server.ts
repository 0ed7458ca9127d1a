import { drawTile, parseTile } from "#server/web/map-tiles";

/**
 * /og/mapa/{z}/{x}/{y}: a tile of the tile server STAND-IN (server/web/map-tiles.ts), used when
 * MAP_TILE_URL names no real tile server. A tile never changes for a build: cached a day.
 */
export function mapTile(...parts: (string | undefined)[]): Response {
  const [z, x, y, extra] = parts;
  const tile = z && x && y && extra === undefined ? parseTile(z, x, y) : null;
  if (!tile) return new Response("Não encontrado", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(drawTile(tile), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
