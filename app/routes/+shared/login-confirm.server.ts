import { createHash } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { normalizeBrazilianPhone } from "#core/phone";
import { safeRedirectPath } from "#core/redirects";
import type { AuthErrorCode } from "#server/auth/types";
import { parseSubmission, redirectWithFlash, replyRefused } from "#server/toolkit/action";
import { addFavoriteAfterSignIn } from "#server/toolkit/favorite-state";
import { limitAddress, MAIL_PER_ADDRESS, PHONE_TAKEN_PER_IP, RESEND_PER_IP, SIGN_UP_PER_IP } from "#server/toolkit/rate-limit";
import type { RequestContext } from "#server/toolkit/request-context";
import { ConfirmSchema, EMAIL_NOT_CONFIRMED, ResendSchema, SignUpSchema } from "./login-forms";

/**
 * /login's sign-up and its e-mail confirmation (issue #25), as Supabase Auth does it with
 * confirmations on: an e-mail sign-up answers "enviamos um link" whether the address was new
 * or taken and starts no session; the link (a page with a button, intent=confirm) does.
 */

export const ERROR_TEXT: Record<AuthErrorCode, string> = {
  invalid_credentials: "E-mail, telefone ou senha incorretos.",
  email_taken: "Este e-mail já está em outra conta.",
  phone_taken: "Já existe uma conta com este celular. Entre com ele ou use outro número.",
  username_taken: "Este nome de usuário já está em uso. Escolha outro.",
  weak_password: "Essa senha é fácil demais de adivinhar. Escolha outra.",
  wrong_password: "A senha atual não confere.",
  invalid_token: "Este link de redefinição expirou ou já foi usado. Peça um novo.",
  email_not_confirmed: EMAIL_NOT_CONFIRMED,
  not_signed_in: "Abra o link que enviamos por e-mail para criar a nova senha.",
  unavailable: "Não conseguimos falar com o serviço de login agora. Tente de novo em instantes.",
};

/** Which sign-up field a refusal belongs to (the others go above the form). */
const SIGN_UP_ERROR_FIELD: Partial<Record<AuthErrorCode, string>> = {
  phone_taken: "phone",
  username_taken: "username",
  weak_password: "password",
};

/** A confirmation link that is unknown, used or expired (the reset link's words, its own kind). */
const CONFIRM_EXPIRED = "Este link de confirmação expirou ou já foi usado. Peça um novo abaixo.";

/** Passwords never travel back to the page. */
export const HIDE_PASSWORD = { hideFields: ["password"] };

export function tooMany(seconds: number, intent: string, form: FormData, keep: string[]) {
  return replyRefused(429, `Muitas tentativas. Tente de novo em ${Math.ceil(seconds / 60)} minuto(s).`, {
    intent,
    initialValue: Object.fromEntries(keep.map((name) => [name, String(form.get(name) ?? "")])),
    headers: { "Retry-After": String(seconds) },
  });
}

/** The status of an auth refusal: the service being down is not the person's mistake. */
export const statusOf = (error: AuthErrorCode, otherwise: number) => (error === "unavailable" ? 503 : otherwise);

/**
 * Runs an account e-mail's sending after the answer, if the address may get one more: every
 * mail to one address counts against one limit (MAIL_PER_ADDRESS), whoever asks — sign-ups,
 * resends, notices and new addresses together cannot flood an inbox. Counted before the
 * task runs, so a resend held back revokes no link. The key is a hash: any length, one row.
 */
export function mailAfterResponse(ctx: RequestContext, what: string, address: string, task: () => Promise<void>) {
  ctx.afterResponse(what, async () => {
    const key = `mail-to:${createHash("sha256").update(address.trim().toLowerCase()).digest("base64url")}`;
    const wait = await ctx.limits.hit(key, MAIL_PER_ADDRESS);
    if (wait) console.log(`[auth] ${what} held back: over ${MAIL_PER_ADDRESS.limit} account e-mails to one address an hour`);
    else await task();
  });
}

