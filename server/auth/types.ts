import type { Claims } from "../db";

/** The signed-in user as every screen sees it (root loader → client context). */
export type SessionUser = {
  id: string;
  email: string | null;
  fullName: string;
  username: string;
  avatarUrl: string | null;
};

/** An auth outcome: Set-Cookie (and cache) headers always travel back with the response. */
export type AuthResult<T = null> =
  | { ok: true; value: T; headers: Headers }
  | { ok: false; error: AuthErrorCode; headers: Headers; message?: string };

export type AuthErrorCode =
  | "invalid_credentials"
  | "email_taken"
  | "phone_taken"
  | "username_taken"
  | "wrong_password"
  | "weak_password"
  | "invalid_token"
  | "email_not_confirmed"
  | "not_signed_in"
  | "unavailable";

/** An e-mail or a phone number (normalised to E.164 by the caller's schema), and a password. */
export type SignUpInput = { email?: string; phone?: string; password: string; fullName: string; username: string };
export type SignInInput = { email?: string; phone?: string; password: string };

/**
 * What a sign-up did. An e-mail sign-up starts no session: the answer is the same whether the
 * address was new or taken (GoTrue with confirmations on), and `mail` — run after the answer
 * has been sent — mails the link, or tells the owner of a taken address that someone tried.
 * A phone-only sign-up (nothing to confirm it with) signs in at once.
 */
export type SignUpOutcome =
  | { user: SessionUser; confirmEmail?: undefined; mail?: undefined }
  | { user: null; confirmEmail: string; mail: () => Promise<void> };

/** An e-mail confirmed by its link: a new account's, or the new address of an account. */
export type Confirmed = { email: string; changed: boolean };

/**
 * One interface, two adapters (DESIGN.md §3): local accounts in our own database, or
 * Supabase Auth through @supabase/ssr. Routes only ever talk to this.
 */
export interface Auth {
  readonly kind: "local" | "supabase";
  /** Reads (and, locally, slides) the session; `headers` carry refreshed cookies. */
  getSession(request: Request): Promise<{ user: SessionUser | null; claims: Claims; headers: Headers }>;
  signIn(request: Request, input: SignInInput): Promise<AuthResult<SessionUser>>;
  signUp(request: Request, input: SignUpInput): Promise<AuthResult<SignUpOutcome>>;
  /**
   * Mails a new confirmation link when the address has an account waiting for one. Never
   * reveals whether it has: callers run it after the answer, as requestPasswordReset.
   */
  resendConfirmation(request: Request, email: string): Promise<void>;
  /** The e-mailed link's token: confirms the address (or the new one) and signs in. */
  confirmEmail(request: Request, token: string): Promise<AuthResult<Confirmed>>;
  /**
   * A signed-in resident's new e-mail: confirmed by a link mailed to it before it replaces the
   * old one. `mail` runs after the answer (null where the service mails it itself).
   */
  changeEmail(request: Request, email: string): Promise<AuthResult<{ mail: (() => Promise<void>) | null }>>;
  signOut(request: Request): Promise<Headers>;
  /**
   * Never reveals whether the e-mail has an account: callers run it after the answer has
   * been sent, so neither the answer nor its timing depends on the account existing.
   */
  requestPasswordReset(request: Request, email: string): Promise<void>;
  /**
   * A new password from a reset link: its token (local), or the recovery session (Supabase).
   * Ends every session and every outstanding reset link of the account.
   */
  updatePassword(request: Request, password: string, resetToken?: string): Promise<AuthResult>;
  /** A signed-in resident's new password, only with their current one ("wrong_password"). */
  changePassword(request: Request, currentPassword: string, newPassword: string): Promise<AuthResult>;
  /** Google sign-in: the URL to redirect to, or null where the adapter has no Google. */
  googleSignInUrl(request: Request): Promise<AuthResult<string> | null>;
  /** OAuth callback: exchanges ?code= for a session. */
  exchangeCode(request: Request, code: string): Promise<AuthResult>;
  /** Implicit-flow callback: tokens that arrived in the URL fragment become a session. */
  acceptTokens(request: Request, tokens: { accessToken: string; refreshToken: string }): Promise<AuthResult>;
}
