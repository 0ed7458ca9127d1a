import { hrefOf, isItemKind } from "#core/item-kinds";
import { sitemapIndex, sitemapPage } from "#server/cache/reads";
import type { RequestContext } from "#server/toolkit/request-context";
import { canonicalOrigin } from "#server/web/origin";

/**
 * /sitemap.xml, a sitemap index, and its pages /sitemaps/{kind}.xml?desde={id} (issue #31):
 * the town's lists, then every item a visitor can open, a thousand to a page by id (keyset),
 * each with its last change. Without PUBLIC_URL there are no absolute addresses to list: 404.
 */
const LISTS = ["/", "/businesses", "/services", "/drivers/all", "/sell-items", "/posts", "/news", "/farmacias-de-plantao"];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

function xml(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}

const notFound = (message: string) => new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** `file` is null for the index (/sitemap.xml), else the page's file name (/sitemaps/{file}). */
export async function sitemapFile(ctx: RequestContext, file: string | null, request: Request): Promise<Response> {
  const origin = canonicalOrigin();
  if (!origin) return notFound("Sem PUBLIC_URL configurada, este servidor não publica sitemap.");
  if (file === null) {
    const pages = await ctx.db.asVisitor(sitemapIndex, null);
    const entries = [
      `<sitemap><loc>${origin}/sitemaps/listas.xml</loc></sitemap>`,
      ...pages.map(
        (page) =>
          `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${page.kind}.xml?desde=${page.from}`)}</loc><lastmod>${new Date(page.lastmod).toISOString()}</lastmod></sitemap>`,
      ),
    ];
    return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>`);
  }
  const urls = (lines: string[]) => xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join("\n")}\n</urlset>`);
  if (file === "listas.xml") return urls(LISTS.map((path) => `<url><loc>${origin}${path}</loc></url>`));
  const kind = /^(\w+)\.xml$/.exec(file)?.[1];
  if (!isItemKind(kind)) return notFound("Sitemap não encontrado.");
  const entries = await ctx.db.asVisitor(sitemapPage, { kind, from: new URL(request.url).searchParams.get("desde") });
  if (!entries || entries.length === 0) return notFound("Sitemap não encontrado.");
  return urls(entries.map((entry) => `<url><loc>${origin}${hrefOf(kind, entry.id)}</loc><lastmod>${new Date(entry.lastmod).toISOString()}</lastmod></url>`));
}
