import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSupabaseAuth } from "#server/auth/supabase";
import type { Auth } from "#server/auth/types";
import type { Database } from "#server/db/types";
import { publicOrigin } from "#server/web/origin";
import { openTestDatabase, type TestDatabase } from "./db";
import { startSupabaseAuthStandIn, type SupabaseAuthStandIn } from "./fixtures/supabase-auth-stand-in";

// Contract tests of the Supabase adapter against a local stand-in for Supabase Auth (GoTrue),
// not the real service. The profiles come from a real migrated database: the stand-in inserts
// auth.users rows as GoTrue would, and our trigger creates the profile.

const APP = "http://guida.test";
// supabase-js names the cookie after the first label of the project host: 127.0.0.1 → "127".
const SESSION_COOKIE = "sb-127-auth-token";

/** A browser's cookie store, just enough of one: Set-Cookie in, Cookie header out. */
class CookieJar {
  readonly values = new Map<string, string>();

  apply(headers: Headers): this {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const expired = attributes.some((a) => /^max-age=(0|-\d+)$/i.test(a));
      if (expired) this.values.delete(name);
      else this.values.set(name, pair.slice(index + 1));
    }
    return this;
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  names(): string[] {
    return [...this.values.keys()];
  }
}

function request(path: string, jar?: CookieJar, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (jar && jar.values.size > 0) headers.set("Cookie", jar.header());
  return new Request(`${APP}${path}`, { ...init, headers });
}

/** name → the whole Set-Cookie line, for asserting attributes. */
function setCookies(headers: Headers): Map<string, string> {
  return new Map(headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));
}

const isSessionCookie = (name: string) => name === SESSION_COOKIE || /^sb-127-auth-token\.\d+$/.test(name);

/** The jar with its session cookie carrying `accessToken` and the session's `expiresAt` (seconds). */
function withAccessToken(jar: CookieJar, accessToken: string, expiresAt: number): CookieJar {
  const [name = "", value = ""] = [...jar.values].find(([n]) => isSessionCookie(n)) ?? [];
  const session = JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8")) as Record<string, unknown>;
  const copy = new CookieJar();
  copy.values.set(name, `base64-${Buffer.from(JSON.stringify({ ...session, access_token: accessToken, expires_at: expiresAt })).toString("base64url")}`);
  return copy;
}

let standIn: SupabaseAuthStandIn;
let database: TestDatabase;
let auth: Auth;
let seq = 0;

/** A fresh account each time, so tests do not depend on each other's users. */
function newAccount() {
  seq += 1;
  return {
    email: `pessoa${seq}@example.com`,
    password: "senha-forte-123",
    fullName: `Pessoa ${seq}`,
    username: `pessoa_${seq}`,
  };
}

async function signedIn(account = newAccount()): Promise<{ jar: CookieJar; account: typeof account; userId: string }> {
  const result = await auth.signUp(request("/signup", undefined, { method: "POST" }), account);
  if (!result.ok) throw new Error(`sign-up failed: ${result.error}`);
  if (!result.value.user) throw new Error("sign-up waits for a confirmation link");
  return { jar: new CookieJar().apply(result.headers), account, userId: result.value.user.id };
}

beforeAll(async () => {
  database = await openTestDatabase("pglite");
  const db: Database = database.db;
  standIn = await startSupabaseAuthStandIn({
    // GoTrue's own insert into auth.users, which fires our handle_new_user trigger.
    async onUserCreated(user) {
      await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
        user.id,
        user.email,
        JSON.stringify(user.userMetadata),
      ]);
    },
  });
  auth = createSupabaseAuth({ url: standIn.url, anonKey: standIn.anonKey, getDb: async () => db });
});

afterAll(async () => {
  await standIn?.close();
  await database?.dispose();
});

beforeEach(() => {
  standIn.state.accessTokenTtl = 3600;
  standIn.state.failWith = null;
});