/** The answer to an e-mail sign-up or a resend: the form gone, the address named. */
const linkSent = (intent: "signup" | "resend", email: string) => data({ intent, result: { initialValue: null } as SubmissionResult<string[]>, sent: email });

export async function signUp(request: Request, ctx: RequestContext, form: FormData) {
  const parsed = parseSubmission(form, SignUpSchema, { intent: "signup", ...HIDE_PASSWORD });
  if (!parsed.ok) return parsed.refusal;
  const keep = ["email", "phone", "fullName", "username"];
  const ip = limitAddress(ctx.clientAddress);
  const wait = await ctx.limits.hit(`signup-ip:${ip}`, SIGN_UP_PER_IP);
  if (wait) return tooMany(wait, "signup", form, keep);
  const { email, phone, password, fullName, username, redirectTo } = parsed.value;
  const auth = await ctx.auth();
  const result = await auth.signUp(request, {
    email,
    phone: phone ? (normalizeBrazilianPhone(phone) ?? undefined) : undefined,
    password: password!,
    fullName,
    username,
  });
  if (!result.ok) {
    // A phone cannot be confirmed here, so a taken one is told apart: few times per address.
    if (result.error === "phone_taken") {
      const phoneWait = await ctx.limits.hit(`signup-phone-taken:${ip}`, PHONE_TAKEN_PER_IP);
      if (phoneWait) return tooMany(phoneWait, "signup", form, keep);
    }
    const field = SIGN_UP_ERROR_FIELD[result.error];
    const message = result.message ?? ERROR_TEXT[result.error];
    const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
    return parsed.refuse(statusOf(result.error, 409), errors, { headers: result.headers });
  }
  const outcome = result.value;
  if (outcome.user) {
    await addFavoriteAfterSignIn(ctx, outcome.user, form.get("favorite"));
    return redirect(safeRedirectPath(redirectTo, "/"), { status: 303, headers: result.headers });
  }
  // The link (or, for a taken address, the notice to its owner) goes after the answer.
  mailAfterResponse(ctx, "sign-up e-mail", outcome.confirmEmail, outcome.mail);
  return linkSent("signup", outcome.confirmEmail);
}

export async function resend(request: Request, ctx: RequestContext, form: FormData) {
  const parsed = parseSubmission(form, ResendSchema, { intent: "resend" });
  if (!parsed.ok) return parsed.refusal;
  const wait = await ctx.limits.hit(`resend-ip:${limitAddress(ctx.clientAddress)}`, RESEND_PER_IP);
  if (wait) return tooMany(wait, "resend", form, ["email"]);
  const { email } = parsed.value;
  const auth = await ctx.auth();
  // As a reset: looked up and mailed after the answer, which is the same either way.
  mailAfterResponse(ctx, "confirmation resend", email, () => auth.resendConfirmation(request, email));
  return linkSent("resend", email);
}

export async function confirm(request: Request, ctx: RequestContext, form: FormData) {
  const parsed = parseSubmission(form, ConfirmSchema, { intent: "confirm" });
  if (!parsed.ok) return parsed.refusal;
  const auth = await ctx.auth();
  const result = await auth.confirmEmail(request, parsed.value.token);
  if (!result.ok) {
    const status = result.error === "email_taken" ? 409 : statusOf(result.error, 400);
    const message = result.message ?? (result.error === "invalid_token" ? CONFIRM_EXPIRED : ERROR_TEXT[result.error]);
    return parsed.refuse(status, { formErrors: [message] }, { headers: result.headers });
  }
  const { email, changed } = result.value;
  return changed
    ? redirectWithFlash(request, "/profile", `E-mail alterado para ${email}.`, { headers: result.headers })
    : redirectWithFlash(request, "/", "E-mail confirmado. Bem-vindo ao Guida!", { headers: result.headers });
}
