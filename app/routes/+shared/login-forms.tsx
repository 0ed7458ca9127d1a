import { getFormProps, useForm, type FormMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { z } from "zod";
import { FormErrors, FormField, useEmptyPasswordOnReply } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import { fieldRules, PHONE_FORMAT } from "#core/field-rules";
import { passwordProblem } from "~/lib/password-policy";
import { normalizeBrazilianPhone } from "#core/phone";
import { safeRedirectPath } from "#core/redirects";
import { LAST_PATH_KEY } from "~/lib/session-keys";
import "#core/zod-messages";

/**
 * /login's forms (sign in, sign up, reset, new password, confirm and resend the e-mail link) and the zod schemas that both
 * they (in the browser) and the route's action (on the server) check a submission against.
 */

/** The spec's own words for a sign-in or sign-up without credentials (kept in English). */
export const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";

/** GoTrue's "Email not confirmed", in the page's words: the same on both adapters. */
export const EMAIL_NOT_CONFIRMED = "Confirme seu e-mail antes de entrar: abra o link que enviamos. Não chegou? Peça outro abaixo.";

const VALID_EMAIL = "Digite um e-mail válido, como nome@exemplo.com.";
/** RFC 5321's longest address: anything longer is refused before it reaches a key or a row. */
const MAX_EMAIL = 254;
export const emailField = z
  .string({ error: VALID_EMAIL })
  .trim()
  .max(MAX_EMAIL, VALID_EMAIL)
  .pipe(z.email({ error: VALID_EMAIL }));

const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().optional());

export const SignInSchema = z
  .object({
    // Optional: the action treats a form without an intent as a sign-in.
    intent: z.literal("signin").optional(),
    email: optionalText,
    phone: optionalText,
    password: z.string().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if ((!value.email && !value.phone) || !value.password) {
      ctx.addIssue({ code: "custom", message: MISSING_CREDENTIALS, path: [] });
    }
  });

export const SignUpSchema = z
  .object({
    intent: z.literal("signup"),
    email: optionalText,
    phone: optionalText,
    password: z.string().optional(),
    fullName: fieldRules.fullName,
    username: fieldRules.username,
    // Honeypot: hidden from people, filled by bots.
    website: z.string().max(0, "Não foi possível criar a conta.").optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    // The spec's rule: an e-mail or a phone number, and a password.
    if ((!value.email && !value.phone) || !value.password) {
      ctx.addIssue({ code: "custom", message: MISSING_CREDENTIALS, path: [] });
      return;
    }
    if (value.email && !emailField.safeParse(value.email).success) {
      ctx.addIssue({ code: "custom", message: VALID_EMAIL, path: ["email"] });
    }
    if (value.phone && !normalizeBrazilianPhone(value.phone)) {
      ctx.addIssue({ code: "custom", message: PHONE_FORMAT, path: ["phone"] });
    }
    const problem = passwordProblem(value.password);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["password"] });
  });

export const ResetSchema = z.object({
  intent: z.literal("reset"),
  email: z.email({ error: "Digite um e-mail válido, como nome@exemplo.com." }),
});

export const ResendSchema = z.object({ intent: z.literal("resend"), email: emailField });

// Any length: only its SHA-256 is looked up, so a long token is simply unknown.
export const ConfirmSchema = z.object({ intent: z.literal("confirm"), token: z.string({ error: "Abra o link que enviamos por e-mail." }) });

export const UpdatePasswordSchema = z
  .object({
    intent: z.literal("update-password"),
    password: z.string({ error: "Digite a nova senha." }),
    token: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["password"] });
  });

type FormResult = Parameters<typeof useForm>[0]["lastResult"];

