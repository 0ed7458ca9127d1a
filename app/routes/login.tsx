import type { SubmissionResult } from "@conform-to/react";
import { parsePendingFavorite } from "#core/favorites";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormErrors, fieldErrors } from "~/components/ui/form-field";
import { refusalOf } from "#core/refused";
import { Button } from "~/components/ui/button";
import { normalizeBrazilianPhone } from "#core/phone";
import { safeRedirectPath } from "#core/redirects";
import { intentOf, parseSubmission, readForm, replyRefused } from "#server/toolkit/action";
import { RESET_PER_IP, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_IP, limitAddress } from "#server/toolkit/rate-limit";
import { addFavoriteAfterSignIn } from "#server/toolkit/favorite-state";
import { getRequestContext, type RequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/login";
import { ConfirmationSent, ConfirmForm, EMAIL_NOT_CONFIRMED, ResendForm, ResetForm, ResetSchema, SignInForm, SignInSchema, SignUpForm, UpdatePasswordForm, UpdatePasswordSchema } from "./+shared/login-forms";
import { confirm, ERROR_TEXT, HIDE_PASSWORD, resend, signUp, statusOf, tooMany } from "./+shared/login-confirm.server";

export const meta: Route.MetaFunction = () => [
  { title: "Entrar · Guida" },
  { name: "description", content: "Entre ou crie sua conta no Guida, o guia da comunidade de Vila Serena." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  // The spec: someone already signed in who opens /login goes to /; but for a confirmation
  // link, which a signed-in resident opens to confirm a new e-mail.
  if ((await ctx.user()) && !new URL(request.url).searchParams.has("confirmar")) throw redirect("/");
  const auth = await ctx.auth();
  return { google: auth.kind === "supabase" };
}

/**
 * A rate-limit refusal's Retry-After on the page's own response: React Router carries only
 * an action's cookies over by itself, and curl or a proxy has nothing else to go by.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const out = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

/**
 * POST intent=signin (the default), signup, resend, confirm, reset, update-password or google:
 * the page's forms, each answered by its own function.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const read = await readForm(request);
  if (!read.ok) return read.refusal;
  const intent = intentOf(read.form, "signin");
  switch (intent) {
    case "signin":
      return signIn(request, ctx, read.form);
    case "signup":
      return signUp(request, ctx, read.form);
    case "resend":
      return resend(request, ctx, read.form);
    case "confirm":
      return confirm(request, ctx, read.form);
    case "reset":
      return requestReset(request, ctx, read.form);
    case "update-password":
      return updatePassword(request, ctx, read.form);
    case "google":
      return googleSignIn(request, ctx);
    default:
      return replyRefused(400, "Ação desconhecida.", { intent });
  }
}

async function signIn(request: Request, ctx: RequestContext, form: FormData) {
  const parsed = parseSubmission(form, SignInSchema, { intent: "signin", ...HIDE_PASSWORD });
  if (!parsed.ok) return parsed.refusal;
  const { value } = parsed;
  // One field for both on the form: without "@" and mostly digits it is a phone number.
  const looksLikePhone = (v: string) => !v.includes("@") && /^[\d\s()+-]{8,}$/.test(v);
  const email = value.email && !looksLikePhone(value.email) ? value.email : undefined;
  const phone = value.phone ?? (email ? undefined : value.email);
  // Keyed as the adapter matches accounts (e-mail in any case, phone normalised), so
  // re-typing the same account differently does not get around the per-account limit.
  const account = email ? email.toLowerCase() : `phone:${normalizeBrazilianPhone(phone ?? "") ?? (phone ?? "").replace(/\D/g, "")}`;
  // Per account *from this address*: a guesser is stopped after the limit, but cannot
  // lock the resident out of their own account from everywhere else.
  const ip = limitAddress(ctx.clientAddress);
  const accountKey = `signin-account:${ip}:${account}`;
  // The account's counter only once the address's allows the attempt: an address then
  // makes at most SIGN_IN_PER_IP account counters a window, whatever names it invents.
  const wait = (await ctx.limits.hit(`signin-ip:${ip}`, SIGN_IN_PER_IP)) || (await ctx.limits.hit(accountKey, SIGN_IN_PER_ACCOUNT));
  if (wait) return tooMany(wait, "signin", form, ["email", "phone", "redirectTo"]);
  const auth = await ctx.auth();
  const result = await auth.signIn(request, { email, phone, password: value.password! });
  if (!result.ok) {
    const status = result.error === "email_not_confirmed" ? 403 : statusOf(result.error, 400);
    return parsed.refuse(status, { formErrors: [result.message ?? ERROR_TEXT[result.error]] }, { headers: result.headers });
  }
  await ctx.limits.reset(accountKey);
  await addFavoriteAfterSignIn(ctx, result.value, form.get("favorite"));
  return redirect(safeRedirectPath(value.redirectTo, "/"), { status: 303, headers: result.headers });
}

async function requestReset(request: Request, ctx: RequestContext, form: FormData) {
  const parsed = parseSubmission(form, ResetSchema, { intent: "reset" });
  if (!parsed.ok) return parsed.refusal;
  const wait = await ctx.limits.hit(`reset-ip:${limitAddress(ctx.clientAddress)}`, RESET_PER_IP);
  if (wait) return tooMany(wait, "reset", form, ["email"]);
  // Looking the account up, storing the token and mailing the link all happen after the
  // answer is written: the same answer, in the same time, whether or not the e-mail has an
  // account. A failure there can only be logged (the spec's "logged" half).
  const { email } = parsed.value;
  const auth = await ctx.auth();
  ctx.afterResponse("password reset", () => auth.requestPasswordReset(request, email));
  // Sent: the form starts over, empty, with the notice above it.
  return data({ intent: "reset", result: { initialValue: null } as SubmissionResult<string[]>, sent: true });
}

async function updatePassword(request: Request, ctx: RequestContext, form: FormData) {
  const parsed = parseSubmission(form, UpdatePasswordSchema, { intent: "update-password", ...HIDE_PASSWORD });
  if (!parsed.ok) return parsed.refusal;
  const auth = await ctx.auth();
  const result = await auth.updatePassword(request, parsed.value.password, parsed.value.token);
  if (!result.ok) {
    console.error(`[auth] password update refused: ${result.error}`);
    return parsed.refuse(statusOf(result.error, 400), { formErrors: [ERROR_TEXT[result.error]] }, { headers: result.headers });
  }
  return redirect("/", { status: 303, headers: result.headers });
}

async function googleSignIn(request: Request, ctx: RequestContext) {
  const auth = await ctx.auth();
  const result = await auth.googleSignInUrl(request);
  if (!result || !result.ok) return replyRefused(400, "Entrar com Google não está disponível neste servidor.", { intent: "google" });
  return redirect(result.value, { status: 303, headers: result.headers });
}

type Mode = "signin" | "signup" | "reset" | "update" | "confirm" | "sent" | "resend";

const HEADING: Record<Mode, [string, string]> = {
  signin: ["Entrar", "Entre para favoritar, vender e participar das enquetes."],
  signup: ["Criar conta", "Participe da comunidade de Vila Serena."],
  reset: ["Recuperar senha", "Enviaremos um link para você criar uma nova senha."],
  update: ["Nova senha", "Escolha uma senha nova para sua conta."],
  confirm: ["Confirmar e-mail", "Falta pouco para ativar sua conta."],
  sent: ["Confirme seu e-mail", "Sua conta fica ativa quando você abrir o link."],
  resend: ["Reenviar link", "Enviaremos um novo link de confirmação."],
};

function modeOf(params: URLSearchParams, actionData: { intent: string } | undefined): Mode {
  const requested = params.get("modo");
  const intent = actionData?.intent;
  if (params.get("reset")) return "update";
  if (params.get("confirmar")) return "confirm";
  if ((intent === "signup" || intent === "resend") && actionData && "sent" in actionData) return "sent";
  if (intent === "resend") return "resend";
  if (intent === "signup" || requested === "cadastro") return "signup";
  if (intent === "reset" || requested === "recuperar") return "reset";
  return "signin";
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mode = modeOf(params, actionData);
  const redirectTo = safeRedirectPath(params.get("redirectTo"), "");
  // A visitor's heart (JavaScript off) waiting for the sign-in to be added.
  const favorite = parsePendingFavorite(params.get("favoritar")) ? params.get("favoritar")! : "";
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const shownIntent = mode === "update" ? "update-password" : mode === "sent" ? actionData?.intent ?? "" : mode;
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  // A sign-in refused for an unconfirmed e-mail offers the link again, the address filled in.
  const unconfirmed = actionData?.intent === "signin" && refusalOf(actionData, "signin") === EMAIL_NOT_CONFIRMED;
  const typedEmail = String((actionData?.result.initialValue as Record<string, unknown> | null | undefined)?.email ?? "");
  const [title, lead] = HEADING[mode];

  return (
    <div className="mx-auto max-w-sm py-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{lead}</p>
      <div className="mt-6">
        <FormErrors errors={strayErrors(actionData, shownIntent)} />
        {mode === "signin" ? <SignInForm lastResult={lastResult("signin")} redirectTo={redirectTo} favorite={favorite} busy={busy} /> : null}
        {mode === "signin" && unconfirmed ? (
          <div className="mt-6">
            <ResendForm lastResult={undefined} email={typedEmail.includes("@") ? typedEmail : ""} busy={busy} />
          </div>
        ) : null}
        {mode === "signup" ? <SignUpForm lastResult={lastResult("signup")} redirectTo={redirectTo} favorite={favorite} busy={busy} /> : null}
        {mode === "reset" ? <ResetForm lastResult={lastResult("reset")} sent={sent === true} busy={busy} /> : null}
        {mode === "update" ? <UpdatePasswordForm lastResult={lastResult("update-password")} token={params.get("reset") ?? ""} busy={busy} /> : null}
        {mode === "confirm" ? <ConfirmForm lastResult={lastResult("confirm")} token={params.get("confirmar") ?? ""} busy={busy} /> : null}
        {mode === "confirm" && actionData?.intent === "confirm" ? (
          <div className="mt-6">
            <ResendForm lastResult={undefined} email="" busy={busy} />
          </div>
        ) : null}
        {mode === "sent" ? <ConfirmationSent email={String(sent)} resent={actionData?.intent === "resend"} busy={busy} /> : null}
        {mode === "resend" ? <ResendForm lastResult={lastResult("resend")} email="" busy={busy} /> : null}
      </div>
      {loaderData.google && (mode === "signin" || mode === "signup") ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="google" />
          <Button type="submit" variant="secondary" size="lg" className="w-full">
            Entrar com Google
          </Button>
        </Form>
      ) : null}
      <nav aria-label="Outras opções de acesso" className="mt-6 space-y-2 text-center text-sm">
        {mode !== "signin" ? (
          <p>
            Já tem conta? <Link className="font-semibold text-brand-700 underline dark:text-brand-100" to={withParams("", redirectTo, favorite)}>Entrar</Link>
          </p>
        ) : null}
        {mode !== "signup" ? (
          <p>
            Novo por aqui? <Link className="font-semibold text-brand-700 underline dark:text-brand-100" to={withParams("cadastro", redirectTo, favorite)}>Criar conta</Link>
          </p>
        ) : null}
        {mode === "signin" ? (
          <p>
            <Link className="text-brand-700 underline dark:text-brand-100" to={withParams("recuperar", redirectTo)}>Esqueceu a senha?</Link>
          </p>
        ) : null}
      </nav>
    </div>
  );
}

/** The forms' hidden inputs: no field of the page shows their errors. */
const HIDDEN_FIELDS = ["intent", "redirectTo", "website", "token"];

/**
 * Refusals the form on screen has no place for: another intent's (Google unavailable, a
 * password update without the e-mailed link, an unknown intent, an unreadable body) or
 * about a hidden field a hand-made request got wrong. Shown above the form, never lost.
 */
function strayErrors(actionData: { intent: string; result: { error?: unknown } } | undefined, shownIntent: string): string[] | undefined {
  if (!actionData) return undefined;
  const error = (actionData.result.error ?? {}) as Record<string, unknown>;
  const keys = actionData.intent === shownIntent ? HIDDEN_FIELDS : Object.keys(error);
  return fieldErrors(keys.flatMap((key) => fieldErrors(error[key]) ?? []));
}

function withParams(mode: string, redirectTo: string, favorite = "") {
  const search = new URLSearchParams();
  if (mode) search.set("modo", mode);
  if (redirectTo) search.set("redirectTo", redirectTo);
  if (favorite) search.set("favoritar", favorite);
  const query = search.toString();
  return query ? `/login?${query}` : "/login";
}
