import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { z } from "zod";
import { FormErrors, FormField, useEmptyPasswordOnReply } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import { fieldRules, PHONE_FORMAT } from "~/lib/field-rules";
import { passwordProblem } from "~/lib/password-policy";
import { normalizeBrazilianPhone } from "~/lib/phone";
import { safeRedirectPath } from "~/lib/redirects";
import { LAST_PATH_KEY } from "~/lib/session-keys";
import "~/lib/zod-messages";

/**
 * /login's four forms (sign in, sign up, reset, new password) and the zod schemas that both
 * they (in the browser) and the route's action (on the server) check a submission against.
 */

/** The spec's own words for a sign-in or sign-up without credentials (kept in English). */
export const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";

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
    if (value.email && !z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: "custom", message: "Digite um e-mail válido, como nome@exemplo.com.", path: ["email"] });
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

export function SignInForm({
  lastResult,
  redirectTo,
  favorite,
  busy,
}: {
  lastResult: FormResult;
  redirectTo: string;
  favorite: string;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "signin",
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });
  useEmptyPasswordOnReply(lastResult, fields.password.id);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signin" />
      <RedirectField redirectTo={redirectTo} favorite={favorite} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <FormField field={fields.email} label="E-mail ou celular" type="text" autoComplete="username" inputMode="email" />
      <FormField field={fields.password} label="Senha" type="password" autoComplete="current-password" />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        Entrar
      </Button>
    </Form>
  );
}

export function SignUpForm({
  lastResult,
  redirectTo,
  favorite,
  busy,
}: {
  lastResult: FormResult;
  redirectTo: string;
  favorite: string;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    constraint: getZodConstraint(SignUpSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
  });
  useEmptyPasswordOnReply(lastResult, fields.password.id);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <RedirectField redirectTo={redirectTo} favorite={favorite} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <FormField field={fields.fullName} label="Nome completo" autoComplete="name" />
      <FormField field={fields.username} label="Nome de usuário" autoComplete="username" hint="Seu endereço no Guida: /u/seu_nome" />
      <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
      <FormField field={fields.phone} label="Celular" type="tel" autoComplete="tel" hint="Ou, em vez do e-mail, seu celular com DDD." />
      <FormField field={fields.password} label="Senha" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres." />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="signup-website">Não preencha este campo</label>
        <input id="signup-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        Criar conta
      </Button>
    </Form>
  );
}

export function ResetForm({ lastResult, sent, busy }: { lastResult: FormResult; sent: boolean; busy: boolean }) {
  const [form, fields] = useForm({
    id: "reset",
    lastResult,
    constraint: getZodConstraint(ResetSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="reset" />
      {sent ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          Se existir uma conta com este e-mail, você vai receber um link para criar uma nova senha.
        </p>
      ) : null}
      <FormErrors errors={form.errors} id={form.errorId} />
      <FormField field={fields.email} label="E-mail da conta" type="email" autoComplete="email" />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        Enviar link
      </Button>
    </Form>
  );
}

export function UpdatePasswordForm({ lastResult, token, busy }: { lastResult: FormResult; token: string; busy: boolean }) {
  const [form, fields] = useForm({
    id: "update-password",
    lastResult,
    constraint: getZodConstraint(UpdatePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdatePasswordSchema }),
  });
  useEmptyPasswordOnReply(lastResult, fields.password.id);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="update-password" />
      <input type="hidden" name="token" value={token} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <FormField field={fields.password} label="Nova senha" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres." />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        Salvar nova senha
      </Button>
    </Form>
  );
}
