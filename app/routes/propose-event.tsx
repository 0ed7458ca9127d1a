import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { controlClass, FormErrors, FormField, LabelledField } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { EVENT_CATEGORIES, eventWhen } from "#core/events";
import { EventProposalSchema } from "~/lib/event-form";
import { townInstant } from "#server/models/duty-rota";
import { businessNamed, eventProposalOutcomeOf, listOwnEvents, proposeEvent, type ProposalRefusal } from "#server/models/events";
import { getEnv } from "#server/env";
import { parseSubmission, redirectWithFlash, signedInAction } from "#server/toolkit/action";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/propose-event";

export const meta: Route.MetaFunction = () => [{ title: "Propor evento · Agenda · Guida" }, { name: "robots", content: "noindex" }];

/** The form, and the resident's own proposals with their status (only they and moderation see the pending ones). */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  return { events: await ctx.db.asCaller((tx) => listOwnEvents(tx, user.id)) };
}

/** What each refusal of the database says (20261202000300_event_proposals.sql), and its status. */
const REFUSALS: Record<ProposalRefusal, [number, string]> = {
  rate_limited_new: [429, "Contas sem e-mail confirmado podem propor até 2 eventos por dia. Confirme um e-mail no seu perfil para propor mais."],
  rate_limited: [429, "Você já propôs muitos eventos hoje. Tente de novo amanhã."],
  blocked: [403, "Sua conta está bloqueada pela moderação e não pode propor eventos."],
};

/**
 * POST titulo, descricao, inicio and fim (datetime-local on the town's clock), local (a listed
 * business's exact name, or an address), categoria, preco (blank: free): a pending event, 303
 * back here. Nothing is on the agenda until a moderator approves it at /moderacao.
 */
export const action = signedInAction(async ({ request }: Route.ActionArgs, { ctx, user, form }) => {
  const read = parseSubmission(form, EventProposalSchema);
  if (!read.ok) return read.refusal;
  const v = read.value;
  const startsAt = townInstant(v.inicio)!;
  const endsAt = townInstant(v.fim)!;
  // The server's clock, not the database's rules: the agenda shows what is still to come.
  if (Date.parse(endsAt) <= Date.now()) return read.refuse(400, { fieldErrors: { fim: ["Este evento já terminou: a agenda mostra o que ainda vai acontecer."] } });
  const outcome = await eventProposalOutcomeOf(
    ctx.db.asCaller(async (tx) => {
      const businessId = await businessNamed(tx, v.local);
      const input = { title: v.titulo, description: v.descricao ?? "", startsAt, endsAt, category: v.categoria, priceCents: v.preco ?? null };
      return proposeEvent(tx, user.id, { ...input, businessId, address: businessId ? "" : v.local }, getEnv().RATE_LIMIT_SCALE);
    }),
  );
  if (!outcome.ok) {
    const [status, message] = REFUSALS[outcome.refusal];
    return read.refuse(status, { formErrors: [message] });
  }
  return redirectWithFlash(request, "/agenda/propor", "Evento enviado. Ele aparece na agenda quando a moderação aprovar.");
});

const STATUS_LABELS = { pending: "Aguardando a moderação", approved: "Na agenda", rejected: "Não aprovado" } as const;

export default function ProposeEvent({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "propor-evento",
    lastResult: actionData?.result,
    constraint: getZodConstraint(EventProposalSchema),
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EventProposalSchema }),
  });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Propor evento</h1>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        A moderação confere cada evento antes de ele entrar na agenda. Até lá, só você e a moderação o veem. Horários de Vila Serena.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormField field={fields.titulo} label="Nome do evento" placeholder="Festa junina da escola" />
        <TextAreaField field={fields.descricao} label="Descrição (opcional)" rows={4} maxLength={4000} />
        <FormField field={fields.inicio} label="Início" type="datetime-local" />
        <FormField field={fields.fim} label="Fim" type="datetime-local" />
        <FormField field={fields.local} label="Local" hint="O nome de um lugar do Guida (como Bar do Zé da Viola) ou um endereço." />
        <LabelledField field={fields.categoria} label="Categoria">
          <select {...getSelectProps(fields.categoria)} key={fields.categoria.key} className={controlClass}>
            <option value="">Escolha</option>
            {EVENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </LabelledField>
        <FormField field={fields.preco} label="Entrada em reais (deixe em branco se for gratuito)" inputMode="decimal" placeholder="15,00" />
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          {busy ? "Enviando..." : "Enviar para a moderação"}
        </Button>
      </Form>
      {loaderData.events.length ? (
        <section aria-labelledby="meus-eventos" className="space-y-2">
          <h2 id="meus-eventos" className="text-lg font-semibold">Meus eventos</h2>
          <ul className="space-y-2">
            {loaderData.events.map((e) => (
              <li key={e.id} className={cardClass("p-3 text-sm")}>
                <Link to={`/agenda/${e.id}`} className="font-semibold underline-offset-2 hover:underline">{e.title}</Link> · {STATUS_LABELS[e.status]} · {eventWhen(e)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
