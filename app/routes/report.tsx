import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FieldError, FormErrors } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { Button } from "~/components/ui/button";
import { KIND_LIST_HREFS, REPORT_REASON_LABELS, REPORT_REASONS, REPORTABLE_KIND_NAMES, REPORTABLE_KINDS, type ReportReason } from "#core/moderation";
import { refusePage } from "#server/toolkit/refuse-page";
import { safeRedirectPath } from "#core/redirects";
import { reportNotice, whyCannotReport } from "#core/trust";
import "#core/zod-messages";
import { itemIsHidden, outcomeOf, reportItem, reportTarget } from "#server/models/moderation";
import { myTrust } from "#server/models/trust";
import { parseSubmission, redirectWithFlash, signedInAction } from "#server/toolkit/action";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/report";

// Limits mirror the reports table's CHECK constraints.
const ReportSchema = z.object({
  tipo: z.enum(REPORTABLE_KINDS, { error: "Não sabemos o que você quer denunciar." }),
  id: z.string({ error: "Não sabemos o que você quer denunciar." }).uuid("Não sabemos o que você quer denunciar."),
  reason: z.enum(REPORT_REASONS, { error: "Escolha o motivo da denúncia." }),
  note: z.string().trim().max(500, "O comentário pode ter no máximo 500 caracteres.").optional(),
});

export const meta: Route.MetaFunction = () => [{ title: "Denunciar · Guida" }, { name: "robots", content: "noindex" }];

const ALREADY_HIDDEN = "Este conteúdo já foi ocultado. A moderação vai analisá-lo.";
const NOT_FOUND = { title: "Conteúdo não encontrado", message: "Este conteúdo não existe mais ou já foi ocultado." };

/**
 * GET ?tipo=post&id=…[&motivo=informacao_errada]: the form, for a signed-in resident whose
 * trust level may report (issue #25); below it, a 403 page saying why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  await ctx.requireUser();
  const url = new URL(request.url);
  const kind = z.enum(REPORTABLE_KINDS).safeParse(url.searchParams.get("tipo"));
  const id = url.searchParams.get("id") ?? "";
  if (!kind.success) throw refusePage(404, NOT_FOUND);
  const { target, trust, hidden } = await ctx.db.asCaller(async (tx) => {
    const found = await reportTarget(tx, kind.data, id);
    return { target: found, trust: await myTrust(tx), hidden: !found && (await itemIsHidden(tx, kind.data, id)) };
  });
  // Hidden meanwhile: also what a form posted without JavaScript shows after its 409.
  if (hidden) throw refusePage(409, { title: "Conteúdo já ocultado", message: ALREADY_HIDDEN, link: { to: KIND_LIST_HREFS[kind.data], label: "Voltar à lista" } });
  if (!target) throw refusePage(404, NOT_FOUND);
  if (!trust || trust.level < 1) throw refusePage(403, whyCannotReport(trust));
  const reason = z.enum(REPORT_REASONS).safeParse(url.searchParams.get("motivo"));
  return { kind: kind.data, id, title: target.title, href: target.href, reason: reason.success ? reason.data : null, notice: reportNotice(trust) };
}

/**
 * POST tipo, id, reason (spam, golpe, ofensivo, informacao_errada, outro), note: 303 back to
 * the item; 409 when this resident already reported it or it is already hidden, 403 below
 * the trust level that may report, 429 over the hourly limit, 404 for what they cannot see.
 */
export const action = signedInAction(async ({ request }: Route.ActionArgs, { ctx, user, form }) => {
  const read = parseSubmission(form, ReportSchema);
  if (!read.ok) return read.refusal;
  const { tipo, id, reason, note } = read.value;
  const outcome = await outcomeOf(ctx.db.asCaller((tx) => reportItem(tx, user.id, { kind: tipo, id, reason, note: note ?? "" })));
  switch (outcome) {
    case "done":
      // A comment's or a review's reporter goes back to the item it was written on (the form's `voltar`).
      return redirectWithFlash(request, tipo === "comment" || tipo === "review" ? safeRedirectPath(form.get("voltar"), KIND_LIST_HREFS[tipo]) : KIND_LIST_HREFS[tipo], "Denúncia enviada. Obrigado: a moderação vai analisar.");
    case "duplicate":
      return read.refuse(409, { formErrors: ["Você já denunciou este conteúdo. A moderação vai analisar."] });
    case "hidden":
      return read.refuse(409, { formErrors: [ALREADY_HIDDEN] });
    case "untrusted":
      return read.refuse(403, { formErrors: [whyCannotReport(await ctx.db.asCaller(myTrust)).message] });
    case "rate-limited":
      return read.refuse(429, { formErrors: ["Você enviou muitas denúncias na última hora. Tente de novo mais tarde."] });
    case "refused":
      // The insert policy also refuses an item that does not exist (a hand-made id, issue #25).
      if (!(await ctx.db.asCaller((tx) => reportTarget(tx, tipo, id)))) return read.refuse(404, { formErrors: [NOT_FOUND.message] });
      return read.refuse(403, { formErrors: ["Sua conta está bloqueada pela moderação e não pode enviar denúncias."] });
    case "not-found":
      return read.refuse(404, { formErrors: [NOT_FOUND.message] });
  }
});

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "report",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ReportSchema),
    defaultValue: { tipo: loaderData.kind, id: loaderData.id, reason: loaderData.reason ?? undefined },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReportSchema }),
  });
  const chosen = (fields.reason.value ?? loaderData.reason) as ReportReason | null;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Denunciar {REPORTABLE_KIND_NAMES[loaderData.kind]}</h1>
      <p className="text-stone-700 dark:text-stone-200">
        <span className="font-semibold">“{loaderData.title}”</span>
      </p>
      <p className="text-sm text-stone-600 dark:text-stone-300">{loaderData.notice}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {/* The item's own fields are hidden: a hand-made post that got them wrong reads why here. */}
        <FormErrors errors={[...(form.errors ?? []), ...new Set([...(fields.tipo.errors ?? []), ...(fields.id.errors ?? [])])]} id={form.errorId} />
        <input type="hidden" name="tipo" value={loaderData.kind} />
        <input type="hidden" name="id" value={loaderData.id} />
        {loaderData.kind === "comment" || loaderData.kind === "review" ? <input type="hidden" name="voltar" value={loaderData.href.replace(/[?#].*$/, "")} /> : null}
        <fieldset className="space-y-2" aria-describedby={fields.reason.errorId}>
          <legend className="font-semibold">Motivo</legend>
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="flex min-h-11 items-center gap-3">
              <input type="radio" name="reason" value={reason} defaultChecked={chosen === reason} className="size-5" />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
          <FieldError errors={fields.reason.errors} id={fields.reason.errorId} />
        </fieldset>
        <TextAreaField field={fields.note} label="Comentário (opcional)" rows={3} maxLength={500} />
        <Button type="submit" variant="danger" size="lg" className="w-full" disabled={busy}>
          {busy ? "Enviando..." : "Enviar denúncia"}
        </Button>
        <Link to={loaderData.href} className="flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          Cancelar
        </Link>
      </Form>
    </div>
  );
}
