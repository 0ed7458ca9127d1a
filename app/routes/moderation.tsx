import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors } from "~/components/ui/form-field";
import { formatShortDate } from "#core/format";
import "#core/zod-messages";
import { formatBrazilianPhone } from "#core/phone";
import { REPORT_REASON_LABELS, REPORTABLE_KIND_NAMES, REPORTABLE_KINDS, reportedItemHref } from "#core/moderation";
import { everyRefusalMessage } from "#core/refused";
import { refusePage } from "#server/toolkit/refuse-page";
import { listPendingClaims, listPendingProposals, reviewClaim, reviewProposal } from "#server/models/listing-proposals";
import { listPendingEvents, reviewEvent } from "#server/models/events";
import { eventPlace, eventPrice, eventWhen } from "#core/events";
import { listReportedItems, moderateItem, outcomeOf, roleOf, type Outcome } from "#server/models/moderation";
import { intentOf, parseSubmission, redirectWithFlash, replyRefused, signedInAction } from "#server/toolkit/action";
import { getRequestContext, type RequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/moderation";
import { textLinkClass } from "~/components/ui/text-link";
import { PageHeader } from "~/components/ui/page-header";

export const meta: Route.MetaFunction = () => [{ title: "Moderação · Guida" }, { name: "robots", content: "noindex" }];

const ONLY_MODERATORS = { title: "Só para moderadores", message: "A fila de moderação é só para quem modera o Guida." };

/** The queue: reported items grouped, pending listings, claims and events (issue #32), newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  await ctx.requireUser();
  return ctx.db.asCaller(async (tx) => {
    const role = await roleOf(tx);
    if (role === "resident") throw refusePage(403, ONLY_MODERATORS);
    const [reported, proposals, claims, events] = [await listReportedItems(tx), await listPendingProposals(tx), await listPendingClaims(tx), await listPendingEvents(tx)];
    return { role, reported, proposals, claims, events };
  });
}

// The kind and id travel in hidden fields: only a hand-made post gets them wrong (issue #25).
const Note = z.string().trim().max(500, "A observação pode ter no máximo 500 caracteres.").optional();
const Kind = z.enum(REPORTABLE_KINDS, { error: "Não sabemos que tipo de conteúdo é este. Abra a fila de novo." });
const Id = z.string({ error: "Não sabemos qual item é este. Abra a fila de novo." }).uuid("Não sabemos qual item é este. Abra a fila de novo.");
const ItemActionSchema = z.object({ kind: Kind, id: Id, note: Note });
const ReviewSchema = z.object({ id: Id, note: Note });
// A refused event's proposer reads the reason in their notification.
const NO_REASON = "Diga o motivo da recusa: ele vai para quem propôs o evento.";
const RefuseEventSchema = z.object({ id: Id, note: z.string({ error: (issue) => (issue.input === undefined ? NO_REASON : undefined) }).trim().min(1, NO_REASON).max(500, "O motivo pode ter no máximo 500 caracteres.") });

const DONE: Record<string, string> = {
  hide: "Conteúdo ocultado.",
  restore: "Conteúdo restaurado.",
  dismiss: "Denúncias descartadas.",
  block: "Autor bloqueado: não publica mais e suas sessões terminaram.",
  "approve-listing": "Cadastro aprovado: já aparece no Guida.",
  "reject-listing": "Cadastro recusado.",
  "approve-claim": "Pedido aprovado: o negócio tem um dono.",
  "reject-claim": "Pedido recusado.",
  "approve-event": "Evento aprovado: já está na agenda.",
  "reject-event": "Evento recusado. Quem propôs recebeu o motivo.",
};

/**
 * POST intent (hide, restore, dismiss, block: kind, id; approve-listing, reject-listing,
 * approve-claim, reject-claim, approve-event: id; reject-event: id and the reason) and an
 * optional note. The database refuses whoever is
 * not a moderator (403), whatever this route checks.
 */
export const action = signedInAction(async ({ request }: Route.ActionArgs, { ctx, form }) => {
  const intent = intentOf(form);
  switch (intent) {
    case "hide":
    case "restore":
    case "dismiss":
    case "block": {
      const parsed = parseSubmission(form, ItemActionSchema);
      if (!parsed.ok) return parsed.refusal;
      const { kind, id, note } = parsed.value;
      return answer(request, intent, await outcomeOf(ctx.db.asCaller((tx) => moderateItem(tx, { kind, id, action: intent, note: note ?? "" }))));
    }
    case "approve-listing":
    case "reject-listing":
    case "approve-claim":
    case "reject-claim":
    case "approve-event":
    case "reject-event":
      return review(request, ctx, form, intent);
    default:
      return replyRefused(400, "Ação desconhecida.");
  }
});

async function review(request: Request, ctx: RequestContext, form: FormData, intent: string) {
  const parsed = parseSubmission(form, intent === "reject-event" ? RefuseEventSchema : ReviewSchema);
  if (!parsed.ok) return parsed.refusal;
  const { id, note } = parsed.value;
  const approve = intent.startsWith("approve");
  const run = intent.endsWith("listing") ? reviewProposal : intent.endsWith("event") ? reviewEvent : reviewClaim;
  return answer(request, intent, await outcomeOf(ctx.db.asCaller((tx) => run(tx, id, approve, note ?? ""))));
}

function answer(request: Request, intent: string, outcome: Outcome) {
  switch (outcome) {
    case "done":
      return redirectWithFlash(request, "/moderacao", DONE[intent]!);
    case "not-found":
      return replyRefused(404, "Este item não está mais na fila: outra pessoa da moderação já cuidou dele.", { intent });
    case "refused":
      return replyRefused(403, intent === "block" ? "Esta pessoa não pode ser bloqueada (é da moderação ou é você)." : ONLY_MODERATORS.message, { intent });
    default:
      return replyRefused(409, "Não foi possível concluir. Abra a fila de novo.", { intent });
  }
}

function NoteField({ id, label = "Observação (opcional)" }: { id: string; label?: string }) {
  return (
    <label className="block text-sm">
      {label}
      <textarea name="note" id={id} rows={2} maxLength={500} className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base dark:border-stone-700 dark:bg-stone-900" />
    </label>
  );
}

/** One moderation form: the item's hidden fields, an optional note and the intents' buttons. */
function ModerationForm({ fields, noteLabel, children }: { fields: Record<string, string>; noteLabel?: string; children: ReactNode }) {
  return (
    <Form method="post" className="space-y-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <NoteField id={`note-${fields.id}`} label={noteLabel} />
      <div className="flex flex-wrap gap-2">{children}</div>
    </Form>
  );
}

/** A pending listing or claim: what it is, then approve or refuse it (approve-/reject-listing, -claim). */
function ReviewCard(props: { id: string; kind: "listing" | "claim" | "event"; label: string; heading: ReactNode; busy: boolean; children: ReactNode }) {
  const { id, kind, label, heading, busy, children } = props;
  return (
    <article className={cardClass("space-y-2 p-4")} aria-label={label}>
      <h3 className="font-semibold">{heading}</h3>
      {children}
      <ModerationForm fields={{ id }} noteLabel={kind === "event" ? "Motivo (obrigatório para recusar; vai para quem propôs)" : undefined}>
        <Button type="submit" name="intent" value={`approve-${kind}`} variant="primary" size="sm" disabled={busy}>Aprovar</Button>
        <Button type="submit" name="intent" value={`reject-${kind}`} variant="secondary" size="sm" disabled={busy}>Recusar</Button>
      </ModerationForm>
    </article>
  );
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { reported, proposals, claims, events, role } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title="Moderação">
        {role === "admin" ? (
          <Link to="/moderacao/registro" className={textLinkClass()}>
            Registro de ações
          </Link>
        ) : null}
      </PageHeader>
      <FormErrors errors={everyRefusalMessage(actionData)} />

      <section aria-labelledby="denuncias" className="space-y-3">
        <h2 id="denuncias" className="text-lg font-semibold">Denúncias ({reported.length})</h2>
        {reported.length === 0 ? <EmptyState>Nenhuma denúncia aberta.</EmptyState> : null}
        {reported.map((item) => (
          <article key={`${item.kind}-${item.id}`} className={cardClass("space-y-2 p-4")} aria-label={`Denúncias: ${item.title}`}>
            <p className="text-xs uppercase tracking-wide text-stone-500 dark:text-stone-400">
              {REPORTABLE_KIND_NAMES[item.kind]} · {item.reports} {item.reports === 1 ? "denúncia" : "denúncias"} (peso{" "}
              {item.weight.toLocaleString("pt-BR", { maximumFractionDigits: 2 })}) · última em{" "}
              {formatShortDate(new Date(item.lastReportAt))}
              {item.state === "hidden" ? <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">Oculto</span> : null}
            </p>
            <h3 className="font-semibold">
              <Link to={item.href} className="hover:underline">{item.title}</Link>
            </h3>
            {item.context ? <p className="text-sm text-stone-600 dark:text-stone-300">{item.context}</p> : null}
            {item.authorName ? <p className="text-sm">Autor: {item.authorName}</p> : null}
            <ul className="flex flex-wrap gap-2 text-sm">
              {item.reasons.map((r) => (
                <li key={r.reason} className="rounded-full bg-stone-100 px-2 py-0.5 dark:bg-stone-800">
                  {REPORT_REASON_LABELS[r.reason]}: {r.count}
                </li>
              ))}
            </ul>
            {item.notes.length ? (
              <ul className="list-disc pl-5 text-sm text-stone-600 dark:text-stone-300">
                {item.notes.map((n, i) => <li key={i}>{n}</li>)}
              </ul>
            ) : null}
            <ModerationForm fields={{ kind: item.kind, id: item.id }}>
              <Button type="submit" name="intent" value="hide" variant="secondary" size="sm" disabled={busy}>Ocultar</Button>
              <Button type="submit" name="intent" value="restore" variant="secondary" size="sm" disabled={busy}>Restaurar</Button>
              <Button type="submit" name="intent" value="dismiss" variant="secondary" size="sm" disabled={busy}>Descartar denúncias</Button>
              <Button type="submit" name="intent" value="block" variant="danger" size="sm" disabled={busy}>Bloquear autor</Button>
            </ModerationForm>
          </article>
        ))}
      </section>

      <section aria-labelledby="cadastros" className="space-y-3">
        <h2 id="cadastros" className="text-lg font-semibold">Cadastros pendentes ({proposals.length})</h2>
        {proposals.map((p) => (
          <ReviewCard key={p.id} id={p.id} kind="listing" label={`Cadastro: ${p.name}`} heading={p.name} busy={busy}>
            <p className="text-sm">
              {p.kind === "business" ? "Negócio" : p.kind === "service" ? "Serviço" : "Motorista"} · {p.category} · proposto por {p.proposerName}
            </p>
            {p.description ? <p className="text-sm">{p.description}</p> : null}
            <p className="text-sm text-stone-600 dark:text-stone-300">{[p.address, p.neighbourhood, p.phone && formatBrazilianPhone(p.phone), p.whatsapp && `WhatsApp ${formatBrazilianPhone(p.whatsapp)}`]
                .filter(Boolean)
                .join(" · ")}</p>
          </ReviewCard>
        ))}
      </section>

      <section aria-labelledby="eventos" className="space-y-3">
        <h2 id="eventos" className="text-lg font-semibold">Eventos propostos ({events.length})</h2>
        {events.map((e) => (
          <ReviewCard key={e.id} id={e.id} kind="event" label={`Evento: ${e.title}`} heading={<Link to={`/agenda/${e.id}`} className="hover:underline">{e.title}</Link>} busy={busy}>
            <p className="text-sm">{eventWhen(e)} · {eventPlace(e)}</p>
            <p className="text-sm">{e.category} · {eventPrice(e.priceCents)} · proposto por {e.proposerName}</p>
            {e.description ? <p className="whitespace-pre-line text-sm">{e.description}</p> : null}
          </ReviewCard>
        ))}
      </section>

      <section aria-labelledby="donos" className="space-y-3">
        <h2 id="donos" className="text-lg font-semibold">Pedidos de dono ({claims.length})</h2>
        {claims.map((c) => (
          <ReviewCard
            key={c.id}
            id={c.id}
            kind="claim"
            label={`Pedido de dono: ${c.businessName}`}
            heading={<Link to={`/business/${c.businessId}`} className="hover:underline">{c.businessName}</Link>}
            busy={busy}
          >
            <p className="text-sm">{c.claimantName} diz que o negócio é seu.{c.note ? ` “${c.note}”` : ""}</p>
            {/* Issue #25: approving takes the business from its owner, who is then told. */}
            <p className="text-sm font-semibold">
              {c.ownerId ? (
                <>
                  Dono atual:{" "}
                  <Link to={reportedItemHref("profile", c.ownerId)} className={textLinkClass()}>{c.ownerName ?? "perfil indisponível"}</Link>
                  {" "}(aprovar transfere o negócio e avisa o dono atual)
                </>
              ) : (
                "Sem dono até agora."
              )}
            </p>
          </ReviewCard>
        ))}
      </section>
    </div>
  );
}
