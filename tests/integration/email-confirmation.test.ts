import { describe, expect, it, vi } from "vitest";
import { createLocalAuth, SESSION_COOKIE } from "#server/auth/local";
import type { Auth, AuthResult, SignUpOutcome } from "#server/auth/types";
import type { Database } from "#server/db/types";
import { changeRole } from "#server/models/moderation";
import { forEachEngine } from "./db";

// Issue #25: confirmed e-mail for local accounts (server/auth/local-confirm.ts), on PGlite and
// PostgreSQL. Links are read from the log, as a town without SMTP_URL hands them out.

const PASSWORD = "senha-forte-123";
const HOUR_MS = 3_600_000;

const request = (cookie?: string) => new Request("http://localhost/login", { headers: cookie ? { Cookie: cookie } : {} });

function cookieFrom(headers: Headers): string {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error("no session cookie");
  return line.split(";")[0]!;
}
const startsSession = (headers: Headers) => headers.getSetCookie().some((l) => l.startsWith(`${SESSION_COOKIE}=`));

/** Runs an account e-mail's sending and returns the log lines it wrote (no SMTP_URL here). */
async function logged(task: () => Promise<void>): Promise<string[]> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    await task();
    return log.mock.calls.map((args) => args.map(String).join(" "));
  } finally {
    log.mockRestore();
  }
}

const tokenOf = (lines: string[]) => new URL(/e-mail confirmation link for \S+: (\S+)/.exec(lines.join("\n"))![1]!).searchParams.get("confirmar")!;

/** The link a sign-up (or a change) would mail, read from the log. */
async function mailedToken(result: AuthResult<SignUpOutcome | { mail: (() => Promise<void>) | null }>): Promise<string> {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  const mail = result.value.mail;
  if (!mail) throw new Error("nothing to mail");
  return tokenOf(await logged(mail));
}

let seq = 0;
function newAccount(label: string) {
  seq += 1;
  return { email: `${label}.${seq}@exemplo.com.br`, password: PASSWORD, fullName: `Pessoa ${seq}`, username: `${label}_${seq}`.slice(0, 20) };
}

