import { redirect } from "react-router";

// Where a request is for, as a person would write it. Who is asking and the database are
// the request context's (server/toolkit/request-context.ts).

/**
 * The path and query of the page a request is for. A client-side navigation asks for the
 * page's data at "/path.data?…&_routes=…" ("/_root.data" for "/"), and loaders see that URL.
 */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
    url.searchParams.delete("_routes");
  }
  return url.pathname + url.search;
}

/** Protected screens send a visitor to /login, keeping where they wanted to go. */
export function loginRedirect(request: Request): Response {
  const back = pagePathOf(request);
  const target = back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
  return redirect(target, { status: request.method === "GET" ? 302 : 303 });
}
