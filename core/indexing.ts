/**
 * Which address a search engine should keep for a page, and which pages it should not keep at
 * all (issue #31). Pure: the server writes the answer into every page's head
 * (server/web/indexing.ts), and robots.txt (app/routes/+shared/robots.server.ts) says the same
 * for the paths no crawler needs to fetch.
 */

/** The keyset page links (`?depois=<id>&pagina=N`, `?antes=<id>&pagina=N`): each a page of its own. */
const CURSOR_PARAMS = ["depois", "antes"] as const;

/** Paths no visitor's search should land on: accounts, the resident's own pages, search, tools. */
export const UNINDEXED_PATHS = [
  "/search",
  "/login",
  "/logout",
  "/auth/",
  "/profile",
  "/edit-profile",
  "/favorites",
  "/notifications",
  "/create-sell-item",
  "/my-sell-items",
  "/create-post",
  "/my-posts",
  "/create-news",
  "/denunciar",
  "/moderacao",
  "/cadastrar/",
  "/update-business-images",
  "/debug/",
  "/game/",
  "/theme",
  "/events",
  // Public profiles and the residents' directory: no resident has opted in to being found.
  "/users",
  "/user/",
  "/u/",
] as const;

/** An address that is an owner's or author's form under an item: /business/{id}/editar, /posts/{id}/edit… */
const PRIVATE_SUFFIX = /^\/(business\/[^/]+\/(editar|e-meu)|sell-items\/[^/]+\/edit|posts\/[^/]+\/edit)$/;

/** /drivers/{filter} other than "all": a filter by its path. */
const DRIVER_FILTER = /^\/drivers\/(?!all$)[^/]+$/;

function isUnindexedPath(pathname: string): boolean {
  return PRIVATE_SUFFIX.test(pathname) || DRIVER_FILTER.test(pathname) || UNINDEXED_PATHS.some((path) => (path.endsWith("/") ? pathname.startsWith(path) : pathname === path || pathname.startsWith(`${path}/`)));
}

/** The canonical path and query of an address: cursor pages keep their cursor, anything else drops its query. */
export function canonicalPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const cursor = CURSOR_PARAMS.find((name) => params.get(name));
  if (!cursor) return pathname;
  const kept = new URLSearchParams({ [cursor]: params.get(cursor)! });
  const page = params.get("pagina");
  if (page) kept.set("pagina", page);
  return `${pathname}?${kept}`;
}

/**
 * Whether a page should stay out of search results: the paths above, and any filtered,
 * searched or old offset (`?pagina=N` alone) address of a list, whose content is a list page
 * found by its cursor address instead.
 */
export function isNoindex(pathname: string, search: string): boolean {
  if (isUnindexedPath(pathname)) return true;
  const params = new URLSearchParams(search);
  const hasCursor = CURSOR_PARAMS.some((name) => params.get(name));
  for (const name of params.keys()) {
    if (name === "pagina" && hasCursor) continue;
    if ((CURSOR_PARAMS as readonly string[]).includes(name)) continue;
    return true;
  }
  return false;
}

