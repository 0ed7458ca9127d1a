import { canonicalPath, isNoindex } from "#core/indexing";
import { canonicalOrigin } from "./origin";

/**
 * Every page's canonical link and, where search should not keep it, noindex (issue #31,
 * core/indexing.ts's rules), written into the page's head by the server as it leaves React
 * Router. Written here rather than rendered by a component: they depend on the address
 * alone, a crawler reads them from the server's HTML, and the browser's first-view
 * JavaScript stays as it was (tests/e2e/js-budget.spec.ts). React 19's hydration passes over
 * head tags it did not render.
 */
function indexingTagsFor(url: URL, status: number, head: Buffer): string {
  const noindex = '<meta name="robots" content="noindex"/>';
  // A route that already says noindex (a private page, a hidden post) keeps its own line.
  const said = head.includes('name="robots"');
  if (status !== 200) return said ? "" : noindex;
  const origin = canonicalOrigin();
  const canonical = origin ? `<link rel="canonical" href="${escapeAttribute(`${origin}${canonicalPath(url.pathname, url.search)}`)}"/>` : "";
  return canonical + (!said && isNoindex(url.pathname, url.search) ? noindex : "");
}

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c]!);

/**
 * An HTML page with its indexing tags right after its viewport meta (the head's first bytes,
 * before the previews' tags), as the pipeline keeps and sends it; any other body as it was.
 */
export function withIndexingTags(page: Buffer, address: string, status: number, headers: Headers): Buffer {
  const headEnd = headers.get("Content-Type")?.startsWith("text/html") ? page.indexOf("</head>") : -1;
  if (headEnd < 0) return page;
  const tags = indexingTagsFor(new URL(address), status, page.subarray(0, headEnd));
  if (!tags) return page;
  const viewport = page.indexOf('<meta name="viewport"');
  const at = viewport >= 0 && viewport < headEnd ? page.indexOf(">", viewport) + 1 : page.indexOf("<head>") + "<head>".length;
  if (at <= 0 || at > headEnd) return page;
  headers.delete("Content-Length");
  return Buffer.concat([page.subarray(0, at), Buffer.from(tags), page.subarray(at)]);
}

/**
 * /robots.txt, /sitemap.xml and /sitemaps/{file} are answered by the crawler files' one
 * resource route (app/routes/og.ts) under /og/: the request React Router gets, or
 * the same request when it is none of them.
 */
export function crawlerAddress(request: Request): Request {
  const url = new URL(request.url);
  if (url.pathname !== "/robots.txt" && url.pathname !== "/sitemap.xml" && !url.pathname.startsWith("/sitemaps/")) return request;
  url.pathname = `/og${url.pathname}`;
  return new Request(url, request);
}
