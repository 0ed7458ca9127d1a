import { createHash, randomBytes } from "node:crypto";
import { expireCookie, parseCookieHeader, serializeCookie } from "#core/cookies";
import { ANON, type Database } from "../db";
import { isHttps } from "../web/origin";
import type { Auth, SessionUser } from "./types";

// The local adapter's sessions and account lookups, shared by sign-in (local.ts) and the
// e-mail confirmation flows (local-confirm.ts), which local.ts wires together.

export const SESSION_COOKIE = "guida_session";
/** Sliding: a session is pushed forward at most once an hour, not written on every request. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

export const sha256 = (token: string) => createHash("sha256").update(token).digest("base64url");
export const newToken = () => randomBytes(32).toString("base64url");

type UserRow = SessionUser & { encryptedPassword: string | null; emailConfirmedAt: Date | null };

const USER_COLUMNS = `u.id, u.email, p.full_name AS "fullName", p.username, p.avatar_url AS "avatarUrl"`;

/** What the local adapter's pieces share: the database, the clock and how long an idle session lasts. */
export type Accounts = { getDb: () => Promise<Database>; now: () => Date; maxIdleMs: number };

const sessionCookie = (accounts: Accounts, request: Request, token: string) =>
  serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: isHttps(request),
    sameSite: "Lax",
    maxAge: accounts.maxIdleMs / 1000,
  });

export async function startSession(accounts: Accounts, request: Request, userId: string): Promise<Headers> {
  const db = await accounts.getDb();
  const token = newToken();
  const at = accounts.now();
  await db.query(
    `INSERT INTO guida_private.sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent)
     VALUES ($1, $2, $3, $3, $4, $5)`,
    [sha256(token), userId, at, new Date(at.getTime() + accounts.maxIdleMs), request.headers.get("User-Agent")?.slice(0, 300) ?? null],
  );
  await db.query(`UPDATE auth.users SET last_sign_in_at = $2 WHERE id = $1`, [userId, at]);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(accounts, request, token));
  return headers;
}

export async function findUser(accounts: Accounts, where: string, params: unknown[]): Promise<UserRow | null> {
  const db = await accounts.getDb();
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS}, u.encrypted_password AS "encryptedPassword", u.email_confirmed_at AS "emailConfirmedAt"
     FROM auth.users u JOIN public.profiles p ON p.id = u.id WHERE ${where} LIMIT 1`,
    params,
  );
  return row ?? null;
}

export const publicUser = ({ encryptedPassword: _omit, emailConfirmedAt: _c, ...user }: UserRow): SessionUser => user;

export async function getSession(accounts: Accounts, ...[request]: Parameters<Auth["getSession"]>): ReturnType<Auth["getSession"]> {
  const headers = new Headers();
  const token = parseCookieHeader(request.headers.get("Cookie")).get(SESSION_COOKIE);
  if (!token) return { user: null, claims: ANON, headers };
  const db = await accounts.getDb();
  const at = accounts.now();
  const [row] = await db.query<SessionUser & { lastSeenAt: Date; expiresAt: Date }>(
    `SELECT ${USER_COLUMNS}, s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt"
     FROM guida_private.sessions s
     JOIN auth.users u ON u.id = s.user_id
     JOIN public.profiles p ON p.id = u.id
     WHERE s.token_hash = $1`,
    [sha256(token)],
  );
  if (!row || new Date(row.expiresAt).getTime() <= at.getTime()) {
    // Expired or revoked: forget the cookie so the browser stops sending it.
    if (row) await db.query(`DELETE FROM guida_private.sessions WHERE token_hash = $1`, [sha256(token)]);
    headers.append("Set-Cookie", expireCookie(SESSION_COOKIE, isHttps(request)));
    return { user: null, claims: ANON, headers };
  }
  if (at.getTime() - new Date(row.lastSeenAt).getTime() >= SLIDE_EVERY_MS) {
    await db.query(`UPDATE guida_private.sessions SET last_seen_at = $2, expires_at = $3 WHERE token_hash = $1`, [
      sha256(token),
      at,
      new Date(at.getTime() + accounts.maxIdleMs),
    ]);
    headers.append("Set-Cookie", sessionCookie(accounts, request, token));
  }
  const { lastSeenAt: _l, expiresAt: _e, ...user } = row;
  return { user, claims: { role: "authenticated", sub: user.id, email: user.email }, headers };
}
