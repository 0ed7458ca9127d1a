import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { cardClass } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { controlClass, FormErrors, FormField, LabelledField } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { VEHICLE_KINDS, VEHICLE_LABELS } from "#core/drivers";
import { listingFields, PROPOSAL_PATHS, PROPOSAL_TITLES, type ProposalPath } from "~/lib/listing-form";
import { formatShortDate } from "#core/format";
import "#core/zod-messages";
import { listOwnProposals, proposeListing } from "#server/models/listing-proposals";
import { outcomeOf } from "#server/models/moderation";
import { parseSubmission, redirectWithFlash, signedInAction } from "#server/toolkit/action";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/propose-listing";
import { LocationFields } from "~/components/location-fields";
import { checkLocation, locationFields, positionOf } from "~/lib/location-form";

const name = z.string({ error: "Diga o nome." }).trim().min(1, "Diga o nome.").max(120, "O nome pode ter no máximo 120 caracteres.");
const category = z.string({ error: "Diga a categoria." }).trim().min(1, "Diga a categoria.").max(60, "A categoria pode ter no máximo 60 caracteres.");

const SCHEMAS = {
  negocio: z.object({ name, category, ...listingFields, ...locationFields }).superRefine(checkLocation),
  servico: z.object({ name, category, ...listingFields, ...locationFields }).superRefine(checkLocation),
  motorista: z.object({ name, category: z.enum(VEHICLE_KINDS, { error: "Escolha o veículo." }), ...listingFields, ...locationFields }).superRefine(checkLocation),
} as const;

function pathOf(params: { tipo?: string }): ProposalPath {
  if (params.tipo && params.tipo in PROPOSAL_PATHS) return params.tipo as ProposalPath;
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${PROPOSAL_TITLES[params.tipo as ProposalPath] ?? "Cadastrar"} · Guida` },
  { name: "robots", content: "noindex" },
];

/** The form, and the resident's own proposals with their status (only they and moderators see them). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const tipo = pathOf(params);
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const proposals = await ctx.db.asCaller((tx) => listOwnProposals(tx, user.id));
  return { tipo, proposals };
}

/**
 * POST name, category (a driver: moto, carro, van or frete), description, address,
 * neighbourhood, phone, whatsapp: a pending proposal, 303 back here. Nothing is listed until
 * a moderator approves it at /moderacao.
 */
export const action = signedInAction(async ({ request, params }: Route.ActionArgs, { ctx, user, form }) => {
  const tipo = pathOf(params);
  const read = parseSubmission(form, SCHEMAS[tipo]);
  if (!read.ok) return read.refusal;
  const v = read.value;
  const outcome = await outcomeOf(
    ctx.db.asCaller((tx) =>
      proposeListing(tx, user.id, {
        kind: PROPOSAL_PATHS[tipo],
        name: v.name,
        category: v.category,
        description: v.description ?? "",
        address: tipo === "negocio" ? (v.address ?? "") : "",
        neighbourhood: v.neighbourhood ?? "",
        phone: v.phone ?? null,
        whatsapp: v.whatsapp ?? null,
        position: positionOf(v),
      }),
    ),
  );
  if (outcome === "refused") return read.refuse(403, { formErrors: ["Sua conta está bloqueada pela moderação e não pode cadastrar."] });
  return redirectWithFlash(request, `/cadastrar/${tipo}`, "Cadastro enviado. Ele aparece no Guida quando a moderação aprovar.");
});

const STATUS_LABELS = { pending: "Aguardando a moderação", approved: "Aprovado", rejected: "Não aprovado" } as const;

export default function ProposeListing({ loaderData, actionData }: Route.ComponentProps) {
  const { tipo, proposals } = loaderData;
  const busy = useNavigation().state === "submitting";
  const schema = SCHEMAS[tipo];
  const [form, fields] = useForm({
    id: `cadastrar-${tipo}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{PROPOSAL_TITLES[tipo]}</h1>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        O cadastro passa pela moderação antes de aparecer no Guida. Até lá, só você e a moderação o veem.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormField field={fields.name} label="Nome" />
        {tipo === "motorista" ? (
          <LabelledField field={fields.category} label="Veículo">
            <select {...getSelectProps(fields.category)} key={fields.category.key} className={controlClass}>
              <option value="">Escolha</option>
              {VEHICLE_KINDS.map((k) => (
                <option key={k} value={k}>{VEHICLE_LABELS[k]}</option>
              ))}
            </select>
          </LabelledField>
        ) : (
          <FormField field={fields.category} label="Categoria" placeholder={tipo === "negocio" ? "Padarias" : "Reformas"} />
        )}
        <TextAreaField field={fields.description} label="Descrição (opcional)" rows={4} maxLength={4000} />
        {tipo === "negocio" ? <FormField field={fields.address} label="Endereço (opcional)" /> : null}
        <FormField field={fields.neighbourhood} label={tipo === "motorista" ? "Região que atende (opcional)" : "Bairro (opcional)"} />
        <FormField field={fields.phone} label="Telefone (opcional)" type="tel" inputMode="tel" />
        <FormField field={fields.whatsapp} label="WhatsApp (opcional)" type="tel" inputMode="tel" />
        <LocationFields latitude={fields.latitude} longitude={fields.longitude} lugar={fields.lugar}
          what={tipo === "negocio" ? "o negócio" : tipo === "servico" ? "o serviço" : "o ponto do motorista"} />
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          {busy ? "Enviando..." : "Enviar para a moderação"}
        </Button>
      </Form>
      {proposals.length ? (
        <section aria-labelledby="meus-cadastros" className="space-y-2">
          <h2 id="meus-cadastros" className="text-lg font-semibold">Meus cadastros</h2>
          <ul className="space-y-2">
            {proposals.map((p) => (
              <li key={p.id} className={cardClass("p-3 text-sm")}>
                <span className="font-semibold">{p.name}</span> · {STATUS_LABELS[p.status]} · {formatShortDate(new Date(p.createdAt))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
