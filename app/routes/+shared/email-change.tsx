import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormErrors, FormField } from "~/components/ui/form-field";
import { emailField } from "./login-forms";

/** /edit-profile intent=email: the new address, confirmed by its own link before it counts. */
export const EmailChangeSchema = z.object({ intent: z.literal("email"), email: emailField });

type FormResult = Parameters<typeof useForm>[0]["lastResult"];

export function EmailChangeForm({ current, lastResult, busy }: { current: string | null; lastResult: FormResult; busy: boolean }) {
  const [form, fields] = useForm({
    id: "email",
    lastResult,
    constraint: getZodConstraint(EmailChangeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailChangeSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <h2 className="text-lg font-semibold">E-mail</h2>
      <p className="text-sm">
        {current ? (
          <>
            Seu e-mail: <strong className="break-all">{current}</strong>
          </>
        ) : (
          "Sua conta ainda não tem e-mail: só o celular."
        )}
      </p>
      <input type="hidden" name="intent" value="email" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <FormField field={fields.email} label={current ? "Novo e-mail" : "E-mail"} type="email" autoComplete="email" hint="Enviamos um link para ele; o e-mail muda quando você abrir o link." />
      <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
        Enviar link de confirmação
      </Button>
    </Form>
  );
}
