import { createServerClient, type CookieOptions } from "@supabase/ssr";
import {
  isAuthApiError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type AuthError,
  type SupabaseClient,
  type User,
  type WebSocketLikeConstructor,
} from "@supabase/supabase-js";
import { parseCookieHeader, serializeCookie } from "#core/cookies";
import { normalizeBrazilianPhone } from "#core/phone";
import { ANON, type Database } from "../db";
import { isHttps, publicOrigin } from "../web/origin";
import type { Auth, AuthErrorCode, AuthResult, SessionUser, SignUpOutcome } from "./types";

export type SupabaseAuthOptions = {
  url: string;
  anonKey: string;
  getDb: () => Promise<Database>;
  /** Tests point this at a stand-in; production uses the global fetch. */
  fetch?: typeof fetch;
};

/**
 * supabase-js builds a RealtimeClient inside createClient(), and realtime-js looks up a
 * WebSocket constructor right away: Node 20 has no global WebSocket, so without a transport
 * client creation itself throws ("Node.js detected but native WebSocket not found"). The
 * server never subscribes to realtime and `ws` is not a dependency, so this class only
 * satisfies that lookup; it throws if anything ever tries to open a socket with it.
 */
class NoServerWebSocket {
  constructor(address: string | URL) {
    throw new Error(`Supabase Realtime is not used on the server (tried to open ${String(address)})`);
  }
}
const realtimeTransport = NoServerWebSocket as unknown as WebSocketLikeConstructor;

/** What @supabase/ssr hands setAll when auth cookies change (so CDNs never cache a session). */
const NO_STORE_HEADERS: Record<string, string> = {
  "Cache-Control": "private, no-cache, no-store, must-revalidate, max-age=0",
  Expires: "0",
  Pragma: "no-cache",
};

/**
 * Collects what the Supabase client wants written during one request. Keyed by cookie name
 * because @supabase/ssr may write the same cookie more than once (e.g. the PKCE verifier, then
 * the session that replaces it): the last write is the one the browser must keep.
 */
class ResponseCookies {
  private readonly cookies = new Map<string, string>();
  private readonly extra = new Map<string, string>();

