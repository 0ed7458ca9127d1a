/**
 * A list route's `headers`: the parent's (the session's Set-Cookie) plus the loader's
 * Cache-Control, which a "perto de" answer sets to `private, no-store` (issue #33) so the shared
 * page cache, proxies and the browser keep no copy of a page made from a resident's position.
 */
export function nearHeaders({ loaderHeaders, parentHeaders }: { loaderHeaders: Headers; parentHeaders: Headers }): Headers {
  const out = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) out.set("Cache-Control", cacheControl);
  return out;
}

/**
 * A position sent finer than the server keeps (~100 m) is answered with a redirect to the same
 * list at the rounded position, so the page never echoes the finer one back (its forms and links
 * are built from the request's URL). Null when the URL is already as the server keeps it.
 */
export function roundedNearRedirect(url: URL, near: { sent: boolean; param: string }): Response | null {
  if (!near.sent || !near.param || url.searchParams.get("perto") === near.param) return null;
  const rounded = new URL(url);
  rounded.searchParams.set("perto", near.param);
  return new Response(null, { status: 303, headers: { Location: rounded.pathname + rounded.search, "Cache-Control": "private, no-store" } });
}
