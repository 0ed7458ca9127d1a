import { normalizeBrazilianPhone } from "#core/phone";
import { type Queryable, uniqueViolation } from "../db";
import { publicOrigin } from "../web/origin";
import { sendConfirmationLink, sendSignUpAttemptNotice } from "./mailer";
import { hashPassword } from "./password";
import { type Accounts, findUser, getSession, newToken, publicUser, sha256, startSession } from "./local-sessions";
import type { Auth, AuthErrorCode, AuthResult } from "./types";

/**
 * Confirmed e-mail for local accounts, as Supabase Auth does it with confirmations on:
 * sign-up by e-mail starts no session until the mailed link is opened, and answers the same
 * whether the address was new or taken; a new e-mail replaces the old one only once its own
 * link is opened. Links are random, stored as SHA-256, single-use and expire in 24 hours.
 * auth.users.email_confirmed_at is the one record of "confirmed" (trust levels read it).
 */
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A pending sign-up: an account with an e-mail that was never confirmed and never signed in
 * (accounts from before confirmations existed have signed in, and are never touched).
 */
const PENDING = `u.email IS NOT NULL AND u.email_confirmed_at IS NULL AND u.last_sign_in_at IS NULL`;

const fail = (error: AuthErrorCode, message?: string): AuthResult<never> => ({ ok: false, error, headers: new Headers(), message });

const confirmLink = (token: string) => `${publicOrigin()}/login?confirmar=${encodeURIComponent(token)}`;

const mailLink = (address: string, token: string, change: boolean) => sendConfirmationLink(address, confirmLink(token), change);

const mailNotice = (address: string) => sendSignUpAttemptNotice(address, `${publicOrigin()}/login?modo=recuperar`);

async function storeLink(tx: Queryable, accounts: Accounts, userId: string, email: string): Promise<string> {
  const token = newToken();
  await tx.query(
    `INSERT INTO guida_private.email_confirmations (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, $4)`,
    [sha256(token), userId, email, new Date(accounts.now().getTime() + CONFIRM_TTL_MS)],
  );
  return token;
}

/** Pending sign-ups whose links all expired: they free their address, username and phone. */
async function sweepStale(tx: Queryable, at: Date, email: string | null, username: string, phone: string | null) {
  await tx.query(
    `DELETE FROM auth.users u WHERE ${PENDING}
       AND NOT EXISTS (SELECT 1 FROM guida_private.email_confirmations c WHERE c.user_id = u.id AND c.expires_at > $4)
       AND (lower(u.email) = $1
            OR u.id IN (SELECT id FROM public.profiles WHERE lower(username) = lower($2))
            OR u.id IN (SELECT user_id FROM public.profile_private WHERE phone = $3))`,
    [email, username, phone, at],
  );
}

type Held = "username_taken" | "phone_taken" | null;

/** Username, then phone, held by an account other than `except` (the pending one being replaced). */
async function heldElsewhere(tx: Queryable, username: string, phone: string | null, except: string | null): Promise<Held> {
  const [row] = await tx.query<{ username: boolean; phone: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM public.profiles WHERE lower(username) = lower($1) AND id IS DISTINCT FROM $3) AS username,
            EXISTS (SELECT 1 FROM public.profile_private WHERE phone = $2 AND user_id IS DISTINCT FROM $3) AS phone`,
    [username, phone, except],
  );
  return row!.username ? "username_taken" : row!.phone ? "phone_taken" : null;
}

type Created = Held | { taken: true } | { id: string; token: string | null };

export async function signUp(accounts: Accounts, ...[request, input]: Parameters<Auth["signUp"]>): ReturnType<Auth["signUp"]> {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone ? normalizeBrazilianPhone(input.phone) : null;
  if (!email && !phone) return fail("invalid_credentials");
  // Hashed whether or not the address is taken: the answer's timing does not tell.
  const encrypted = await hashPassword(input.password);
  const db = await accounts.getDb();
  let created: Created;
  try {
    created = await db.transaction(async (tx): Promise<Created> => {
      await sweepStale(tx, accounts.now(), email, input.username, phone);
      const [holder] = email
        ? await tx.query<{ id: string; pending: boolean }>(`SELECT u.id, (${PENDING}) AS pending FROM auth.users u WHERE lower(u.email) = $1 FOR UPDATE`, [email])
        : [];
      // The latest sign-up for an address still pending wins: its link confirms its password.
      const replaced = holder?.pending ? holder.id : null;
      const held = await heldElsewhere(tx, input.username, phone, replaced);
      if (held) return held;
      if (holder && !holder.pending) return { taken: true };
      if (replaced) await tx.query(`DELETE FROM auth.users WHERE id = $1`, [replaced]);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO auth.users (email, encrypted_password, raw_user_meta_data) VALUES ($1, $2, $3) RETURNING id`,
        [email, encrypted, JSON.stringify({ full_name: input.fullName, username: input.username })],
      );
      if (phone) await tx.query(`UPDATE public.profile_private SET phone = $2 WHERE user_id = $1`, [row!.id, phone]);
      return { id: row!.id, token: email ? await storeLink(tx, accounts, row!.id, email) : null };
    });
  } catch (error) {
    // Two sign-ups racing for one username, phone or address: the unique index decides. The
    // loser of an address hears what a taken address hears.
    const index = uniqueViolation(error);
    if (index === "profiles_username_key") return fail("username_taken");
    if (index === "profile_private_phone_key") return fail("phone_taken");
    if (index === "users_email_key" && email) created = { taken: true };
    else throw error;
  }
  if (typeof created === "string") return fail(created);
  if (email && created && "taken" in created) return { ok: true, value: { user: null, confirmEmail: email, mail: () => mailNotice(email) }, headers: new Headers() };
  const { id, token } = created as { id: string; token: string | null };
  if (email && token) return { ok: true, value: { user: null, confirmEmail: email, mail: () => mailLink(email, token, false) }, headers: new Headers() };
  // A phone alone: no way to confirm it here (no SMS), so the account signs in unconfirmed.
  const user = await findUser(accounts, `u.id = $1`, [id]);
  return { ok: true, value: { user: publicUser(user!) }, headers: await startSession(accounts, request, id) };
}

