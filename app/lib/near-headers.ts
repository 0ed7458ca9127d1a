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
