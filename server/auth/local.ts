import { expireCookie, parseCookieHeader } from "#core/cookies";
import { normalizeBrazilianPhone } from "#core/phone";
import type { Database, Queryable } from "../db";
import { isHttps, publicOrigin } from "../web/origin";
import { hashPassword, verifyPassword } from "./password";
import { sendPasswordResetLink } from "./mailer";
import { changeEmail, confirmEmail, resendConfirmation, signUp } from "./local-confirm";
import { type Accounts, findUser, getSession, newToken, publicUser, SESSION_COOKIE, sha256, startSession } from "./local-sessions";
import type { Auth, AuthResult } from "./types";

export { SESSION_COOKIE } from "./local-sessions";

const RESET_TTL_MS = 60 * 60 * 1000;

export type LocalAuthOptions = { maxIdleDays: number; now?: () => Date };


/**
 * Sets the password and ends everything the old one opened: every session (a stolen one
 * included) and every reset link still outstanding; then signs in here. `claim` runs first
 * in the same transaction and names the account (or null to change nothing).
 */
async function setPassword(
  accounts: Accounts,
  request: Request,
  password: string,
  claim: (tx: Queryable) => Promise<string | null>,
): Promise<AuthResult> {
  const db = await accounts.getDb();
  const encrypted = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const id = await claim(tx);
    if (!id) return null;
    await tx.query(`UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1`, [id, encrypted]);
    await tx.query(`DELETE FROM guida_private.sessions WHERE user_id = $1`, [id]);
    await tx.query(`DELETE FROM guida_private.password_resets WHERE user_id = $1`, [id]);
    return id;
  });
  if (!userId) return { ok: false, error: "invalid_token", headers: new Headers() };
  return { ok: true, value: null, headers: await startSession(accounts, request, userId) };
}

/**
 * Accounts in our own database: auth.users with scrypt hashes, sessions in
 * guida_private.sessions. These queries run as the owner — this is the layer that
 * establishes who the caller is, before RLS can apply.
 */
export function createLocalAuth(getDb: () => Promise<Database>, options: LocalAuthOptions): Auth {
  const accounts: Accounts = { getDb, now: options.now ?? (() => new Date()), maxIdleMs: options.maxIdleDays * 86_400_000 };
  return {
    kind: "local",
    getSession: (request) => getSession(accounts, request),
    signIn: (request, input) => signIn(accounts, request, input),
    signUp: (request, input) => signUp(accounts, request, input),
    resendConfirmation: (_request, email) => resendConfirmation(accounts, email),
    confirmEmail: (request, token) => confirmEmail(accounts, request, token),
    changeEmail: (request, email) => changeEmail(accounts, request, email),
    signOut: (request) => signOut(accounts, request),
    requestPasswordReset: (_request, email) => requestPasswordReset(accounts, email),
    updatePassword: (request, password, resetToken) => updatePassword(accounts, request, password, resetToken),
    changePassword: (request, currentPassword, newPassword) => changePassword(accounts, request, currentPassword, newPassword),
    async googleSignInUrl() {
      return null;
    },
    async exchangeCode() {
      return { ok: false, error: "unavailable", headers: new Headers() };
    },
    async acceptTokens() {
      // Local accounts have no OAuth: nothing arrives in a URL fragment.
      return { ok: false, error: "unavailable", headers: new Headers() };
    },
  };
}

async function signIn(accounts: Accounts, ...[request, input]: Parameters<Auth["signIn"]>): ReturnType<Auth["signIn"]> {
  // Phones are stored normalised and unique: typed any common way, one account at most.
  const phone = input.phone ? normalizeBrazilianPhone(input.phone) : null;
  const user = input.email
    ? await findUser(accounts, `lower(u.email) = lower($1)`, [input.email.trim()])
    : phone
      ? await findUser(accounts, `u.id = (SELECT user_id FROM public.profile_private WHERE phone = $1)`, [phone])
      : null;
  // Verify even for an unknown account, so timing does not tell which e-mails exist.
  const valid = await verifyPassword(input.password, user?.encryptedPassword ?? DUMMY_HASH);
  if (!user || !valid) return { ok: false, error: "invalid_credentials", headers: new Headers() };
  // GoTrue's "Email not confirmed": an account with an e-mail signs in (by e-mail or phone)
  // only once the link proved the address is its owner's. Told only after the password
  // matched, so it reveals nothing to whoever does not know it.
  if (user.email && !user.emailConfirmedAt) return { ok: false, error: "email_not_confirmed", headers: new Headers() };
  return { ok: true, value: publicUser(user), headers: await startSession(accounts, request, user.id) };
}

async function signOut(accounts: Accounts, ...[request]: Parameters<Auth["signOut"]>): ReturnType<Auth["signOut"]> {
  const headers = new Headers();
  const token = parseCookieHeader(request.headers.get("Cookie")).get(SESSION_COOKIE);
  if (token) {
    const db = await accounts.getDb();
    await db.query(`DELETE FROM guida_private.sessions WHERE token_hash = $1`, [sha256(token)]);
  }
  headers.append("Set-Cookie", expireCookie(SESSION_COOKIE, isHttps(request)));
  return headers;
}

async function requestPasswordReset(accounts: Accounts, email: string): Promise<void> {
  const db = await accounts.getDb();
  const token = newToken();
  // The newest link is the only one that works: asking again revokes the earlier ones.
  const user = await db.transaction(async (tx) => {
    const [found] = await tx.query<{ id: string; email: string }>(
      `SELECT id, email FROM auth.users WHERE lower(email) = lower($1)`,
      [email.trim()],
    );
    if (!found) return null;
    await tx.query(`DELETE FROM guida_private.password_resets WHERE user_id = $1`, [found.id]);
    await tx.query(
      `INSERT INTO guida_private.password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)`,
      [sha256(token), found.id, new Date(accounts.now().getTime() + RESET_TTL_MS)],
    );
    return found;
  });
  if (!user) return;
  await sendPasswordResetLink(user.email, `${publicOrigin()}/login?reset=${encodeURIComponent(token)}`);
}

async function updatePassword(accounts: Accounts, ...[request, password, resetToken]: Parameters<Auth["updatePassword"]>): ReturnType<Auth["updatePassword"]> {
  // Locally only the e-mailed link sets a password this way; a signed-in resident
  // changes theirs with changePassword, which asks for the current one.
  if (!resetToken) return { ok: false, error: "not_signed_in", headers: new Headers() };
  return setPassword(accounts, request, password, async (tx) => {
    const [row] = await tx.query<{ userId: string }>(
      `UPDATE guida_private.password_resets SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id AS "userId"`,
      [sha256(resetToken), accounts.now()],
    );
    return row?.userId ?? null;
  });
}

async function changePassword(accounts: Accounts, ...[request, currentPassword, newPassword]: Parameters<Auth["changePassword"]>): ReturnType<Auth["changePassword"]> {
  const session = await getSession(accounts, request);
  if (!session.user) return { ok: false, error: "not_signed_in", headers: new Headers() };
  const user = await findUser(accounts, `u.id = $1`, [session.user.id]);
  if (!user || !(await verifyPassword(currentPassword, user.encryptedPassword ?? DUMMY_HASH))) {
    return { ok: false, error: "wrong_password", headers: new Headers() };
  }
  return setPassword(accounts, request, newPassword, async () => user.id);
}

// A real hash of a random password: verifying against it costs the same as a real account.
const DUMMY_HASH = "scrypt$32768$8$1$bm90LWEtcmVhbC1zYWx0$0Yv0ZcW1u7l8yqJq3kq9C8bqkVjN6n4Jw7V0m0zq9mA=";
