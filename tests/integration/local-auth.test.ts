import { describe, expect, it, vi } from "vitest";
import { createLocalAuth, SESSION_COOKIE } from "#server/auth/local";
import { publicOrigin } from "#server/web/origin";
import type { Auth } from "#server/auth/types";
import type { Database } from "#server/db/types";
import { forEachEngine } from "./db";

// The local accounts adapter (server/auth/local.ts) against a migrated database, on PGlite
// and PostgreSQL: sign-up, sign-in (e-mail and phone), sign-out, sliding expiry with an
// injected clock, and password reset. Cookies travel the way a browser would send them.

const LOGIN_URL = "http://localhost/login";
const PASSWORD = "senha-forte-123";
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MAX_IDLE_DAYS = 30;

/** A request as the browser sends it: only the session cookie, when there is one. */
function request(cookie?: string): Request {
  return new Request(LOGIN_URL, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The Set-Cookie line for the session cookie, if the response carries one. */
function sessionSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** "guida_session=<token>" to send back, from a response that started a session. */
function cookieFrom(headers: Headers): string {
  const line = sessionSetCookie(headers);
  if (!line) throw new Error("no session cookie in the response");
  const pair = line.split(";")[0]!;
  expect(pair).not.toBe(`${SESSION_COOKIE}=`);
  return pair;
}

function expectExpiredCookie(headers: Headers) {
  const line = sessionSetCookie(headers);
  expect(line, "an expiring Set-Cookie for the session").toBeDefined();
  expect(line).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  expect(line).toMatch(/Max-Age=0/);
}

/** A controllable clock for createLocalAuth's `now`. */
function clock(start = "2026-03-02T12:00:00.000Z") {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
    get time() {
      return at;
    },
  };
}

let seq = 0;
function newAccount(label: string) {
  seq += 1;
  return {
    email: `${label}.${seq}@exemplo.com.br`,
    password: PASSWORD,
    fullName: `Pessoa ${label} ${seq}`,
    username: `${label}_${seq}`.slice(0, 20),
  };
}

forEachEngine((getDb) => {
  const owner = <T>(text: string, params?: unknown[]) => getDb().query<T>(text, params);
  const dbGetter = async (): Promise<Database> => getDb();
  const makeAuth = (now?: () => Date): Auth => createLocalAuth(dbGetter, { maxIdleDays: MAX_IDLE_DAYS, now });

  const sessionRows = (userId: string) =>
    owner<{ lastSeenAt: Date; expiresAt: Date }>(
      `SELECT last_seen_at AS "lastSeenAt", expires_at AS "expiresAt" FROM guida_private.sessions WHERE user_id = $1`,
      [userId],
    );

  /** Runs an account e-mail's sending (after the answer, in the app) and returns what it logged. */
  async function logged(task: () => Promise<void>): Promise<string[]> {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await task();
      return log.mock.calls.map((args) => args.map(String).join(" "));
    } finally {
      log.mockRestore();
    }
  }

  /** The token of the one confirmation link in `lines`: /login?confirmar=, on the configured origin. */
  function confirmationToken(lines: string[]): string {
    expect(lines).toHaveLength(1);
    const url = new URL(/e-mail confirmation link for \S+: (\S+)/.exec(lines[0]!)![1]!);
    expect(url.origin).toBe(publicOrigin());
    expect(url.pathname).toBe("/login");
    return url.searchParams.get("confirmar")!;
  }

  /** A new account by e-mail, confirmed by its link (which starts the session returned). */
  async function signedUp(auth: Auth, label: string) {
    const account = newAccount(label);
    const result = await auth.signUp(request(), account);
    if (!result.ok || result.value.user) throw new Error(`sign-up did not wait for its link: ${JSON.stringify(result)}`);
    const confirmed = await auth.confirmEmail(request(), confirmationToken(await logged(result.value.mail)));
    if (!confirmed.ok) throw new Error(`confirmation failed: ${confirmed.error}`);
    const [row] = await owner<{ id: string }>(`SELECT id FROM auth.users WHERE email = $1`, [account.email]);
    return { account, userId: row!.id, cookie: cookieFrom(confirmed.headers) };
  }

  describe("sign-up", () => {
    it("creates the user, their profile, private row and welcome notification; the mailed link starts the session", async () => {
      const auth = makeAuth();
      const account = newAccount("cadastro");
      const result = await auth.signUp(request(), { ...account, email: `  ${account.email.toUpperCase()} ` });
      expect(result).toMatchObject({ ok: true, value: { user: null, confirmEmail: account.email } });
      if (!result.ok || result.value.user) return;
      // Issue #25: no session until the link is opened.
      expect(sessionSetCookie(result.headers)).toBeUndefined();
      const [{ id: userId } = { id: "" }] = await owner<{ id: string }>(`SELECT id FROM auth.users WHERE email = $1`, [account.email]);

      const [stored] = await owner<{ encrypted: string; confirmed: Date | null }>(`SELECT encrypted_password AS encrypted, email_confirmed_at AS confirmed FROM auth.users WHERE id = $1`, [userId]);
      expect(stored?.encrypted).toMatch(/^scrypt\$/);
      expect(stored?.encrypted).not.toContain(PASSWORD);
      expect(stored?.confirmed).toBeNull();
      expect(await owner(`SELECT username, full_name FROM public.profiles WHERE id = $1`, [userId])).toEqual([
        { username: account.username, full_name: account.fullName },
      ]);
      expect(await owner(`SELECT user_id FROM public.profile_private WHERE user_id = $1`, [userId])).toHaveLength(1);
      expect(await owner(`SELECT kind, title FROM public.notifications WHERE user_id = $1`, [userId])).toEqual([
        { kind: "welcome", title: "Bem-vindo ao Guida!" },
      ]);
      expect(await sessionRows(userId)).toHaveLength(0);

      const confirmed = await auth.confirmEmail(request(), confirmationToken(await logged(result.value.mail)));
      expect(confirmed).toMatchObject({ ok: true, value: { email: account.email, changed: false } });
      const line = sessionSetCookie(confirmed.headers)!;
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Lax/);
      expect(line).toMatch(new RegExp(`Max-Age=${MAX_IDLE_DAYS * 86_400}`));
      expect(line).not.toMatch(/Secure/); // plain http
      // Only the SHA-256 of the token is stored.
      const token = decodeURIComponent(cookieFrom(confirmed.headers).split("=")[1]!);
      expect(await owner(`SELECT 1 FROM guida_private.sessions WHERE token_hash = $1`, [token])).toEqual([]);
      expect(await sessionRows(userId)).toHaveLength(1);

      const session = await auth.getSession(request(cookieFrom(confirmed.headers)));
      expect(session.user).toEqual({ id: userId, email: account.email, fullName: account.fullName, username: account.username, avatarUrl: null });
      expect(session.claims).toEqual({ role: "authenticated", sub: userId, email: account.email });
    });

    it("answers a taken e-mail (any case) as a new one, creating nothing, and refuses a taken username", async () => {
      const auth = makeAuth();
      const { account } = await signedUp(auth, "dono");
      const count = async () => (await owner<{ n: number }>(`SELECT count(*)::int AS n FROM auth.users`))[0]!.n;
      const before = await count();

      const sameEmail = await auth.signUp(request(), { ...newAccount("outro"), email: account.email.toUpperCase() });
      expect(sameEmail).toMatchObject({ ok: true, value: { user: null, confirmEmail: account.email } });
      expect(sessionSetCookie(sameEmail.headers)).toBeUndefined();
      // Its owner hears that someone tried; no link goes out.
      if (sameEmail.ok && !sameEmail.value.user) expect(await logged(sameEmail.value.mail)).toEqual([`[auth] sign-up attempt notice for ${account.email}`]);

      const sameUsername = await auth.signUp(request(), { ...newAccount("outro"), username: account.username });
      expect(sameUsername).toMatchObject({ ok: false, error: "username_taken" });
      expect(sessionSetCookie(sameUsername.headers)).toBeUndefined();

      expect(await count()).toBe(before);
    });
  });

  describe("sign-in", () => {
    it("signs in with the right password (e-mail in any case) and starts a new session", async () => {
      const auth = makeAuth();
      const { account, userId } = await signedUp(auth, "entrar");
      const result = await auth.signIn(request(), { email: ` ${account.email.toUpperCase()} `, password: PASSWORD });
      expect(result).toMatchObject({ ok: true, value: { id: userId, username: account.username } });
      if (!result.ok) return;
      expect(await sessionRows(userId)).toHaveLength(2);
      const session = await auth.getSession(request(cookieFrom(result.headers)));
      expect(session.user?.id).toBe(userId);
      const [user] = await owner<{ at: Date | null }>(`SELECT last_sign_in_at AS at FROM auth.users WHERE id = $1`, [userId]);
      expect(user?.at).not.toBeNull();
    });

    it("answers a wrong password and an unknown e-mail with the same error, and no session", async () => {
      const auth = makeAuth();
      const { account, userId } = await signedUp(auth, "errada");
      const wrong = await auth.signIn(request(), { email: account.email, password: "outra-senha-123" });
      const unknown = await auth.signIn(request(), { email: "ninguem.aqui@exemplo.com.br", password: PASSWORD });
      for (const result of [wrong, unknown]) {
        expect(result).toEqual({ ok: false, error: "invalid_credentials", headers: expect.any(Headers) });
        expect(sessionSetCookie(result.headers)).toBeUndefined();
      }
      expect(await sessionRows(userId)).toHaveLength(1); // only the sign-up's
    });

    it("signs in by phone: the digits of profile_private.phone, however they are typed", async () => {
      const auth = makeAuth();
      const { userId } = await signedUp(auth, "celular");
      await owner(`UPDATE public.profile_private SET phone = '(35) 99876-1234' WHERE user_id = $1`, [userId]);

      for (const phone of ["35998761234", "(35) 99876-1234", "35 99876 1234"]) {
        const result = await auth.signIn(request(), { phone, password: PASSWORD });
        expect(result, phone).toMatchObject({ ok: true, value: { id: userId } });
      }
      expect(await auth.signIn(request(), { phone: "35998761234", password: "outra-senha-123" })).toMatchObject({
        ok: false,
        error: "invalid_credentials",
      });
      expect(await auth.signIn(request(), { phone: "35900000000", password: PASSWORD })).toMatchObject({
        ok: false,
        error: "invalid_credentials",
      });
    });

    it("never matches an account through a phone with no digits (or no identifier at all)", async () => {
      const auth = makeAuth();
      // Accounts without a phone: an empty digit string must not select one of them.
      await signedUp(auth, "semfone");
      for (const phone of ["--------", "() () ()", "", undefined]) {
        const result = await auth.signIn(request(), { phone, password: PASSWORD });
        expect(result, JSON.stringify(phone)).toMatchObject({ ok: false, error: "invalid_credentials" });
        expect(sessionSetCookie(result.headers)).toBeUndefined();
      }
    });
  });

  describe("sign-out", () => {
    it("deletes the session row and expires the cookie; the old cookie opens nothing", async () => {
      const auth = makeAuth();
      const { account, userId, cookie } = await signedUp(auth, "sair");
      const other = await auth.signIn(request(), { email: account.email, password: PASSWORD });
      if (!other.ok) throw new Error("sign-in failed");
      expect(await sessionRows(userId)).toHaveLength(2);

      const headers = await auth.signOut(request(cookie));
      expectExpiredCookie(headers);
      expect(await sessionRows(userId)).toHaveLength(1); // the other device stays signed in

      const after = await auth.getSession(request(cookie));
      expect(after.user).toBeNull();
      expect(after.claims).toEqual({ role: "anon" });
      expectExpiredCookie(after.headers);
      expect((await auth.getSession(request(cookieFrom(other.headers)))).user?.id).toBe(userId);
    });

    it("without a session still expires the cookie", async () => {
      expectExpiredCookie(await makeAuth().signOut(request()));
      expectExpiredCookie(await makeAuth().signOut(request(`${SESSION_COOKIE}=nao-existe`)));
    });

    it("a cookie for no session reads as a visitor and is expired", async () => {
      const session = await makeAuth().getSession(request(`${SESSION_COOKIE}=token-inventado`));
      expect(session.user).toBeNull();
      expectExpiredCookie(session.headers);
      const none = await makeAuth().getSession(request());
      expect(none.user).toBeNull();
      expect(sessionSetCookie(none.headers)).toBeUndefined();
    });
  });

  describe("session expiry (injected clock)", () => {
    it("refuses a session idle for maxIdleDays, deletes it and expires its cookie", async () => {
      const time = clock();
      const auth = makeAuth(time.now);
      const { userId, cookie } = await signedUp(auth, "expira");
      const [row] = await sessionRows(userId);
      expect(new Date(row!.expiresAt).getTime()).toBe(time.time + MAX_IDLE_DAYS * DAY_MS);

      time.advance(MAX_IDLE_DAYS * DAY_MS - 1);
      expect((await auth.getSession(request(cookie))).user?.id, "one millisecond before the limit").toBe(userId);
      // That use slid the session; idle for the whole window again from here.
      time.advance(MAX_IDLE_DAYS * DAY_MS);
      const expired = await auth.getSession(request(cookie));
      expect(expired.user).toBeNull();
      expect(expired.claims).toEqual({ role: "anon" });
      expectExpiredCookie(expired.headers);
      expect(await sessionRows(userId)).toEqual([]);
    });

    it("slides a session used within the window, at most once an hour", async () => {
      const time = clock();
      const auth = makeAuth(time.now);
      const { userId, cookie } = await signedUp(auth, "desliza");
      const start = time.time;
      const expiresAt = async () => new Date((await sessionRows(userId))[0]!.expiresAt).getTime();
      expect(await expiresAt()).toBe(start + MAX_IDLE_DAYS * DAY_MS);

      // Within the hour: no write, no new cookie.
      time.advance(59 * 60_000);
      const early = await auth.getSession(request(cookie));
      expect(early.user?.id).toBe(userId);
      expect(sessionSetCookie(early.headers)).toBeUndefined();
      expect(await expiresAt()).toBe(start + MAX_IDLE_DAYS * DAY_MS);

      // An hour after the last write: pushed forward, and the cookie is re-sent.
      time.advance(60_000);
      const slid = await auth.getSession(request(cookie));
      expect(slid.user?.id).toBe(userId);
      expect(sessionSetCookie(slid.headers)).toMatch(new RegExp(`^${cookie.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")};`));
      expect(await expiresAt()).toBe(time.time + MAX_IDLE_DAYS * DAY_MS);
      const slidTo = await expiresAt();

      time.advance(HOUR_MS - 1);
      const again = await auth.getSession(request(cookie));
      expect(sessionSetCookie(again.headers)).toBeUndefined();
      expect(await expiresAt()).toBe(slidTo);

      // Used every 20 days, it never reaches the 30-day limit.
      for (let i = 0; i < 3; i += 1) {
        time.advance(20 * DAY_MS);
        expect((await auth.getSession(request(cookie))).user?.id).toBe(userId);
      }
      expect(time.time - start).toBeGreaterThan(MAX_IDLE_DAYS * DAY_MS);
    });
  });

  describe("password reset", () => {
    /** Runs requestPasswordReset and returns what it wrote to the log (no SMTP_URL in tests). */
    async function requestReset(auth: Auth, email: string): Promise<string[]> {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      try {
        await auth.requestPasswordReset(request(), email);
        return log.mock.calls.map((args) => args.map(String).join(" "));
      } finally {
        log.mockRestore();
      }
    }

    function tokenFrom(lines: string[]): string {
      expect(lines).toHaveLength(1);
      const link = /(https?:\/\/\S+)/.exec(lines[0]!)?.[1];
      expect(link).toBeDefined();
      const url = new URL(link!);
      // Issue #13: the configured origin, never the request's (this request says localhost).
      expect(url.origin).toBe(publicOrigin());
      expect(url.pathname).toBe("/login");
      const token = url.searchParams.get("reset");
      expect(token).toMatch(/^[\w-]{20,}$/);
      return token!;
    }

    it("does nothing visible for an unknown e-mail", async () => {
      const auth = makeAuth();
      const before = await owner(`SELECT count(*)::int AS n FROM guida_private.password_resets`);
      await expect(requestReset(auth, "ninguem.mesmo@exemplo.com.br")).resolves.toEqual([]);
      expect(await owner(`SELECT count(*)::int AS n FROM guida_private.password_resets`)).toEqual(before);
    });

    it("logs a link whose token sets a new password once, ending every other session", async () => {
      const auth = makeAuth();
      const { account, userId, cookie: firstDevice } = await signedUp(auth, "reset");
      const second = await auth.signIn(request(), { email: account.email, password: PASSWORD });
      if (!second.ok) throw new Error("sign-in failed");
      const secondDevice = cookieFrom(second.headers);

      const lines = await requestReset(auth, account.email.toUpperCase());
      expect(lines[0]).toContain(account.email);
      const token = tokenFrom(lines);
      // Only the token's hash is kept.
      expect(await owner(`SELECT 1 FROM guida_private.password_resets WHERE token_hash = $1`, [token])).toEqual([]);

      const NEW_PASSWORD = "nova-senha-456";
      const updated = await auth.updatePassword(request(), NEW_PASSWORD, token);
      expect(updated).toMatchObject({ ok: true });
      if (!updated.ok) return;
      // The reset signs in here, and only here.
      const here = cookieFrom(updated.headers);
      expect((await auth.getSession(request(here))).user?.id).toBe(userId);
      for (const old of [firstDevice, secondDevice]) {
        const session = await auth.getSession(request(old));
        expect(session.user).toBeNull();
        expectExpiredCookie(session.headers);
      }
      expect(await sessionRows(userId)).toHaveLength(1);

      expect(await auth.signIn(request(), { email: account.email, password: PASSWORD })).toMatchObject({
        ok: false,
        error: "invalid_credentials",
      });
      expect(await auth.signIn(request(), { email: account.email, password: NEW_PASSWORD })).toMatchObject({
        ok: true,
        value: { id: userId },
      });

      const reused = await auth.updatePassword(request(), "terceira-senha-789", token);
      expect(reused).toMatchObject({ ok: false, error: "invalid_token" });
      expect(sessionSetCookie(reused.headers)).toBeUndefined();
      expect(await auth.signIn(request(), { email: account.email, password: NEW_PASSWORD })).toMatchObject({ ok: true });
    });

    it("refuses an unknown token and a token past its hour, leaving the password as it was", async () => {
      const time = clock();
      const auth = makeAuth(time.now);
      const { account } = await signedUp(auth, "vencido");
      expect(await auth.updatePassword(request(), "nova-senha-456", "token-inventado")).toMatchObject({
        ok: false,
        error: "invalid_token",
      });

      const token = tokenFrom(await requestReset(auth, account.email));
      time.advance(HOUR_MS);
      expect(await auth.updatePassword(request(), "nova-senha-456", token)).toMatchObject({ ok: false, error: "invalid_token" });
      expect(await auth.signIn(request(), { email: account.email, password: PASSWORD })).toMatchObject({ ok: true });
      expect(await auth.signIn(request(), { email: account.email, password: "nova-senha-456" })).toMatchObject({ ok: false });

      // A fresh link used within the hour works.
      const fresh = tokenFrom(await requestReset(auth, account.email));
      time.advance(HOUR_MS - 1000);
      expect(await auth.updatePassword(request(), "nova-senha-456", fresh)).toMatchObject({ ok: true });
    });

    // Issue #13: a session alone no longer sets a password; changePassword asks for the current one.
    it("changes a signed-in user's password only with the current one; a session without a token sets none", async () => {
      const auth = makeAuth();
      const { account, userId, cookie } = await signedUp(auth, "trocar");
      expect(await auth.updatePassword(request(cookie), "nova-senha-456")).toMatchObject({ ok: false, error: "not_signed_in" });
      expect(await auth.changePassword(request(), PASSWORD, "nova-senha-456")).toMatchObject({ ok: false, error: "not_signed_in" });
      const wrong = await auth.changePassword(request(cookie), "nao-e-a-senha", "nova-senha-456");
      expect(wrong).toMatchObject({ ok: false, error: "wrong_password" });
      expect(sessionSetCookie(wrong.headers)).toBeUndefined();
      expect((await auth.getSession(request(cookie))).user?.id, "a wrong guess ends no session").toBe(userId);

      const changed = await auth.changePassword(request(cookie), PASSWORD, "nova-senha-456");
      expect(changed).toMatchObject({ ok: true });
      if (!changed.ok) return;
      expect((await auth.getSession(request(cookie))).user).toBeNull();
      expect((await auth.getSession(request(cookieFrom(changed.headers)))).user?.id).toBe(userId);
      expect(await auth.signIn(request(), { email: account.email, password: PASSWORD })).toMatchObject({ ok: false });
      expect(await auth.signIn(request(), { email: account.email, password: "nova-senha-456" })).toMatchObject({ ok: true });
    });

    it("revokes every outstanding link: a new request revokes the earlier one, a password change revokes them all", async () => {
      const auth = makeAuth();
      const { account, cookie } = await signedUp(auth, "revoga");
      const first = tokenFrom(await requestReset(auth, account.email));
      const second = tokenFrom(await requestReset(auth, account.email));
      expect(await auth.updatePassword(request(), "pelo-link-velho-1", first)).toMatchObject({ ok: false, error: "invalid_token" });

      // Changed in the profile: the link in the inbox dies with the old password.
      const changed = await auth.changePassword(request(cookie), PASSWORD, "trocada-no-perfil-2");
      expect(changed).toMatchObject({ ok: true });
      expect(await auth.updatePassword(request(), "pelo-link-novo-3", second)).toMatchObject({ ok: false, error: "invalid_token" });

      // Reset by a link: the other links go with it.
      const third = tokenFrom(await requestReset(auth, account.email));
      const fourth = tokenFrom(await requestReset(auth, account.email));
      expect(await auth.updatePassword(request(), "pelo-link-4", fourth)).toMatchObject({ ok: true });
      expect(await auth.updatePassword(request(), "pelo-link-5", third)).toMatchObject({ ok: false, error: "invalid_token" });
      expect(await owner(`SELECT count(*)::int AS n FROM guida_private.password_resets r JOIN auth.users u ON u.id = r.user_id WHERE u.email = $1`, [account.email])).toEqual([{ n: 0 }]);
      expect(await auth.signIn(request(), { email: account.email, password: "pelo-link-4" })).toMatchObject({ ok: true });
    });

    it("signs up with a phone instead of an e-mail; the same number in another spelling is taken", async () => {
      const auth = makeAuth();
      const account = newAccount("fone");
      const created = await auth.signUp(request(), { ...account, email: undefined, phone: "+5532988887777" });
      // Nothing to confirm a phone with (no SMS): signed in at once, and never confirmed.
      expect(created).toMatchObject({ ok: true, value: { user: { email: null, username: account.username } } });
      expect(created.ok && sessionSetCookie(created.headers)).toBeTruthy();
      expect(await owner(`SELECT email_confirmed_at FROM auth.users u JOIN public.profiles p ON p.id = u.id WHERE p.username = $1`, [account.username])).toEqual([{ email_confirmed_at: null }]);
      for (const phone of ["(32) 98888-7777", "32988887777", "+55 32 98888-7777"]) {
        expect(await auth.signIn(request(), { phone, password: PASSWORD }), phone).toMatchObject({ ok: true });
      }
      const count = async () => (await owner<{ n: number }>(`SELECT count(*)::int AS n FROM auth.users`))[0]!.n;
      const before = await count();
      const again = await auth.signUp(request(), { ...newAccount("fone"), email: undefined, phone: "+5532988887777" });
      expect(again).toMatchObject({ ok: false, error: "phone_taken" });
      expect(await count(), "no half-made account").toBe(before);
    });
  });
});
