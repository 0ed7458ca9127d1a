import { ANON, getDb, withUser, type Claims, type Queryable } from "./db";

/**
 * Who the request is. Until accounts exist every request is a visitor (anon), and RLS
 * treats it so; the accounts layer replaces this with the session's user.
 */
export async function claimsFor(_request: Request): Promise<Claims> {
  return ANON;
}

/** Runs a loader's or action's database work as the request's user, in one transaction. */
export async function asRequestUser<T>(request: Request, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const [db, claims] = await Promise.all([getDb(), claimsFor(request)]);
  return withUser(db, claims, fn);
}