function clock(start = "2026-03-02T12:00:00.000Z") {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

forEachEngine((getDb) => {
  const owner = <T>(text: string, params?: unknown[]) => getDb().query<T>(text, params);
  const makeAuth = (now?: () => Date): Auth => createLocalAuth(async (): Promise<Database> => getDb(), { maxIdleDays: 30, now });
  const confirmedAt = async (email: string) =>
    (await owner<{ at: Date | null }>(`SELECT email_confirmed_at AS at FROM auth.users WHERE lower(email) = lower($1)`, [email]))[0]?.at ?? null;

  describe("sign-up by e-mail waits for its link", () => {
    it("refuses sign-in until the link is opened (after the password matched), by e-mail and by phone alike", async () => {
      const auth = makeAuth();
      const account = { ...newAccount("espera"), phone: `+55359${String(10_000_000 + seq).slice(-8)}` };
      const created = await auth.signUp(request(), account);
      expect(startsSession(created.headers)).toBe(false);
      expect(await auth.signIn(request(), { email: account.email, password: "outra-senha-123" })).toMatchObject({ ok: false, error: "invalid_credentials" });
      expect(await auth.signIn(request(), { email: account.email, password: PASSWORD })).toMatchObject({ ok: false, error: "email_not_confirmed" });
      expect(await auth.signIn(request(), { phone: account.phone, password: PASSWORD })).toMatchObject({ ok: false, error: "email_not_confirmed" });
      expect(await confirmedAt(account.email)).toBeNull();

      const token = await mailedToken(created);
      // Only the SHA-256 of the token is kept.
      expect(await owner(`SELECT 1 FROM guida_private.email_confirmations WHERE token_hash = $1`, [token])).toEqual([]);
      const confirmed = await auth.confirmEmail(request(), token);
      expect(confirmed).toMatchObject({ ok: true, value: { email: account.email, changed: false } });
      expect(await confirmedAt(account.email)).not.toBeNull();
      // Single use.
      expect(await auth.confirmEmail(request(), token)).toMatchObject({ ok: false, error: "invalid_token" });
      expect(await auth.signIn(request(), { email: account.email, password: PASSWORD })).toMatchObject({ ok: true });
    });

    it("expires a link after 24 hours; a resend mails a new one and revokes the old", async () => {
      const time = clock();
      const auth = makeAuth(time.now);
      const account = newAccount("vence");
      const first = await mailedToken(await auth.signUp(request(), account));
      const second = tokenOf(await logged(() => auth.resendConfirmation(request(), account.email.toUpperCase())));
      expect(await auth.confirmEmail(request(), first)).toMatchObject({ ok: false, error: "invalid_token" });
      time.advance(24 * HOUR_MS + 1);
      expect(await auth.confirmEmail(request(), second)).toMatchObject({ ok: false, error: "invalid_token" });
      const third = tokenOf(await logged(() => auth.resendConfirmation(request(), account.email)));
      expect(await auth.confirmEmail(request(), third)).toMatchObject({ ok: true });
      // A confirmed address gets no more links, and an unknown one none at all.
      expect(await logged(() => auth.resendConfirmation(request(), account.email))).toEqual([]);
      expect(await logged(() => auth.resendConfirmation(request(), "ninguem.aqui@exemplo.com.br"))).toEqual([]);
    });

    it("the latest sign-up of an address still pending wins: its link, its password; the earlier link is dead", async () => {
      const auth = makeAuth();
      const squatter = newAccount("posse");
      const early = await mailedToken(await auth.signUp(request(), { ...squatter, password: "senha-do-invasor-1" }));
      const owner_ = { ...newAccount("dona"), email: squatter.email };
      const late = await mailedToken(await auth.signUp(request(), owner_));
      expect(await auth.confirmEmail(request(), early)).toMatchObject({ ok: false, error: "invalid_token" });
      expect(await auth.confirmEmail(request(), late)).toMatchObject({ ok: true });
      expect(await auth.signIn(request(), { email: squatter.email, password: "senha-do-invasor-1" })).toMatchObject({ ok: false, error: "invalid_credentials" });
      expect(await auth.signIn(request(), { email: squatter.email, password: PASSWORD })).toMatchObject({ ok: true, value: { username: owner_.username } });
      // The squatter's pending account, username included, is gone.
      expect(await owner(`SELECT 1 FROM public.profiles WHERE username = $1`, [squatter.username])).toEqual([]);
    });

    it("a pending sign-up whose links all expired frees its username for someone else", async () => {
      const time = clock();
      const auth = makeAuth(time.now);
      const abandoned = newAccount("largado");
      await auth.signUp(request(), abandoned);
      const other = { ...newAccount("outra"), username: abandoned.username };
      expect(await auth.signUp(request(), other)).toMatchObject({ ok: false, error: "username_taken" });
      time.advance(24 * HOUR_MS + 1);
      expect(await auth.signUp(request(), other)).toMatchObject({ ok: true, value: { user: null, confirmEmail: other.email } });
      expect(await owner(`SELECT 1 FROM auth.users WHERE email = $1`, [abandoned.email])).toEqual([]);
    });

    it("an account from before confirmations (signed in, unconfirmed) is never replaced; its owner gets a link by resend", async () => {
      const auth = makeAuth();
      const legacy = newAccount("antiga");
      await auth.signUp(request(), legacy);
      await owner(`UPDATE auth.users SET last_sign_in_at = now() WHERE email = $1`, [legacy.email]);
      const again = await auth.signUp(request(), { ...newAccount("intrusa"), email: legacy.email });
      expect(again.ok && !again.value.user && (await logged(again.value.mail))).toEqual([`[auth] sign-up attempt notice for ${legacy.email}`]);
      expect(await owner(`SELECT 1 FROM public.profiles WHERE username = $1`, [legacy.username])).toHaveLength(1);
      const token = tokenOf(await logged(() => auth.resendConfirmation(request(), legacy.email)));
      expect(await auth.confirmEmail(request(), token)).toMatchObject({ ok: true });
      expect(await auth.signIn(request(), { email: legacy.email, password: PASSWORD })).toMatchObject({ ok: true });
    });
  });

  describe("a new e-mail replaces the old only once its own link is opened", () => {
    async function confirmedAccount(auth: Auth, label: string) {
      const account = newAccount(label);
      const done = await auth.confirmEmail(request(), await mailedToken(await auth.signUp(request(), account)));
      if (!done.ok) throw new Error("not confirmed");
      return { account, cookie: cookieFrom(done.headers) };
    }

    it("keeps the old address (and its sign-in) until the link to the new one is opened", async () => {
      const auth = makeAuth();
      const { account, cookie } = await confirmedAccount(auth, "muda");
      const next = `nova.${account.email}`;
      const asked = await auth.changeEmail(request(cookie), next.toUpperCase());
      const token = await mailedToken(asked);
      expect(await auth.signIn(request(), { email: account.email, password: PASSWORD })).toMatchObject({ ok: true });
      expect(await owner(`SELECT 1 FROM auth.users WHERE email = $1`, [next])).toEqual([]);

      expect(await auth.confirmEmail(request(), token)).toMatchObject({ ok: true, value: { email: next, changed: true } });
      expect(await auth.signIn(request(), { email: account.email, password: PASSWORD })).toMatchObject({ ok: false, error: "invalid_credentials" });
      expect(await auth.signIn(request(), { email: next, password: PASSWORD })).toMatchObject({ ok: true });
      expect(await confirmedAt(next)).not.toBeNull();
    });

    it("a taken address answers as a free one: no link, a notice to its owner; the own address is refused", async () => {
      const auth = makeAuth();
      const { account: taken } = await confirmedAccount(auth, "ocupado");
      const { account, cookie } = await confirmedAccount(auth, "quer");
      const asked = await auth.changeEmail(request(cookie), taken.email);
      expect(asked.ok && asked.value.mail && (await logged(asked.value.mail))).toEqual([`[auth] sign-up attempt notice for ${taken.email}`]);
      expect(await auth.changeEmail(request(cookie), account.email)).toMatchObject({ ok: false, error: "email_taken" });
      expect(await auth.changeEmail(request(), "qualquer@exemplo.com.br")).toMatchObject({ ok: false, error: "not_signed_in" });
    });

    it("a phone-only account stays unconfirmed until it adds an e-mail and opens its link", async () => {
      const auth = makeAuth();
      const account = newAccount("fone");
      const phone = `+55359${String(20_000_000 + seq).slice(-8)}`;
      const created = await auth.signUp(request(), { ...account, email: undefined, phone });
      expect(created).toMatchObject({ ok: true, value: { user: { email: null } } });
      const token = await mailedToken(await auth.changeEmail(request(cookieFrom(created.headers)), account.email));
      expect(await confirmedAt(account.email)).toBeNull();
      expect(await auth.confirmEmail(request(), token)).toMatchObject({ ok: true, value: { email: account.email, changed: true } });
      expect(await confirmedAt(account.email)).not.toBeNull();
    });
  });

  describe("roles go only to a confirmed address (ADMIN_EMAIL, npm run guida -- role grant)", () => {
    it("refuses an unconfirmed address with SQLSTATE 55000 and a message saying why; grants once confirmed", async () => {
      const auth = makeAuth();
      const account = newAccount("chefe");
      const created = await auth.signUp(request(), account);
      const refusal = await changeRole(getDb(), "grant", account.email, "admin").then(
        () => null,
        (error: { code?: string; message?: string }) => error,
      );
      expect(refusal?.code).toBe("55000");
      expect(refusal?.message).toContain("is not confirmed yet");
      expect(await owner(`SELECT 1 FROM public.user_roles r JOIN auth.users u ON u.id = r.user_id WHERE u.email = $1`, [account.email])).toEqual([]);

      await auth.confirmEmail(request(), await mailedToken(created));
      await changeRole(getDb(), "grant", account.email, "admin");
      expect(await owner(`SELECT r.role FROM public.user_roles r JOIN auth.users u ON u.id = r.user_id WHERE u.email = $1`, [account.email])).toEqual([{ role: "admin" }]);
    });
  });
});
