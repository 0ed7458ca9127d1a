import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import "#core/zod-messages";
import { businessPage } from "#server/cache/reads";
import { claimBusiness, claimStatus, type ClaimStatus } from "#server/models/listing-proposals";
import { outcomeOf } from "#server/models/moderation";
import { parseSubmission, redirectWithFlash, signedInAction } from "#server/toolkit/action";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/claim-business";
import { textLinkClass } from "~/components/ui/text-link";

const ClaimSchema = z.object({
  note: z.string().trim().max(500, "A mensagem pode ter no máximo 500 caracteres.").optional(),
});

export const meta: Route.MetaFunction = () => [{ title: "Este negócio é meu · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const business = await ctx.db.asVisitor(businessPage, { id: params.id });
  if (!business) throw data(null, { status: 404 });
  const status = await ctx.db.asCaller((tx) => claimStatus(tx, user.id, business.id));
  return { business: { id: business.id, name: business.name }, status };
}

/** POST note (optional): a claim a moderator approves at /moderacao; 409 when already made. */
export const action = signedInAction(async ({ request, params }: Route.ActionArgs, { ctx, user, form }) => {
  const read = parseSubmission(form, ClaimSchema);
  if (!read.ok) return read.refusal;
  const business = await ctx.db.asVisitor(businessPage, { id: params.id });
  if (!business) throw data(null, { status: 404 });
  const outcome = await outcomeOf(ctx.db.asCaller((tx) => claimBusiness(tx, user.id, business.id, read.value.note ?? "")));
  if (outcome === "duplicate") return read.refuse(409, { formErrors: ["Você já pediu este negócio. A moderação vai analisar."] });
  if (outcome !== "done") return read.refuse(403, { formErrors: ["Não foi possível enviar o pedido: você já é o dono ou sua conta está bloqueada."] });
  return redirectWithFlash(request, `/business/${business.id}`, "Pedido enviado. A moderação vai confirmar que o negócio é seu.");
});

const STATUS_TEXT: Record<ClaimStatus, string> = {
  owner: "Você já é o dono deste negócio.",
  pending: "Seu pedido está com a moderação.",
  rejected: "Seu pedido não foi aprovado.",
  // A former owner: their claim was approved, then the moderation approved someone else's.
  lost: "Este negócio não é mais seu: a moderação aprovou o pedido de outra pessoa depois do seu. Se isso estiver errado, use “Informar erro” na página do negócio.",
};

export default function ClaimBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const { business, status } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "claim-business",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ClaimSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClaimSchema }),
  });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Este negócio é meu: {business.name}</h1>
      {status ? (
        <p role="status" className="font-semibold">{STATUS_TEXT[status]}</p>
      ) : (
        <>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            A moderação confirma que você é o dono. Depois disso, você edita o telefone, o WhatsApp, o endereço, o horário, a descrição e as fotos.
          </p>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <FormErrors errors={form.errors} id={form.errorId} />
            <TextAreaField field={fields.note} label="Como podemos confirmar? (opcional)" rows={3} maxLength={500} />
            <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
              {busy ? "Enviando..." : "Pedir para ser o dono"}
            </Button>
          </Form>
        </>
      )}
      <Link to={`/business/${business.id}`} className={textLinkClass()}>
        ← Voltar ao negócio
      </Link>
    </div>
  );
}
