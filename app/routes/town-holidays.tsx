import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { SmallField } from "~/components/calendar-fields";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FieldError, FormErrors } from "~/components/ui/form-field";
import { textLinkClass } from "~/components/ui/text-link";
import { townDate } from "#core/business-hours";
import { brazilianDate, DATE, TownHolidaySchema } from "~/lib/calendar-forms";
import { nationalHolidays } from "#core/holidays";
import { refusePage } from "#server/toolkit/refuse-page";
import "#core/zod-messages";
import { listTownHolidays, removeTownHoliday, setTownHoliday } from "#server/models/holidays";
import { outcomeOf, roleOf } from "#server/models/moderation";
import { intentOf, parseSubmission, redirectWithFlash, replyRefused, signedInAction } from "#server/toolkit/action";
import type { RequestContext } from "#server/toolkit/request-context";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/town-holidays";

export const meta: Route.MetaFunction = () => [{ title: "Feriados da cidade · Guida" }, { name: "robots", content: "noindex" }];

const ADMINS_ONLY = { title: "Só para administradores", message: "Os feriados da cidade são cadastrados por quem administra o Guida." };

async function requireAdmin(ctx: RequestContext) {
  await ctx.requireUser();
  if ((await ctx.db.asCaller(roleOf)) !== "admin") throw refusePage(403, ADMINS_ONLY);
}

/** The state's and the town's holidays (admins write, through public.set_town_holiday), beside the national ones. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  await requireAdmin(ctx);
  const today = townDate(new Date()).date;
  const year = Number(today.slice(0, 4));
  const townHolidays = await ctx.db.asCaller((tx) => listTownHolidays(tx, today));
  return { townHolidays, national: [...nationalHolidays(year), ...nationalHolidays(year + 1)].filter((h) => h.day >= today) };
}

/** POST intent=add: day (YYYY-MM-DD), name, scope (municipal, estadual) · intent=remove: day. */
export const action = signedInAction(async ({ request }: Route.ActionArgs, { ctx, form }) => {
  await requireAdmin(ctx);
  const intent = intentOf(form, "add");
  if (intent === "remove") {
    const day = String(form.get("day") ?? "");
    // A date that does not exist (2031-02-30) is refused here: the ::date cast would fail in SQL.
    const removed = DATE.safeParse(day).success && (await ctx.db.asCaller((tx) => removeTownHoliday(tx, day)));
    if (!removed) throw refusePage(404, { title: "Feriado não encontrado", message: "Ele já foi removido.", link: { to: "/moderacao/feriados", label: "Voltar" } });
    return redirectWithFlash(request, "/moderacao/feriados", "Feriado removido.");
  }
  if (intent !== "add") return replyRefused(400, "Ação desconhecida.", { intent });
  const read = parseSubmission(form, TownHolidaySchema, { intent: "add" });
  if (!read.ok) return read.refusal;
  const outcome = await outcomeOf(ctx.db.asCaller((tx) => setTownHoliday(tx, read.value)));
  if (outcome === "duplicate") return read.refuse(409, { fieldErrors: { day: [`${brazilianDate(read.value.day)} já é feriado nacional.`] } });
  if (outcome !== "done") return read.refuse(403, { formErrors: [ADMINS_ONLY.title + "."] });
  return redirectWithFlash(request, "/moderacao/feriados", "Feriado salvo.");
});

export default function TownHolidays({ loaderData, actionData }: Route.ComponentProps) {
  const { townHolidays, national } = loaderData;
  const [form, fields] = useForm({
    id: "town-holiday",
    lastResult: actionData?.result,
    constraint: getZodConstraint(TownHolidaySchema),
    shouldRevalidate: "onInput",
    defaultValue: { scope: "municipal" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TownHolidaySchema }),
  });
  const scope = (fields.scope.value as string | undefined) ?? "municipal";
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">Feriados da cidade</h1>
      <Link to="/moderacao" className={textLinkClass()}>
        ← Fila de moderação
      </Link>
      <section aria-labelledby="locais" className="space-y-2">
        <h2 id="locais" className="font-semibold">Feriados do estado e da cidade</h2>
        {townHolidays.length === 0 ? <p className="text-sm">Nenhum feriado local pela frente.</p> : null}
        <ul className="space-y-2">
          {townHolidays.map((h) => (
            <li key={h.day} className={cardClass("flex flex-wrap items-center justify-between gap-2 p-3 text-sm")}>
              <span>
                {brazilianDate(h.day)} · {h.name} ({h.scope})
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="day" value={h.day} />
                <Button type="submit" variant="secondary" size="sm" aria-label={`Remover ${h.name}`}>
                  Remover
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <h2 className="font-semibold">Novo feriado</h2>
        <input type="hidden" name="intent" value="add" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <SmallField field={fields.day} label="Data" type="date" />
        <SmallField field={fields.name} label="Nome (ex.: Aniversário de Vila Serena)" type="text" />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Feriado</legend>
          {(["municipal", "estadual"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={fields.scope.name} value={value} defaultChecked={scope === value} className="size-5" />
              {value === "municipal" ? "Municipal" : "Estadual"}
            </label>
          ))}
          <FieldError id={fields.scope.errorId} errors={fields.scope.errors} />
        </fieldset>
        <Button type="submit" variant="primary" size="lg" className="w-full">
          Salvar feriado
        </Button>
      </Form>
      <section aria-labelledby="nacionais" className="space-y-2">
        <h2 id="nacionais" className="font-semibold">Feriados nacionais (por lei, já contados)</h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">Carnaval e Corpus Christi são ponto facultativo, não feriado.</p>
        <ul className="text-sm">
          {national.map((h) => (
            <li key={h.day}>
              {brazilianDate(h.day)} · {h.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