describe("Supabase auth adapter (against a GoTrue stand-in)", () => {
  it("builds a client on this Node without a WebSocket and answers anonymous visitors without a round trip", async () => {
    const before = standIn.requests.length;
    const session = await auth.getSession(request("/"));
    expect(session).toMatchObject({ user: null, claims: { role: "anon" } });
    expect(standIn.requests.length).toBe(before);
    // Building a client works even where there is no global WebSocket (Node 20).
    const url = await auth.googleSignInUrl(request("/login"));
    expect(url?.ok).toBe(true);
  });

  it("signs up, then getSession returns the user with the profile the trigger created", async () => {
    const account = newAccount();
    const result = await auth.signUp(request("/signup", undefined, { method: "POST" }), account);
    expect(result).toMatchObject({
      ok: true,
      value: { user: { email: account.email, fullName: account.fullName, username: account.username, avatarUrl: null } },
    });
    if (!result.ok || !result.value.user) return;
    const userId = result.value.user.id;
    const signup = standIn.calls("POST", "/auth/v1/signup").at(-1);
    expect(signup?.body).toMatchObject({
      email: account.email,
      password: account.password,
      data: { full_name: account.fullName, username: account.username },
    });

    const jar = new CookieJar().apply(result.headers);
    expect(jar.names().some(isSessionCookie)).toBe(true);
    const session = await auth.getSession(request("/", jar));
    expect(session.user).toEqual({
      id: userId,
      email: account.email,
      fullName: account.fullName,
      username: account.username,
      avatarUrl: null,
    });
    expect(session.claims).toEqual({ role: "authenticated", sub: userId, email: account.email });
  });

  it("refuses a taken username before calling Supabase, answers a taken e-mail as a new one, and maps a weak password", async () => {
    const { account } = await signedIn();
    const signups = standIn.calls("POST", "/auth/v1/signup").length;
    const taken = await auth.signUp(request("/signup"), { ...newAccount(), username: account.username.toUpperCase() });
    expect(taken).toMatchObject({ ok: false, error: "username_taken" });
    expect(standIn.calls("POST", "/auth/v1/signup").length).toBe(signups);

    // Issue #25: "enviamos um link", whatever GoTrue said about the address.
    const sameEmail = await auth.signUp(request("/signup"), { ...newAccount(), email: account.email });
    expect(sameEmail).toMatchObject({ ok: true, value: { user: null, confirmEmail: account.email } });

    const weak = await auth.signUp(request("/signup"), { ...newAccount(), password: "123" });
    expect(weak).toMatchObject({ ok: false, error: "weak_password" });
    expect(weak.headers.getSetCookie().filter((c) => isSessionCookie(c.split("=")[0] ?? ""))).toEqual([]);
  });

  it("signs in with sb-<ref>-auth-token cookies that a following request turns back into the user", async () => {
    const { account, userId } = await signedIn();
    const result = await auth.signIn(request("/login", undefined, { method: "POST" }), {
      email: account.email,
      password: account.password,
    });
    expect(result).toMatchObject({ ok: true, value: { id: userId, username: account.username } });
    const written = setCookies(result.headers);
    const sessionCookies = [...written.keys()].filter(isSessionCookie);
    expect(sessionCookies.length).toBeGreaterThan(0);
    expect([...written.keys()].every((name) => name.startsWith("sb-"))).toBe(true);
    for (const name of sessionCookies) {
      const line = written.get(name) ?? "";
      expect(line).toContain("Path=/");
      expect(line).toContain("HttpOnly");
      expect(line).toContain("SameSite=Lax");
      expect(line).not.toContain("Secure"); // plain http here; Secure behind HTTPS
      expect(line).toMatch(/Max-Age=\d{6,}/);
    }
    // @supabase/ssr's instruction: a response that sets auth cookies must not be cached.
    expect(result.headers.get("Cache-Control")).toContain("no-store");

    const jar = new CookieJar().apply(result.headers);
    const session = await auth.getSession(request("/", jar));
    expect(session.user).toMatchObject({ id: userId, email: account.email, fullName: account.fullName });
    expect(session.claims).toEqual({ role: "authenticated", sub: userId, email: account.email });
    // Nothing changed, so nothing is rewritten.
    expect(session.headers.getSetCookie()).toEqual([]);
  });

  it("verifies the session against the project's published keys, without asking the Auth server each request", async () => {
    const { jar, userId } = await signedIn();
    const userCalls = standIn.calls("GET", "/auth/v1/user").length;
    for (let i = 0; i < 3; i += 1) expect((await auth.getSession(request("/", jar))).user?.id).toBe(userId);
    expect(standIn.calls("GET", "/auth/v1/user").length).toBe(userCalls);
    // The JWKS was fetched (and is cached), not once per request.
    const jwksCalls = standIn.calls("GET", "/auth/v1/.well-known/jwks.json").length;
    expect(jwksCalls).toBeGreaterThanOrEqual(1);
    expect(jwksCalls).toBeLessThanOrEqual(2);
  });

  it("refuses an access token signed by a key the project never published, or expired, and drops the cookie", async () => {
    const { jar, userId } = await signedIn();
    const now = Math.floor(Date.now() / 1000);
    const attempts = {
      foreignKey: standIn.accessToken(userId, {}, "foreignKey"),
      expired: standIn.accessToken(userId, { iat: now - 7200, exp: now - 3600 }),
    };
    for (const [how, token] of Object.entries(attempts)) {
      // The cookie claims a session valid for an hour, so nothing is refreshed: the token itself is judged.
      const forged = withAccessToken(jar, token, now + 3600);
      const result = await auth.getSession(request("/", forged));
      expect(result, how).toMatchObject({ user: null, claims: { role: "anon" } });
      expect(setCookies(result.headers).get(SESSION_COOKIE), how).toMatch(/Max-Age=0/);
    }
    // The genuine token of the same session is still accepted.
    const genuine = withAccessToken(jar, standIn.accessToken(userId), now + 3600);
    expect((await auth.getSession(request("/", genuine))).user?.id).toBe(userId);
  });

  it("secures the cookies when the request came over HTTPS", async () => {
    const { account } = await signedIn();
    const result = await auth.signIn(new Request("https://guida.test/login", { method: "POST" }), {
      email: account.email,
      password: account.password,
    });
    const lines = result.headers.getSetCookie();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toContain("Secure");
  });

  it("answers a wrong password or an unknown e-mail with invalid_credentials and no cookies", async () => {
    const { account } = await signedIn();
    const wrong = await auth.signIn(request("/login"), { email: account.email, password: "not-the-password" });
    expect(wrong).toMatchObject({ ok: false, error: "invalid_credentials" });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const unknown = await auth.signIn(request("/login"), { email: "ninguem@example.com", password: "whatever-123" });
    expect(unknown).toMatchObject({ ok: false, error: "invalid_credentials" });
  });

  it("needs an e-mail or phone plus a password", async () => {
    const before = standIn.requests.length;
    const result = await auth.signIn(request("/login"), { password: "" });
    expect(result).toMatchObject({
      ok: false,
      error: "invalid_credentials",
      message: "You must provide either an email or phone number and a password",
    });
    expect(standIn.requests.length).toBe(before);
  });

  it("reports an Auth outage as unavailable (and logs it), not as bad credentials", async () => {
    const { account } = await signedIn();
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    standIn.state.failWith = 503;
    const result = await auth.signIn(request("/login"), { email: account.email, password: account.password });
    expect(result).toMatchObject({ ok: false, error: "unavailable" });
    expect(logged).toHaveBeenCalled();
  });

  it("signs out: calls /logout with the session's token and expires every sb- cookie", async () => {
    const { jar, userId } = await signedIn();
    jar.values.set("sb-other-thing", "x"); // an sb- cookie the library knows nothing about
    jar.values.set("theme", "dark");
    expect(standIn.liveSessions(userId)).toBe(1);

    const headers = await auth.signOut(request("/logout", jar, { method: "POST" }));
    const logout = standIn.calls("POST", "/auth/v1/logout").at(-1);
    expect(logout?.query.get("scope")).toBe("local");
    expect(logout?.headers.authorization).toMatch(/^Bearer /);
    expect(standIn.liveSessions(userId)).toBe(0);

    const written = setCookies(headers);
    for (const name of jar.names().filter((n) => n.startsWith("sb-"))) {
      expect(written.get(name), name).toMatch(/Max-Age=0/);
      expect(written.get(name)).toContain("Path=/");
    }
    expect(written.has("theme")).toBe(false);
    expect(headers.get("Cache-Control")).toContain("no-store");

    jar.apply(headers);
    expect(jar.names()).toEqual(["theme"]);
    expect((await auth.getSession(request("/", jar))).user).toBeNull();
  });

  it("refreshes an access token near expiry and hands back the new cookies", async () => {
    // supabase-js treats a token within 90 s of expiry as expired and refreshes it first.
    standIn.state.accessTokenTtl = 30;
    const { jar, userId } = await signedIn();
    const oldCookies = new Map(jar.values);
    const refreshes = standIn.calls("POST", "/auth/v1/token").filter((r) => r.query.get("grant_type") === "refresh_token").length;

    const session = await auth.getSession(request("/", jar));
    expect(session.user?.id).toBe(userId);
    const refreshCalls = standIn.calls("POST", "/auth/v1/token").filter((r) => r.query.get("grant_type") === "refresh_token");
    expect(refreshCalls.length).toBe(refreshes + 1);
    const written = [...setCookies(session.headers).keys()].filter(isSessionCookie);
    expect(written.length).toBeGreaterThan(0);
    expect(session.headers.get("Cache-Control")).toContain("no-store");
    jar.apply(session.headers);
    expect(jar.values).not.toEqual(oldCookies);

    // The rotated session works; the old refresh token no longer does.
    standIn.state.accessTokenTtl = 3600;
    expect((await auth.getSession(request("/", jar))).user?.id).toBe(userId);
  });

  it("yields no user for a forged session cookie and stops the browser sending it", async () => {
    const { jar } = await signedIn();
    const [name = "", value = ""] = [...jar.values].find(([n]) => isSessionCookie(n)) ?? [];
    const session = JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8")) as {
      access_token: string;
    };
    const [head, payload] = session.access_token.split(".");
    const forged = { ...session, access_token: `${head}.${payload}.AAAA` };
    const forgedJar = new CookieJar();
    forgedJar.values.set(name, `base64-${Buffer.from(JSON.stringify(forged)).toString("base64url")}`);

    const result = await auth.getSession(request("/", forgedJar));
    expect(result).toMatchObject({ user: null, claims: { role: "anon" } });
    expect(setCookies(result.headers).get(name)).toMatch(/Max-Age=0/);
  });

  it("requests a password reset with redirect_to <origin>/login and says nothing about existence", async () => {
    const { account } = await signedIn();
    const before = standIn.calls("POST", "/auth/v1/recover").length;
    const req = request("/forgot-password", undefined, { method: "POST" });
    await expect(auth.requestPasswordReset(req, account.email)).resolves.toBeUndefined();
    await expect(auth.requestPasswordReset(request("/forgot-password"), "ninguem@example.com")).resolves.toBeUndefined();
    const calls = standIn.calls("POST", "/auth/v1/recover").slice(before);
    expect(calls.map((c) => c.body?.email)).toEqual([account.email, "ninguem@example.com"]);
    for (const call of calls) {
      expect(call.query.get("redirect_to")).toBe(`${publicOrigin()}/login`);
      expect(call.query.get("redirect_to")).toMatch(/\/login$/);
    }
  });

  it("logs a failed reset request but never throws", async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    standIn.state.failWith = 500;
    await expect(auth.requestPasswordReset(request("/forgot-password"), "alguem@example.com")).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("refuses a new password without the link's token from an ordinary session, and leaves the password as it was", async () => {
    const { jar, account } = await signedIn();
    const puts = standIn.calls("PUT", "/auth/v1/user").length;
    const result = await auth.updatePassword(request("/login", jar, { method: "POST" }), "senha-do-invasor-456");
    // The local adapter's refusal for the same request: "open the e-mailed link".
    expect(result).toMatchObject({ ok: false, error: "not_signed_in" });
    expect(standIn.calls("PUT", "/auth/v1/user").length).toBe(puts);
    expect((await auth.signIn(request("/login"), { email: account.email, password: "senha-do-invasor-456" })).ok).toBe(false);
    expect((await auth.signIn(request("/login"), { email: account.email, password: account.password })).ok).toBe(true);
  });

  it("sets a new password without the token from the session the reset link opened (amr otp), with PUT /user", async () => {
    const { account, userId } = await signedIn();
    await auth.requestPasswordReset(request("/login"), account.email);
    // The e-mailed link in the implicit flow: GoTrue redirects with the session in the fragment,
    // which /auth/callback's page posts back (acceptTokens).
    const link = await fetch(`${standIn.url}/auth/v1/verify?type=recovery&token=${standIn.recoveryTokens.get(account.email)}&redirect_to=${encodeURIComponent(`${APP}/auth/callback`)}`, { redirect: "manual" });
    const fragment = new URLSearchParams(new URL(link.headers.get("Location") ?? "").hash.slice(1));
    expect(fragment.get("type")).toBe("recovery");
    const accepted = await auth.acceptTokens(request("/auth/callback", undefined, { method: "POST" }), {
      accessToken: fragment.get("access_token") ?? "",
      refreshToken: fragment.get("refresh_token") ?? "",
    });
    expect(accepted.ok).toBe(true);
    const jar = new CookieJar().apply(accepted.headers);
    expect((await auth.getSession(request("/", jar))).user?.id).toBe(userId);

    const weak = await auth.updatePassword(request("/login", jar), "123");
    expect(weak).toMatchObject({ ok: false, error: "weak_password" });
    const result = await auth.updatePassword(request("/login", jar, { method: "POST" }), "outra-senha-456");
    expect(result).toMatchObject({ ok: true });
    const put = standIn.calls("PUT", "/auth/v1/user").at(-1);
    expect(put?.body).toMatchObject({ password: "outra-senha-456" });
    expect(put?.headers.authorization).toMatch(/^Bearer /);
    expect((await auth.signIn(request("/login"), { email: account.email, password: account.password })).ok).toBe(false);
    expect((await auth.signIn(request("/login"), { email: account.email, password: "outra-senha-456" })).ok).toBe(true);
  });

  it("changes a signed-in user's password only with the right current one, checked by a sign-in that writes no cookie", async () => {
    const { jar, account, userId } = await signedIn();
    const puts = standIn.calls("PUT", "/auth/v1/user").length;
    const wrong = await auth.changePassword(request("/edit-profile", jar, { method: "POST" }), "nao-e-a-senha", "senha-nova-789");
    expect(wrong).toMatchObject({ ok: false, error: "wrong_password" });
    expect(standIn.calls("PUT", "/auth/v1/user").length).toBe(puts);
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const right = await auth.changePassword(request("/edit-profile", jar, { method: "POST" }), account.password, "senha-nova-789");
    expect(right).toMatchObject({ ok: true });
    // The browser keeps its own session; the check's sign-in does not stay open at GoTrue.
    expect((await auth.getSession(request("/", jar.apply(right.headers)))).user?.id).toBe(userId);
    expect(standIn.liveSessions(userId)).toBe(1);
    expect((await auth.signIn(request("/login"), { email: account.email, password: account.password })).ok).toBe(false);
    expect((await auth.signIn(request("/login"), { email: account.email, password: "senha-nova-789" })).ok).toBe(true);
  });

  it("with the project's e-mail confirmation on: no session at sign-up, a taken address answered alike, sign-in refused until the link", async () => {
    standIn.state.confirmEmails = true;
    try {
      const account = newAccount();
      const fresh = await auth.signUp(request("/login", undefined, { method: "POST" }), account);
      // The link GoTrue mails comes back to /auth/callback on the configured origin.
      expect(standIn.calls("POST", "/auth/v1/signup").at(-1)?.query.get("redirect_to")).toBe(`${publicOrigin()}/auth/callback`);
      const taken = await auth.signUp(request("/login", undefined, { method: "POST" }), { ...newAccount(), email: account.email });
      for (const outcome of [fresh, taken]) {
        expect(outcome).toMatchObject({ ok: true, value: { user: null, confirmEmail: account.email } });
        expect(outcome.headers.getSetCookie().filter((c) => isSessionCookie(c.split("=")[0] ?? ""))).toEqual([]);
      }

      const early = await auth.signIn(request("/login"), { email: account.email, password: account.password });
      expect(early).toMatchObject({ ok: false, error: "email_not_confirmed" });

      await auth.resendConfirmation(request("/login"), account.email);
      expect(standIn.calls("POST", "/auth/v1/resend").at(-1)?.body).toMatchObject({ type: "signup", email: account.email });
      // A template linking to /login?confirmar={{ .TokenHash }}: the page's button verifies it.
      const confirmed = await auth.confirmEmail(request("/login", undefined, { method: "POST" }), standIn.confirmationTokens.get(account.email)!);
      expect(confirmed).toMatchObject({ ok: true, value: { email: account.email, changed: false } });
      expect((await auth.confirmEmail(request("/login"), "ficha-usada")).ok).toBe(false);
      expect(await auth.signIn(request("/login"), { email: account.email, password: account.password })).toMatchObject({ ok: true });
    } finally {
      standIn.state.confirmEmails = false;
    }
  });

  it("signs up by phone with the E.164 number, and signs in with it typed the way people type it", async () => {
    const account = { ...newAccount(), email: undefined, phone: "+5535998760001" };
    const result = await auth.signUp(request("/login", undefined, { method: "POST" }), account);
    expect(result.ok).toBe(true);
    expect(standIn.calls("POST", "/auth/v1/signup").at(-1)?.body).toMatchObject({ phone: "+5535998760001", password: account.password });
    for (const typed of ["(35) 99876-0001", "35 99876-0001", "+55 35 99876-0001"]) {
      const signIn = await auth.signIn(request("/login"), { phone: typed, password: account.password });
      expect(signIn, typed).toMatchObject({ ok: true });
      expect(standIn.calls("POST", "/auth/v1/token").at(-1)?.body, typed).toMatchObject({ phone: "+5535998760001" });
    }
  });

  it("refuses to update a password without a session", async () => {
    const result = await auth.updatePassword(request("/account/password"), "outra-senha-456");
    expect(result).toMatchObject({ ok: false, error: "not_signed_in" });
  });

  it("updates the password from a recovery token hash (the reset link) and signs the user in", async () => {
    const { account, userId } = await signedIn();
    await auth.requestPasswordReset(request("/forgot-password"), account.email);
    const tokenHash = standIn.recoveryTokens.get(account.email);
    expect(tokenHash).toBeTruthy();

    const result = await auth.updatePassword(request("/login?reset=x"), "recuperada-789", tokenHash);
    expect(result).toMatchObject({ ok: true });
    const jar = new CookieJar().apply(result.headers);
    expect((await auth.getSession(request("/", jar))).user?.id).toBe(userId);
    const fresh = await auth.signIn(request("/login"), { email: account.email, password: "recuperada-789" });
    expect(fresh.ok).toBe(true);

    // The link is single-use.
    const again = await auth.updatePassword(request("/login"), "mais-uma-000", tokenHash);
    expect(again).toMatchObject({ ok: false, error: "invalid_token" });
  });

  it("builds the Google sign-in URL (no network call) and sets the PKCE code-verifier cookie", async () => {
    const before = standIn.requests.length;
    const req = request("/login");
    const result = await auth.googleSignInUrl(req);
    expect(standIn.requests.length).toBe(before);
    expect(result?.ok).toBe(true);
    if (!result?.ok) return;
    const url = new URL(result.value);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/auth/v1/authorize`);
    expect(url.searchParams.get("provider")).toBe("google");
    expect(url.searchParams.get("redirect_to")).toBe(`${publicOrigin()}/auth/callback`);
    expect(url.searchParams.get("prompt")).toBe("select_account");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("code_challenge_method")).toBe("s256");

    const written = setCookies(result.headers);
    const verifier = written.get(`${SESSION_COOKIE}-code-verifier`);
    expect(verifier).toBeDefined();
    expect(verifier).toContain("HttpOnly");
    expect(verifier).toContain("SameSite=Lax"); // sent back on the top-level redirect from Google
    expect([...written.keys()].some(isSessionCookie)).toBe(false);
  });

  it("exchanges the callback code with the verifier cookie for a session (Google user gets a profile)", async () => {
    const start = await auth.googleSignInUrl(request("/login"));
    if (!start?.ok) throw new Error("no sign-in URL");
    const jar = new CookieJar().apply(start.headers);

    // The browser's trip through Supabase and Google, which the stand-in plays in one redirect.
    const authorize = await fetch(start.value, { redirect: "manual" });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get("Location") ?? "");
    expect(callback.pathname).toBe("/auth/callback");
    const code = callback.searchParams.get("code") ?? "";

    const result = await auth.exchangeCode(request(`/auth/callback?code=${code}`, jar), code);
    expect(result).toMatchObject({ ok: true });
    const exchange = standIn.calls("POST", "/auth/v1/token").at(-1);
    expect(exchange?.query.get("grant_type")).toBe("pkce");
    expect(exchange?.body).toMatchObject({ auth_code: code });
    expect(String(exchange?.body?.code_verifier)).toMatch(/^[0-9a-f]{112}$/);

    const written = setCookies(result.headers);
    expect([...written.keys()].some(isSessionCookie)).toBe(true);
    expect(written.get(`${SESSION_COOKIE}-code-verifier`)).toMatch(/Max-Age=0/); // spent
    jar.apply(result.headers);

    const session = await auth.getSession(request("/", jar));
    expect(session.user).toMatchObject({
      email: "google.user@example.com",
      fullName: "Usuária Google",
      avatarUrl: "https://lh3.example/photo.png",
    });
    expect(session.user?.username).toMatch(/^user_[0-9a-f]{12}$/);
  });

  it("logs a failed code exchange and answers invalid_token", async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    // No verifier cookie: this browser never started the flow.
    const result = await auth.exchangeCode(request("/auth/callback?code=abc"), "abc");
    expect(result).toMatchObject({ ok: false, error: "invalid_token" });
    expect(logged).toHaveBeenCalledTimes(1);

    // A verifier that does not match the code's challenge.
    const start = await auth.googleSignInUrl(request("/login"));
    if (!start?.ok) throw new Error("no sign-in URL");
    const other = await auth.googleSignInUrl(request("/login"));
    if (!other?.ok) throw new Error("no sign-in URL");
    const authorize = await fetch(start.value, { redirect: "manual" });
    const code = new URL(authorize.headers.get("Location") ?? "").searchParams.get("code") ?? "";
    const mismatch = await auth.exchangeCode(request("/auth/callback", new CookieJar().apply(other.headers)), code);
    expect(mismatch).toMatchObject({ ok: false, error: "invalid_token" });
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it("turns tokens from an implicit-flow URL fragment into session cookies, and refuses forged ones", async () => {
    const { jar, userId } = await signedIn();
    const [, value = ""] = [...jar.values].find(([n]) => isSessionCookie(n)) ?? [];
    const session = JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8")) as {
      access_token: string;
      refresh_token: string;
    };
    const result = await auth.acceptTokens(request("/auth/callback", undefined, { method: "POST" }), {
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
    });
    expect(result.ok).toBe(true);
    const fresh = await auth.getSession(request("/", new CookieJar().apply(result.headers)));
    expect(fresh.user?.id).toBe(userId);

    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const [head, payload] = session.access_token.split(".");
    const forged = await auth.acceptTokens(request("/auth/callback", undefined, { method: "POST" }), {
      accessToken: `${head}.${payload}.AAAA`,
      refreshToken: "nope",
    });
    expect(forged).toMatchObject({ ok: false, error: "invalid_token" });
    expect(logged).toHaveBeenCalled();
  });
});

describe("Supabase auth adapter on a project still signing with the legacy JWT secret (GoTrue stand-in)", () => {
  let legacy: SupabaseAuthStandIn;
  let legacyAuth: Auth;
  beforeAll(async () => {
    legacy = await startSupabaseAuthStandIn({
      signing: "HS256",
      async onUserCreated(user) {
        await database.db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
          user.id,
          user.email,
          JSON.stringify(user.userMetadata),
        ]);
      },
    });
    legacyAuth = createSupabaseAuth({ url: legacy.url, anonKey: legacy.anonKey, getDb: async () => database.db });
  });
  afterAll(async () => {
    await legacy?.close();
  });

  it("has no public key to verify with, so each request asks the Auth server (GET /user) with the cookie's token", async () => {
    const account = { email: "legado@example.com", password: "senha-forte-123", fullName: "Pessoa Legado", username: "pessoa_legado" };
    const result = await legacyAuth.signUp(request("/signup", undefined, { method: "POST" }), account);
    if (!result.ok) throw new Error(`sign-up failed: ${result.error}`);
    const jar = new CookieJar().apply(result.headers);
    const before = legacy.calls("GET", "/auth/v1/user").length;
    const session = await legacyAuth.getSession(request("/", jar));
    expect(session.user).toMatchObject({ id: result.value.user?.id, username: account.username });
    const check = legacy.calls("GET", "/auth/v1/user").slice(before);
    expect(check).toHaveLength(1);
    expect(check[0]?.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    // A token the server rejects ends the session here too.
    const [head, payload] = (JSON.parse(Buffer.from([...jar.values].find(([n]) => isSessionCookie(n))![1].replace(/^base64-/, ""), "base64url").toString("utf8")) as { access_token: string }).access_token.split(".");
    const forged = withAccessToken(jar, `${head}.${payload}.AAAA`, Math.floor(Date.now() / 1000) + 3600);
    const refused = await legacyAuth.getSession(request("/", forged));
    expect(refused).toMatchObject({ user: null, claims: { role: "anon" } });
  });
});
