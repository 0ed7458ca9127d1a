import { redirect } from "react-router";
import { getAuth, type SessionUser } from "./auth";
import { getDb, withUser, type Claims, type Queryable } from "./db";

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

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
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