  set(name: string, value: string, options: CookieOptions): void {
    this.cookies.set(name, serializeSupabaseCookie(name, value, options));
    // Any response that sets or clears auth cookies must not be cached by a shared cache.
    for (const [key, header] of Object.entries(NO_STORE_HEADERS)) this.extra.set(key, header);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  header(name: string, value: string): void {
    this.extra.set(name, value);
  }

  /** A snapshot: writes arriving after the response was built cannot mutate it. */
  toHeaders(): Headers {
    const headers = new Headers();
    for (const [name, value] of this.extra) headers.set(name, value);
    for (const cookie of this.cookies.values()) headers.append("Set-Cookie", cookie);
    return headers;
  }
}

/** Maps the `cookie`-package options @supabase/ssr passes (lower-case sameSite, maxAge, …) onto ours. */
function serializeSupabaseCookie(name: string, value: string, options: CookieOptions): string {
  const sameSite = options.sameSite === true ? "strict" : options.sameSite || undefined;
  return serializeCookie(name, value, {
    path: options.path,
    domain: options.domain,
    maxAge: options.maxAge,
    expires: options.expires,
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: sameSite ? (`${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1).toLowerCase()}` as "Lax" | "Strict" | "None") : undefined,
    partitioned: options.partitioned,
  });
}

type ProfileRow = { fullName: string; username: string; avatarUrl: string | null };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * How GoTrue marks the session an e-mailed link opened: "recovery" (the link's code exchanged
 * in the PKCE flow) or "otp" (its token verified, or the implicit flow's redirect). GoTrue
 * itself counts these, and "magiclink", as a recovery session (models.Session.IsRecovery);
 * Guida sends no magic links, so a session that began any other way is not one.
 */
const RECOVERY_METHODS = new Set(["recovery", "otp"]);

/** `amr` as GoTrue writes it ([{ method, timestamp }]) or as a custom access-token hook may (["otp"]). */
function cameFromRecoveryLink(claims: { amr?: unknown }): boolean {
  if (!Array.isArray(claims.amr)) return false;
  return claims.amr.some((entry: unknown) => {
    const method = typeof entry === "string" ? entry : (entry as { method?: unknown } | null)?.method;
    return typeof method === "string" && RECOVERY_METHODS.has(method);
  });
}

/** Rate limits, 5xx and network failures are the service's problem, not the user's input. */
function isUnavailable(error: AuthError): boolean {
  if (isAuthRetryableFetchError(error)) return true;
  const status = error.status ?? 0;
  return status >= 500 || status === 429;
}

type Project = SupabaseAuthOptions & {
  /** The session's cookie (`sb-<project-ref>-auth-token`) or one of its chunks. */
  isSessionCookie(name: string): boolean;
};

function clientFor(project: Project, request: Request): { supabase: SupabaseClient; cookies: ResponseCookies } {
  const cookies = new ResponseCookies();
  const supabase = createServerClient(project.url, project.anonKey, {
    cookies: {
      getAll: () =>
        [...parseCookieHeader(request.headers.get("Cookie"))].map(([name, value]) => ({ name, value })),
      setAll: (toSet, headers) => {
        for (const { name, value, options: cookieOptions } of toSet) cookies.set(name, value, cookieOptions);
        for (const [name, value] of Object.entries(headers ?? {})) cookies.header(name, value);
      },
    },
    // Only the server reads these cookies (there is no browser Supabase client), so page
    // scripts never need the tokens: HttpOnly keeps them out of reach of injected script.
    cookieOptions: { httpOnly: true, secure: isHttps(request), sameSite: "lax", path: "/" },
    auth: { flowType: "pkce" },
    realtime: { transport: realtimeTransport },
    ...(project.fetch ? { global: { fetch: project.fetch } } : {}),
  });
  return { supabase, cookies };
}

/**
 * The profile row the app shows; Supabase's user metadata only if the row is missing.
 * Takes a User (sign-in, sign-up) or verified JWT claims (sub, email, user_metadata).
 */
async function toSessionUser(project: Project, user: Pick<User, "id" | "email" | "user_metadata">): Promise<SessionUser> {
  const db = await project.getDb();
  const [profile] = await db.query<ProfileRow>(
    `SELECT full_name AS "fullName", username, avatar_url AS "avatarUrl" FROM public.profiles WHERE id = $1`,
    [user.id],
  );
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  return {
    id: user.id,
    email: user.email || null,
    fullName: profile?.fullName ?? text(meta.full_name) ?? text(meta.name) ?? (user.email ?? "").split("@")[0] ?? "",
    username: profile?.username ?? text(meta.username) ?? "",
    avatarUrl: profile?.avatarUrl ?? text(meta.avatar_url) ?? null,
  };
}

async function usernameTaken(project: Project, username: string): Promise<boolean> {
  const db = await project.getDb();
  const rows = await db.query(`SELECT 1 FROM public.profiles WHERE lower(username) = lower($1) LIMIT 1`, [username.trim()]);
  return rows.length > 0;
}

const fail = <T>(error: AuthErrorCode, cookies: ResponseCookies, message?: string): AuthResult<T> => ({
  ok: false,
  error,
  headers: cookies.toHeaders(),
  ...(message ? { message } : {}),
});

/** Expires the request's cookies that `match` picks, except those the library already wrote. */
function forgetSession(request: Request, cookies: ResponseCookies, match: (name: string) => boolean): void {
  for (const name of parseCookieHeader(request.headers.get("Cookie")).keys()) {
    if (match(name) && !cookies.has(name)) cookies.set(name, "", { path: "/", maxAge: 0, secure: isHttps(request), sameSite: "lax" });
  }
}

/**
 * Supabase Auth (GoTrue) through @supabase/ssr: one server client per request, the session in
 * `sb-<project-ref>-auth-token` cookies (chunked `.0`, `.1` when large). Profiles live in our
 * database (the same one Supabase's auth.users trigger writes), read as the owner.
 */
export function createSupabaseAuth(options: SupabaseAuthOptions): Auth {
  // The same key supabase-js derives, so we can tell "no session cookie" without building a client.
  const storageKey = `sb-${new URL(options.url).hostname.split(".")[0]}-auth-token`;
  const chunkPattern = new RegExp(`^${storageKey}\\.\\d+$`);
  const project: Project = { ...options, isSessionCookie: (name) => name === storageKey || chunkPattern.test(name) };
  return {
    kind: "supabase",
    getSession: (request) => getSession(project, request),
    signIn: (request, input) => signIn(project, request, input),
    signUp: (request, input) => signUp(project, request, input),
    resendConfirmation: (request, email) => resendConfirmation(project, request, email),
    confirmEmail: (request, token) => confirmEmail(project, request, token),
    changeEmail: (request, email) => changeEmail(project, request, email),
    signOut: (request) => signOut(project, request),
    requestPasswordReset: (request, email) => requestPasswordReset(project, request, email),
    updatePassword: (request, password, resetToken) => updatePassword(project, request, password, resetToken),
    changePassword: (request, currentPassword, newPassword) => changePassword(project, request, currentPassword, newPassword),
    googleSignInUrl: (request) => googleSignInUrl(project, request),
    exchangeCode: (request, code) => exchangeCode(project, request, code),
    acceptTokens: (request, tokens) => acceptTokens(project, request, tokens),
  };
}

async function getSession(project: Project, ...[request]: Parameters<Auth["getSession"]>): ReturnType<Auth["getSession"]> {
  const cookieNames = [...parseCookieHeader(request.headers.get("Cookie")).keys()];
  // Anonymous visitors carry no session cookie: answer without a client or a round trip.
  if (!cookieNames.some(project.isSessionCookie)) return { user: null, claims: ANON, headers: new Headers() };
  const { supabase, cookies } = clientFor(project, request);
  // The cookie alone is client-controlled and never trusted: getClaims() verifies the access
  // token's signature and expiry against the project's published keys (JWKS, fetched once
  // and cached), without a round trip per request; a project still on the legacy shared
  // JWT secret has no public key, and getClaims() then asks the Auth server (GET /user).
  // An access token near expiry is refreshed first, and the new cookies land in `cookies`.
  const { data, error } = await supabase.auth.getClaims();
  const verified = data?.claims;
  if (error || !verified || typeof verified.sub !== "string" || !verified.sub) {
    if (error && isUnavailable(error)) {
      console.error("[auth] Supabase Auth is unreachable; treating the request as signed out:", error.message);
    } else if (
      // getClaims' own verdict (AuthInvalidJwtError), matched by code: an instanceof
      // check would fail across the library's ESM and CJS copies.
      error?.code === "invalid_jwt" ||
      (error && isAuthApiError(error) && (error.status === 401 || error.status === 403))
    ) {
      // A forged, foreign-key or expired token, or one the Auth server rejected outright:
      // stop sending it on every request.
      forgetSession(request, cookies, project.isSessionCookie);
    }
    return { user: null, claims: ANON, headers: cookies.toHeaders() };
  }
  const email = typeof verified.email === "string" && verified.email ? verified.email : null;
  const user = await toSessionUser(project, {
    id: verified.sub,
    email: email ?? undefined,
    user_metadata: (verified.user_metadata ?? {}) as User["user_metadata"],
  });
  return {
    user,
    claims: { role: "authenticated", sub: verified.sub, email },
    headers: cookies.toHeaders(),
  };
}

async function signIn(project: Project, ...[request, input]: Parameters<Auth["signIn"]>): ReturnType<Auth["signIn"]> {
  const { supabase, cookies } = clientFor(project, request);
  const email = input.email?.trim();
  const phone = input.phone?.trim();
  if ((!email && !phone) || !input.password) {
    return fail("invalid_credentials", cookies, "You must provide either an email or phone number and a password");
  }
  // Accounts hold their phone in E.164, as sign-up sent it; a number typed "(35) 99876-5432"
  // is the same number (GoTrue itself only drops a "+" and spaces, and would refuse it).
  const e164 = phone ? normalizeBrazilianPhone(phone) : null;
  if (!email && !e164) return fail("invalid_credentials", cookies);
  const { data, error } = await supabase.auth.signInWithPassword(
    email ? { email, password: input.password } : { phone: e164 ?? "", password: input.password },
  );
  if (error || !data.user) {
    if (error && isUnavailable(error)) {
      console.error("[auth] Supabase sign-in failed:", error.message);
      return fail("unavailable", cookies);
    }
    // GoTrue's "Email not confirmed": the same refusal (and resend offer) as local accounts.
    if (error?.code === "email_not_confirmed") return fail("email_not_confirmed", cookies);
    return fail("invalid_credentials", cookies);
  }
  return { ok: true, value: await toSessionUser(project, data.user), headers: cookies.toHeaders() };
}

async function signUp(project: Project, ...[request, input]: Parameters<Auth["signUp"]>): ReturnType<Auth["signUp"]> {
  const { supabase, cookies } = clientFor(project, request);
  // The profile trigger would fail the whole sign-up on a duplicate username with an opaque
  // "Database error saving new user"; asking first gives the form a precise answer.
  if (await usernameTaken(project, input.username)) return fail("username_taken", cookies);
  // The confirmation link GoTrue mails comes back to /auth/callback (?code=, PKCE: the
  // verifier cookie goes out with this answer), which signs the new account in.
  const options = { data: { full_name: input.fullName, username: input.username }, emailRedirectTo: `${publicOrigin()}/auth/callback` };
  const email = input.email?.trim();
  const { data, error } = await supabase.auth.signUp(
    email ? { email, password: input.password, options } : { phone: input.phone ?? "", password: input.password, options },
  );
  // What an e-mail sign-up answers without a session: GoTrue mails the link itself.
  const linkSent = (): AuthResult<SignUpOutcome> => ({ ok: true, value: { user: null, confirmEmail: email!, mail: async () => {} }, headers: cookies.toHeaders() });
  if (error) {
    if (isAuthWeakPasswordError(error) || error.code === "weak_password") return fail("weak_password", cookies);
    if (error.code === "phone_exists") return fail("phone_taken", cookies);
    if (error.code === "user_already_exists" || error.code === "email_exists" || /already registered/i.test(error.message)) {
      // A project with confirmations off says so; the page does not (as with them on).
      return email ? linkSent() : fail("phone_taken", cookies);
    }
    if (isUnavailable(error)) {
      // Someone may have taken the username between our check and the trigger.
      if (await usernameTaken(project, input.username)) return fail("username_taken", cookies);
      console.error("[auth] Supabase sign-up failed:", error.message);
      return fail("unavailable", cookies);
    }
    return fail("invalid_credentials", cookies, error.message);
  }
  const user = data.user;
  if (!user) return fail("unavailable", cookies);
  // Confirmations on: no session, whether the address was new or (an obfuscated user with no
  // identities) taken. The same page either way.
  if (!data.session && email) return linkSent();
  return { ok: true, value: { user: await toSessionUser(project, user) }, headers: cookies.toHeaders() };
}

async function resendConfirmation(project: Project, ...[request, email]: Parameters<Auth["resendConfirmation"]>): ReturnType<Auth["resendConfirmation"]> {
  const { supabase } = clientFor(project, request);
  const { error } = await supabase.auth.resend({ type: "signup", email: email.trim(), options: { emailRedirectTo: `${publicOrigin()}/auth/callback` } });
  // Never reveals whether the address waits for a link: only outages are worth a line.
  if (error && isUnavailable(error)) console.error("[auth] Supabase confirmation resend failed:", error.message);
}

async function confirmEmail(project: Project, ...[request, token]: Parameters<Auth["confirmEmail"]>): ReturnType<Auth["confirmEmail"]> {
  const { supabase, cookies } = clientFor(project, request);
  // A confirmation template that links to /login?confirmar={{ .TokenHash }} (the server-side
  // way, like the reset link's); the default template goes through /auth/callback instead.
  const { data, error } = await supabase.auth.verifyOtp({ type: "email", token_hash: token });
  if (error || !data.user) return fail(error && isUnavailable(error) ? "unavailable" : "invalid_token", cookies);
  return { ok: true, value: { email: data.user.email ?? "", changed: false }, headers: cookies.toHeaders() };
}

async function changeEmail(project: Project, ...[request, email]: Parameters<Auth["changeEmail"]>): ReturnType<Auth["changeEmail"]> {
  const { supabase, cookies } = clientFor(project, request);
  // GoTrue keeps the new address aside (new_email) and mails it a link; the old one stays
  // until that link is opened.
  const { error } = await supabase.auth.updateUser({ email: email.trim() }, { emailRedirectTo: `${publicOrigin()}/auth/callback` });
  if (!error) return { ok: true, value: { mail: null }, headers: cookies.toHeaders() };
  if (isAuthSessionMissingError(error) || error.status === 401 || error.status === 403) return fail("not_signed_in", cookies);
  if (isUnavailable(error)) return fail("unavailable", cookies);
  // A taken address answers as a free one would (GoTrue's email_exists would tell).
  if (error.code === "email_exists") return { ok: true, value: { mail: null }, headers: cookies.toHeaders() };
  return fail("invalid_credentials", cookies, error.message);
}

async function signOut(project: Project, ...[request]: Parameters<Auth["signOut"]>): ReturnType<Auth["signOut"]> {
  const { supabase, cookies } = clientFor(project, request);
  // scope "local" ends this browser's session only, like the local adapter; it also clears
  // the cookies before calling /logout, so signing out never depends on the network.
  const { error } = await supabase.auth.signOut({ scope: "local" });
  if (error && !isAuthSessionMissingError(error)) console.error("[auth] Supabase sign-out:", error.message);
  // The spec's sign-out step: every sb- cookie goes, whatever the library knew about.
  forgetSession(request, cookies, (name) => name.startsWith("sb-"));
  return cookies.toHeaders();
}

async function requestPasswordReset(project: Project, ...[request, email]: Parameters<Auth["requestPasswordReset"]>): ReturnType<Auth["requestPasswordReset"]> {
  const { supabase } = clientFor(project, request);
  // The PKCE verifier this writes cannot travel back (the interface returns nothing); the
  // reset link is expected to carry the token hash instead (see updatePassword).
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${publicOrigin()}/login`,
  });
  if (!error) return;
  // Never reveal whether the address has an account: unknown users are simply not logged.
  if (error.code === "user_not_found" || error.status === 404) return;
  console.error("[auth] Supabase password reset request failed:", error.message);
}

async function updatePassword(project: Project, ...[request, password, resetToken]: Parameters<Auth["updatePassword"]>): ReturnType<Auth["updatePassword"]> {
  const { supabase, cookies } = clientFor(project, request);
  if (resetToken) {
    // A reset link whose e-mail template carries {{ .TokenHash }} (the server-side way: no
    // PKCE verifier is needed) becomes the recovery session here.
    const { error } = await supabase.auth.verifyOtp({ type: "recovery", token_hash: resetToken });
    if (error) return fail(isUnavailable(error) ? "unavailable" : "invalid_token", cookies);
  } else {
    // Without the link's token, only the session the link itself opened may set a password
    // this way: any other session changes it in /edit-profile, with the current one. GoTrue
    // would accept the update from any session (unless the project requires the current
    // password), so the verified claims decide here, and the refusal is the local adapter's.
    const { data, error } = await supabase.auth.getClaims();
    if (error && isUnavailable(error)) return fail("unavailable", cookies);
    if (!data?.claims || !cameFromRecoveryLink(data.claims)) return fail("not_signed_in", cookies);
  }
  const { error } = await supabase.auth.updateUser({ password });
  if (!error) return { ok: true, value: null, headers: cookies.toHeaders() };
  if (isAuthSessionMissingError(error)) return fail("not_signed_in", cookies);
  if (isAuthWeakPasswordError(error) || error.code === "weak_password") return fail("weak_password", cookies);
  if (error.code === "same_password") {
    return fail("weak_password", cookies, "A nova senha deve ser diferente da atual.");
  }
  if (isUnavailable(error)) {
    console.error("[auth] Supabase password update failed:", error.message);
    return fail("unavailable", cookies);
  }
  if (error.status === 401 || error.status === 403) return fail("not_signed_in", cookies);
  return fail("invalid_token", cookies, error.message);
}

async function changePassword(project: Project, ...[request, currentPassword, newPassword]: Parameters<Auth["changePassword"]>): ReturnType<Auth["changePassword"]> {
  const { supabase, cookies } = clientFor(project, request);
  const { data, error } = await supabase.auth.getUser();
  if (error || !data.user) return fail(error && isUnavailable(error) ? "unavailable" : "not_signed_in", cookies);
  // GoTrue checks a current password only where the project turns that on, so it is
  // checked here too: a sign-in of its own that writes no cookie, ended at once.
  const check = createServerClient(project.url, project.anonKey, {
    cookies: { getAll: () => [], setAll: () => {} },
    auth: { flowType: "pkce" },
    realtime: { transport: realtimeTransport },
    ...(project.fetch ? { global: { fetch: project.fetch } } : {}),
  });
  const identity = data.user.email ? { email: data.user.email } : { phone: data.user.phone ?? "" };
  const verified = await check.auth.signInWithPassword({ ...identity, password: currentPassword });
  if (verified.error) {
    if (isUnavailable(verified.error)) return fail("unavailable", cookies);
    return fail("wrong_password", cookies);
  }
  await check.auth.signOut({ scope: "local" });
  const updated = await supabase.auth.updateUser({ password: newPassword, current_password: currentPassword });
  if (!updated.error) return { ok: true, value: null, headers: cookies.toHeaders() };
  if (isAuthWeakPasswordError(updated.error) || updated.error.code === "weak_password") return fail("weak_password", cookies);
  if (updated.error.code === "same_password") return fail("weak_password", cookies, "A nova senha deve ser diferente da atual.");
  if (isUnavailable(updated.error)) return fail("unavailable", cookies);
  return fail("wrong_password", cookies);
}

async function googleSignInUrl(project: Project, ...[request]: Parameters<Auth["googleSignInUrl"]>): ReturnType<Auth["googleSignInUrl"]> {
  const { supabase, cookies } = clientFor(project, request);
  // No network call: this builds the /authorize URL and stores the PKCE verifier, which
  // @supabase/ssr writes to a cookie at once; /auth/callback needs it for the exchange.
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: "google",
    options: {
      redirectTo: `${publicOrigin()}/auth/callback`,
      queryParams: { prompt: "select_account" },
      // Never touch `window` (there is none here); the route answers with a redirect.
      skipBrowserRedirect: true,
    },
  });
  if (error || !data.url) return fail("unavailable", cookies);
  return { ok: true, value: data.url, headers: cookies.toHeaders() };
}

async function exchangeCode(project: Project, ...[request, code]: Parameters<Auth["exchangeCode"]>): ReturnType<Auth["exchangeCode"]> {
  const { supabase, cookies } = clientFor(project, request);
  // When the redirect names its PKCE flow (sb_flow_id), use that flow's verifier slot.
  const flowId = new URL(request.url).searchParams.get("sb_flow_id");
  const { error } = await supabase.auth.exchangeCodeForSession(code, flowId ? { flowId } : undefined);
  if (error) {
    // The spec: OAuth callback errors are logged only.
    console.error("[auth] Supabase OAuth code exchange failed:", error.message);
    return fail("invalid_token", cookies);
  }
  return { ok: true, value: null, headers: cookies.toHeaders() };
}

async function acceptTokens(project: Project, ...[request, tokens]: Parameters<Auth["acceptTokens"]>): ReturnType<Auth["acceptTokens"]> {
  const { supabase, cookies } = clientFor(project, request);
  // setSession verifies the access token with the Auth server before trusting it.
  const { error } = await supabase.auth.setSession({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  });
  if (error) {
    console.error("[auth] Supabase session from URL tokens refused:", error.message);
    return fail("invalid_token", cookies);
  }
  return { ok: true, value: null, headers: cookies.toHeaders() };
}