export async function resendConfirmation(accounts: Accounts, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const db = await accounts.getDb();
  const token = await db.transaction(async (tx) => {
    const [user] = await tx.query<{ id: string }>(`SELECT id FROM auth.users WHERE lower(email) = $1 AND email_confirmed_at IS NULL`, [address]);
    if (!user) return null;
    // The newest link for the address is the only one that works.
    await tx.query(`DELETE FROM guida_private.email_confirmations WHERE user_id = $1 AND email = $2`, [user.id, address]);
    return storeLink(tx, accounts, user.id, address);
  });
  if (token) await sendConfirmationLink(address, confirmLink(token), false);
}

export async function confirmEmail(accounts: Accounts, ...[request, token]: Parameters<Auth["confirmEmail"]>): ReturnType<Auth["confirmEmail"]> {
  const db = await accounts.getDb();
  const at = accounts.now();
  let done: { id: string; email: string; changed: boolean } | null;
  try {
    done = await db.transaction(async (tx) => {
      const [link] = await tx.query<{ userId: string; email: string }>(
        `UPDATE guida_private.email_confirmations SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id AS "userId", email`,
        [sha256(token), at],
      );
      if (!link) return null;
      const [user] = await tx.query<{ email: string | null }>(`SELECT email FROM auth.users WHERE id = $1 FOR UPDATE`, [link.userId]);
      const changed = user?.email?.toLowerCase() !== link.email;
      if (changed) {
        // The inbox's owner opened the link: a sign-up of theirs still pending gives way.
        await tx.query(`DELETE FROM auth.users u WHERE ${PENDING} AND lower(u.email) = $1 AND u.id <> $2`, [link.email, link.userId]);
        await tx.query(`UPDATE auth.users SET email = $2, email_confirmed_at = $3, updated_at = $3 WHERE id = $1`, [link.userId, link.email, at]);
      } else {
        await tx.query(`UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 WHERE id = $1`, [link.userId, at]);
      }
      // The address is settled: every other link of the account stops working.
      await tx.query(`DELETE FROM guida_private.email_confirmations WHERE user_id = $1 AND token_hash <> $2`, [link.userId, sha256(token)]);
      return { id: link.userId, email: link.email, changed };
    });
  } catch (error) {
    // Someone else's account took the address after the link was sent.
    if (uniqueViolation(error) === "users_email_key") return fail("email_taken");
    throw error;
  }
  if (!done) return fail("invalid_token");
  return { ok: true, value: { email: done.email, changed: done.changed }, headers: await startSession(accounts, request, done.id) };
}

export async function changeEmail(accounts: Accounts, ...[request, email]: Parameters<Auth["changeEmail"]>): ReturnType<Auth["changeEmail"]> {
  const session = await getSession(accounts, request);
  if (!session.user) return fail("not_signed_in");
  const address = email.trim().toLowerCase();
  if (session.user.email?.toLowerCase() === address) return fail("email_taken", "Este já é o e-mail da sua conta.");
  const db = await accounts.getDb();
  const userId = session.user.id;
  const token = await db.transaction(async (tx) => {
    const [holder] = await tx.query<{ id: string }>(`SELECT u.id FROM auth.users u WHERE lower(u.email) = $1 AND NOT (${PENDING})`, [address]);
    if (holder) return null;
    // One address waits at a time: asking for another revokes the earlier change's link.
    await tx.query(`DELETE FROM guida_private.email_confirmations WHERE user_id = $1 AND email IS DISTINCT FROM $2`, [userId, session.user!.email?.toLowerCase() ?? null]);
    return storeLink(tx, accounts, userId, address);
  });
  // A taken address hears what a free one hears; its owner is told someone tried.
  return { ok: true, value: { mail: () => (token ? mailLink(address, token, true) : mailNotice(address)) }, headers: session.headers };
}
