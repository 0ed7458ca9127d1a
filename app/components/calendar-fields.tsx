import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass, FieldError, FormErrors, type TextField } from "~/components/ui/form-field";
import { brazilianDate, HOLIDAY_MODE_LABELS, SpecialDateSchema } from "~/lib/calendar-forms";
import type { SpecialDate } from "#core/business-hours";

/** A labelled date or time input with its errors (the native pickers work without JavaScript). */
export function SmallField({ field, label, type }: { field: TextField; label: string; type: "date" | "time" | "text" }) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input {...getInputProps(field, { type })} key={field.key} className={`${controlClass} ${type === "text" ? "" : "w-44"}`} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** What the business does on holidays: closed, its usual hours, or holiday hours. */
export function HolidayPlanFields({ mode, opensAt, closesAt }: { mode: TextField; opensAt: TextField; closesAt: TextField }) {
  const chosen = (mode.value as string | undefined) ?? "closed";
  return (
    <fieldset className="space-y-2 border-t border-stone-200 pt-3 dark:border-stone-800">
      <legend className="font-semibold">Nos feriados</legend>
      <p className="text-sm text-stone-600 dark:text-stone-300">Feriados nacionais, do estado e da cidade. Carnaval e Corpus Christi são ponto facultativo: use uma data especial se fechar.</p>
      {(Object.keys(HOLIDAY_MODE_LABELS) as (keyof typeof HOLIDAY_MODE_LABELS)[]).map((value) => (
        <label key={value} className="flex min-h-11 items-center gap-2">
          <input type="radio" name={mode.name} value={value} defaultChecked={chosen === value} className="size-5" />
          {HOLIDAY_MODE_LABELS[value]}
        </label>
      ))}
      <div className="flex flex-wrap gap-3">
        <SmallField field={opensAt} label="Abre às (feriado)" type="time" />
        <SmallField field={closesAt} label="Fecha às (feriado)" type="time" />
      </div>
    </fieldset>
  );
}

export type SpecialDateItem = SpecialDate & { id: string };

function describeSpecialDate(d: SpecialDate): string {
  const when = d.startsOn === d.endsOn ? brazilianDate(d.startsOn) : `${brazilianDate(d.startsOn)} a ${brazilianDate(d.endsOn)}`;
  const what = d.open ? `aberto ${d.opensAt} – ${d.closesAt}` : "fechado";
  return `${when}: ${what}${d.note ? ` (${d.note})` : ""}`;
}

/** The business's special dates (vacation, open on a Sunday): the list, each removable, and the form that adds one. */
export function SpecialDatesEditor({ dates, lastResult }: { dates: readonly SpecialDateItem[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: "special-date",
    lastResult,
    constraint: getZodConstraint(SpecialDateSchema),
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SpecialDateSchema }),
  });
  const kind = (fields.kind.value as string | undefined) ?? "closed";
  return (
    <section aria-labelledby="datas-especiais" className="space-y-3">
      <h2 id="datas-especiais" className="font-semibold">Datas especiais</h2>
      {dates.length === 0 ? <p className="text-sm text-stone-600 dark:text-stone-300">Nenhuma data especial pela frente.</p> : null}
      <ul className="space-y-2">
        {dates.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>{describeSpecialDate(d)}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="remove-date" />
              <input type="hidden" name="id" value={d.id} />
              <Button type="submit" variant="secondary" size="sm" aria-label={`Remover ${describeSpecialDate(d)}`}>
                Remover
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="add-date" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="flex flex-wrap gap-3">
          <SmallField field={fields.startsOn} label="De" type="date" />
          <SmallField field={fields.endsOn} label="Até (opcional)" type="date" />
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Nessas datas</legend>
          {(["closed", "open"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={fields.kind.name} value={value} defaultChecked={kind === value} className="size-5" />
              {value === "closed" ? "Fechado" : "Aberto, neste horário:"}
            </label>
          ))}
          <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <SmallField field={fields.opensAt} label="Abre às" type="time" />
          <SmallField field={fields.closesAt} label="Fecha às" type="time" />
        </div>
        <SmallField field={fields.note} label="Motivo (opcional, ex.: férias coletivas)" type="text" />
        <Button type="submit" variant="secondary" size="md" className="w-full">
          Adicionar data especial
        </Button>
      </Form>
    </section>
  );
}
