import { redirect } from "react-router";
import { getAuth, type SessionUser } from "./auth";
import type { Claims } from "./db";

// Where a request is for, as a person would write it. Who is asking and the database are
// the request context's (server/request-context.ts).

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

// ----------------------------------------------------------------------------------------
// Until /login, /edit-profile and /update-business-images move to the request context
// (they are being changed for issue #13 at the same time), they read the session through
// these two. The context shares this memo, so a request still looks its session up once.

type RequestSession = { user: SessionUser | null; claims: Claims; headers: Headers };
const sessions = new WeakMap<Request, Promise<RequestSession>>();

/** @deprecated Use getRequestContext(context).session() (server/request-context.ts). */
export function getRequestSession(request: Request): Promise<RequestSession> {
  let session = sessions.get(request);
  if (!session) {
    session = getAuth().then((auth) => auth.getSession(request));
    sessions.set(request, session);
  }
  return session;
}

/** @deprecated Use getRequestContext(context).requireUser() (server/request-context.ts). */
export async function requireUser(request: Request): Promise<RequestSession & { user: SessionUser }> {
  const session = await getRequestSession(request);
  if (!session.user) throw loginRedirect(request);
  return { ...session, user: session.user };
}
