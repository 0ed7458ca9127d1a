import { getRequestContext } from "#server/toolkit/request-context";
import { robotsTxt } from "./+shared/robots.server";
import { shareCard } from "./+shared/share-card.server";
import { sitemapFile } from "./+shared/sitemap.server";
import { mapTile } from "./+shared/map-tile.server";
import type { Route } from "./+types/og";

/**
 * What crawlers fetch (issue #31), as one resource route: the share cards /og/{kind}/{id},
 * and /robots.txt, /sitemap.xml and /sitemaps/{file}, which the server hands to this route as
 * /og/robots.txt, /og/sitemap.xml and /og/sitemaps/{file} (server/web/indexing.ts
 * crawlerAddress); and /mapa's stand-in tiles, /og/mapa/{z}/{x}/{y} (issue #33: images the server
 * draws, as the share cards are). One route with a short name, because every route is a line of
 * the route manifest that each first view downloads (tests/e2e/js-budget.spec.ts).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const path = params["*"] ?? "";
  if (path === "robots.txt") return robotsTxt();
  if (path === "sitemap.xml") return sitemapFile(ctx, null, request);
  const [first = "", second, ...rest] = path.split("/");
  if (first === "mapa") return mapTile(second, ...rest);
  if (second === undefined || rest.length > 0) return new Response("Não encontrado", { status: 404, headers: { "Cache-Control": "no-store" } });
  return first === "sitemaps" ? sitemapFile(ctx, second, request) : shareCard(ctx, first, second);
}