/** The conform form of one of /login's intents, checked in the browser by the action's own schema. */
function useLoginForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: FormResult,
  shouldValidate: "onSubmit" | "onBlur" = "onSubmit",
  defaultValue?: Record<string, string>,
) {
  return useForm({
    id,
    lastResult,
    // Typed loosely: the schema, not these strings, decides the fields' types.
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The shape every /login form shares: a plain POST naming its intent, what goes before the
 * errors (hidden fields, a status), the form's errors, its fields and one wide submit button.
 */
function LoginForm<Shape extends Record<string, unknown>>(props: { form: FormMetadata<Shape, unknown>; intent: string; busy: boolean; submit: string; top?: ReactNode; children: ReactNode }) {
  const { form, intent, busy, submit, top, children } = props;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {top}
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}

/**
 * After sign-in: the page that sent the visitor here, else the last page visited in this tab.
 * Controlled on purpose: a hidden input's value is its default value, so React would reset a
 * value written straight to the DOM back to `defaultValue` on the form's next render.
 */
function RedirectField({ redirectTo, favorite }: { redirectTo: string; favorite: string }) {
  const [value, setValue] = useState(redirectTo);
  useEffect(() => {
    setValue(redirectTo || safeRedirectPath(window.sessionStorage.getItem(LAST_PATH_KEY), ""));
  }, [redirectTo]);
  return (
    <>
      <input type="hidden" name="redirectTo" value={value} />
      {/* The heart a visitor tapped before signing in: added once they are in. */}
      {favorite ? <input type="hidden" name="favorite" value={favorite} /> : null}
    </>
  );
}

type SignInProps = { lastResult: FormResult; redirectTo: string; favorite: string; busy: boolean };

export function SignInForm({ lastResult, redirectTo, favorite, busy }: SignInProps) {
  const [form, fields] = useLoginForm("signin", SignInSchema, lastResult);
  useEmptyPasswordOnReply(lastResult, fields.password.id);
  return (
    <LoginForm form={form} intent="signin" busy={busy} submit="Entrar" top={<RedirectField redirectTo={redirectTo} favorite={favorite} />}>
      <FormField field={fields.email} label="E-mail ou celular" type="text" autoComplete="username" inputMode="email" />
      <FormField field={fields.password} label="Senha" type="password" autoComplete="current-password" />
    </LoginForm>
  );
}

export function SignUpForm({ lastResult, redirectTo, favorite, busy }: SignInProps) {
  const [form, fields] = useLoginForm("signup", SignUpSchema, lastResult, "onBlur");
  useEmptyPasswordOnReply(lastResult, fields.password.id);
  return (
    <LoginForm form={form} intent="signup" busy={busy} submit="Criar conta" top={<RedirectField redirectTo={redirectTo} favorite={favorite} />}>
      <FormField field={fields.fullName} label="Nome completo" autoComplete="name" />
      <FormField field={fields.username} label="Nome de usuário" autoComplete="username" hint="Seu endereço no Guida: /u/seu_nome" />
      <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
      <FormField field={fields.phone} label="Celular" type="tel" autoComplete="tel" hint="Ou, em vez do e-mail, seu celular com DDD." />
      <FormField field={fields.password} label="Senha" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres." />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="signup-website">Não preencha este campo</label>
        <input id="signup-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </LoginForm>
  );
}

export function ResetForm({ lastResult, sent, busy }: { lastResult: FormResult; sent: boolean; busy: boolean }) {
  const [form, fields] = useLoginForm("reset", ResetSchema, lastResult);
  const status = sent ? (
    <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-900 dark:text-brand-50">
      Se existir uma conta com este e-mail, você vai receber um link para criar uma nova senha.
    </p>
  ) : null;
  return (
    <LoginForm form={form} intent="reset" busy={busy} submit="Enviar link" top={status}>
      <FormField field={fields.email} label="E-mail da conta" type="email" autoComplete="email" />
    </LoginForm>
  );
}

export function UpdatePasswordForm({ lastResult, token, busy }: { lastResult: FormResult; token: string; busy: boolean }) {
  const [form, fields] = useLoginForm("update-password", UpdatePasswordSchema, lastResult);
  useEmptyPasswordOnReply(lastResult, fields.password.id);
  return (
    <LoginForm form={form} intent="update-password" busy={busy} submit="Salvar nova senha" top={<input type="hidden" name="token" value={token} />}>
      <FormField field={fields.password} label="Nova senha" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres." />
    </LoginForm>
  );
}

const statusClass = "rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-900 dark:text-brand-50";

/**
 * After a sign-up or a resend: the same words whether or not the address had an account
 * (GoTrue with confirmations on), and a way to ask for the link again.
 */
export function ConfirmationSent({ email, resent, busy }: { email: string; resent: boolean; busy: boolean }) {
  return (
    <div className="space-y-4">
      <p role="status" className={statusClass}>
        {resent ? "Pedido recebido. Se este e-mail estiver aguardando confirmação, enviamos um novo link para " : "Enviamos um link para "}
        <strong className="break-all">{email}</strong>. Abra-o para ativar sua conta; ele vale por 24 horas.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
          Reenviar link
        </Button>
      </Form>
    </div>
  );
}

/** Asks for the link again: under a refused sign-in of an unconfirmed account, or an expired link. */
export function ResendForm({ lastResult, email, busy }: { lastResult: FormResult; email: string; busy: boolean }) {
  const [form, fields] = useLoginForm("resend", ResendSchema, lastResult, "onSubmit", { email });
  return (
    <LoginForm form={form} intent="resend" busy={busy} submit="Reenviar link de confirmação">
      <FormField field={fields.email} label="E-mail da conta" type="email" autoComplete="email" />
    </LoginForm>
  );
}

/**
 * The mailed link opens this page; a button confirms. A GET changes nothing: mail scanners
 * that open every link would otherwise use it up before its owner does.
 */
export function ConfirmForm({ lastResult, token, busy }: { lastResult: FormResult; token: string; busy: boolean }) {
  const [form] = useLoginForm("confirm", ConfirmSchema, lastResult);
  return (
    <LoginForm form={form} intent="confirm" busy={busy} submit="Confirmar e-mail" top={<input type="hidden" name="token" value={token} />}>
      <p className="text-sm">Toque no botão para confirmar que este e-mail é seu.</p>
    </LoginForm>
  );
}
