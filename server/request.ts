import { type AppLoadContext, redirect } from "react-router";
import { getAuth, type SessionUser } from "./auth";
import { ANON, getDb, withUser, type Claims, type Queryable } from "./db";

type RequestSession = { user: SessionUser | null; claims: Claims; headers: Headers };

// The root loader and the page's loader run in parallel for one request: read the
// session once and share it.
const sessions = new WeakMap<Request, Promise<RequestSession>>();

export function getRequestSession(request: Request): Promise<RequestSession> {
  let session = sessions.get(request);
  if (!session) {
    session = getAuth().then((auth) => auth.getSession(request));
    sessions.set(request, session);
  }
  return session;
}

export async function claimsFor(request: Request): Promise<Claims> {
  return (await getRequestSession(request)).claims;
}

/** Runs database work as the request's user, in one transaction: RLS decides what it may touch. */
export async function asRequestUser<T>(request: Request, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const [db, claims] = await Promise.all([getDb(), claimsFor(request)]);
  return withUser(db, claims, fn);
}

/**
 * A read of the public catalogue, the same for everyone: run as the visitor role and, on
 * Guida's own server, shared between requests until the next write (server/read-cache.ts).
 * `key` names the read and every argument it depends on.
 */
export async function readPublic<T>(context: AppLoadContext, key: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const read = async () => withUser(await getDb(), ANON, fn);
  return context.publicReads ? context.publicReads.read(key, read) : read();
}

/**
 * A signed-in resident's own small reads (the badges every page shows), run with their claims
 * and, on Guida's own server, kept for them alone, by user id, until the next write.
 */
export async function readOwn<T>(
  context: AppLoadContext,
  session: { user: SessionUser; claims: Claims },
  key: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const read = async () => withUser(await getDb(), session.claims, fn);
  return context.userReads ? context.userReads.read(`${session.user.id}|${key}`, read) : read();
}

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

export function loginRedirect(request: Request): Response {
  const back = pagePathOf(request);
  const target = back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
  return redirect(target, { status: request.method === "GET" ? 302 : 303 });
}

/** Protected screens: a visitor is sent to /login, keeping where they wanted to go. */
export async function requireUser(request: Request): Promise<{ user: SessionUser; claims: Claims; headers: Headers }> {
  const session = await getRequestSession(request);
  if (!session.user) throw loginRedirect(request);
  return { user: session.user, claims: session.claims, headers: session.headers };
}

export async function asSignedInUser<T>(
  request: Request,
  fn: (tx: Queryable, user: SessionUser) => Promise<T>,
): Promise<T> {
  const { user, claims } = await requireUser(request);
  const db = await getDb();
  return withUser(db, claims, (tx) => fn(tx, user));
}
