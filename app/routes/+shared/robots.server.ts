import { canonicalOrigin } from "#server/web/origin";
import { UNINDEXED_PATHS } from "#core/indexing";

/**
 * /robots.txt (issue #31): accounts, a resident's own pages, search, filters and the route
 * data requests are not for crawlers. Public profiles are left crawlable on purpose: their
 * `noindex` keeps them out of results only if a crawler may read it. The share cards (/og/)
 * stay open, since link previews fetch them.
 */
const FILTERS = ["categoria", "aberto", "precoMin", "precoMax", "q", "tipo"];
const PROFILES = new Set(["/users", "/user/", "/u/"]);

export function robotsTxt(): Response {
  const origin = canonicalOrigin();
  const lines = [
    "User-agent: *",
    ...UNINDEXED_PATHS.filter((path) => !PROFILES.has(path)).map((path) => `Disallow: ${path}`),
    "Disallow: /business/*/editar",
    "Disallow: /business/*/e-meu",
    "Disallow: /sell-items/*/edit",
    "Disallow: /posts/*/edit",
    "Disallow: /drivers/disponiveis",
    ...FILTERS.flatMap((name) => [`Disallow: /*?${name}=`, `Disallow: /*&${name}=`]),
    "Disallow: /*.data$",
    "Disallow: /*.data?",
    "Allow: /og/",
    ...(origin ? ["", `Sitemap: ${origin}/sitemap.xml`] : []),
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
