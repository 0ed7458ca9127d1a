import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { controlClass, FieldError, FormErrors, FormField } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { scheduleProblems, WEEKDAYS, WEEKDAY_LABELS, type OpeningHours, type Weekday } from "#core/business-hours";
import { listingFields } from "~/lib/listing-form";
import { formatBrazilianPhone } from "#core/phone";
import { refusePage } from "#server/toolkit/refuse-page";
import "#core/zod-messages";
import { getBusiness } from "#server/models/businesses";
import { updateBusinessDetails } from "#server/models/listing-proposals";
import { outcomeOf } from "#server/models/moderation";
import { intentOf, parseSubmission, redirectWithFlash, replyRefused, signedInAction, type SignedInWrite } from "#server/toolkit/action";
import { addSpecialDate, listSpecialDates, removeSpecialDate } from "#server/models/holidays";
import { HolidayPlanFields, SpecialDatesEditor } from "~/components/calendar-fields";
import { checkHolidayHours, SpecialDateSchema, TIME } from "~/lib/calendar-forms";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/edit-business";
import { textLinkClass } from "~/components/ui/text-link";
import { LocationFields } from "~/components/location-fields";
import { checkLocation, coordinateText, locationFields, positionOf } from "~/lib/location-form";

const Day = z
  // A checkbox sends "on" or nothing; anything else is a hand-made post (issue #25).
  .object({ open: z.boolean({ error: "Marque o dia ou deixe-o desmarcado." }).optional(), opensAt: TIME.optional(), closesAt: TIME.optional() })
  .superRefine((day, ctx) => {
    if (!day.open) return;
    if (!day.opensAt) ctx.addIssue({ code: "custom", path: ["opensAt"], message: "Diga a hora em que abre." });
    if (!day.closesAt) ctx.addIssue({ code: "custom", path: ["closesAt"], message: "Diga a hora em que fecha." });
  });

// A closing time before the opening time closes on the next day (18:00 – 02:00); what makes
// no sense (equal times, a day opening inside the previous night's hours) is the shared rule's.
const Week = z
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d, Day])) as Record<Weekday, typeof Day>)
  .superRefine((week, ctx) => {
    for (const problem of scheduleProblems(toOpeningHours(week))) {
      ctx.addIssue({ code: "custom", path: [problem.day, problem.field], message: problem.message });
    }
  });

const BusinessSchema = z
  .object({
    description: listingFields.description,
    address: listingFields.address,
    phone: listingFields.phone,
    whatsapp: listingFields.whatsapp,
    hours: Week,
    holidayMode: z.enum(["closed", "normal", "special"]).default("closed"),
    holidayOpensAt: TIME.optional(),
    holidayClosesAt: TIME.optional(),
    ...locationFields,
  })
  .superRefine(checkHolidayHours)
  .superRefine(checkLocation);

function toOpeningHours(hours: Record<Weekday, z.output<typeof Day>>): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, hours[d].open ? { open: true, opensAt: hours[d].opensAt!, closesAt: hours[d].closesAt! } : { open: false }]),
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Editar negócio · Guida" }, { name: "robots", content: "noindex" }];

const ONLY_OWNER = { title: "Só o dono edita este negócio", message: "Se o negócio é seu, peça com “Este negócio é meu” na página dele." };

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const business = await ctx.db.asCaller((tx) => getBusiness(tx, params.id));
  if (!business || business.ownerId !== user.id) throw refusePage(403, { ...ONLY_OWNER, link: { to: `/business/${params.id}`, label: "Ver o negócio" } });
  const specialDates = await ctx.db.asCaller((tx) => listSpecialDates(tx, business.id));
  return { business, specialDates };
}

/**
 * POST description, address, phone, whatsapp and hours.{sunday…saturday}.{open, opensAt,
 * closesAt}: the owner's edit (RLS lets only the owner's row change), 303 to the business.
 */
export const action = signedInAction(async (args: Route.ActionArgs, signedIn) => {
  const intent = intentOf(signedIn.form, "save");
  if (intent === "add-date" || intent === "remove-date") return specialDateAction(args, signedIn, intent);
  // A form of this page always says which it is (the details' form by saying nothing).
  if (intent !== "save") return replyRefused(400, "Ação desconhecida.", { intent: "save" });
  return saveAction(args, signedIn);
});

async function saveAction({ request, params }: Route.ActionArgs, { ctx, form }: SignedInWrite) {
  const read = parseSubmission(form, BusinessSchema, { intent: "save" });
  if (!read.ok) return read.refusal;
  const v = read.value;
  let changed = false;
  const outcome = await outcomeOf(
    ctx.db.asCaller(async (tx) => {
      changed = await updateBusinessDetails(tx, params.id, {
        description: v.description ?? "",
        address: v.address ?? "",
        phone: v.phone ?? null,
        whatsapp: v.whatsapp ?? null,
        openingHours: toOpeningHours(v.hours),
        holidayMode: v.holidayMode,
        holidayOpensAt: v.holidayOpensAt ?? null,
        holidayClosesAt: v.holidayClosesAt ?? null,
        position: positionOf(v),
      });
    }),
  );
  if (outcome !== "done" || !changed) return read.refuse(403, { formErrors: [ONLY_OWNER.title + "."] });
  return redirectWithFlash(request, `/business/${params.id}`, "Negócio atualizado.");
}

/** POST intent=add-date (startsOn, endsOn, kind, opensAt, closesAt, note) or remove-date (id): RLS lets only the owner's rows change. */
async function specialDateAction({ request, params }: Route.ActionArgs, { ctx, user, form }: SignedInWrite, intent: "add-date" | "remove-date") {
  const here = `/business/${params.id}/editar`;
  // Someone else's business: refused before reading what was sent (RLS refuses the write too).
  const business = await ctx.db.asCaller((tx) => getBusiness(tx, params.id));
  if (!business || business.ownerId !== user.id) throw refusePage(403, { ...ONLY_OWNER, link: { to: `/business/${params.id}`, label: "Ver o negócio" } });
  if (intent === "remove-date") {
    const id = String(form.get("id") ?? "");
    const removed = await ctx.db.asCaller((tx) => removeSpecialDate(tx, params.id, id));
    if (!removed) throw refusePage(404, { title: "Data especial não encontrada", message: "Ela já foi removida ou não é deste negócio.", link: { to: here, label: "Voltar" } });
    return redirectWithFlash(request, here, "Data especial removida.");
  }
  const read = parseSubmission(form, SpecialDateSchema, { intent });
  if (!read.ok) return read.refusal;
  const v = read.value;
  const outcome = await outcomeOf(
    ctx.db.asCaller((tx) =>
      addSpecialDate(tx, params.id, {
        startsOn: v.startsOn,
        endsOn: v.endsOn ?? v.startsOn,
        open: v.kind === "open",
        opensAt: v.opensAt ?? null,
        closesAt: v.closesAt ?? null,
        note: v.note ?? "",
      }),
    ),
  );
  if (outcome !== "done") return read.refuse(403, { formErrors: [ONLY_OWNER.title + "."] });
  return redirectWithFlash(request, here, "Data especial adicionada.");
}

type DayField = FieldMetadata<{ open?: boolean; opensAt?: string; closesAt?: string }>;

function DayRow({ day, field }: { day: Weekday; field: DayField }) {
  const f = field.getFieldset();
  return (
    <fieldset className="space-y-1 border-t border-stone-200 py-2 dark:border-stone-800">
      <legend className="sr-only">{WEEKDAY_LABELS[day]}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex min-h-11 w-32 items-center gap-2 font-medium">
          <input {...getInputProps(f.open, { type: "checkbox" })} key={f.open.key} className="size-5" />
          {WEEKDAY_LABELS[day]}
        </label>
        <label className="flex items-center gap-1 text-sm">
          Abre
          <input {...getInputProps(f.opensAt, { type: "time" })} key={f.opensAt.key} aria-label={`${WEEKDAY_LABELS[day]}: abre às`} className={`${controlClass} w-28`} />
        </label>
        <label className="flex items-center gap-1 text-sm">
          Fecha
          <input {...getInputProps(f.closesAt, { type: "time" })} key={f.closesAt.key} aria-label={`${WEEKDAY_LABELS[day]}: fecha às`} className={`${controlClass} w-28`} />
        </label>
      </div>
      <FieldError id={f.open.errorId} errors={f.open.errors} />
      <FieldError id={f.opensAt.errorId} errors={f.opensAt.errors} />
      <FieldError id={f.closesAt.errorId} errors={f.closesAt.errors} />
    </fieldset>
  );
}

export default function EditBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const { business, specialDates } = loaderData;
  // The special-date form shows its own refusals; every other one (a body that could not be read) is the details form's.
  const dateResult = actionData && "intent" in actionData && actionData.intent === "add-date" ? actionData.result : undefined;
  const detailsResult = actionData && "intent" in actionData && actionData.intent !== "add-date" ? actionData.result : undefined;
  const busy = useNavigation().state === "submitting";
  const hours = business.openingHours ?? {};
  const [form, fields] = useForm({
    id: "edit-business",
    lastResult: detailsResult,
    constraint: getZodConstraint(BusinessSchema),
    defaultValue: {
      description: business.description,
      address: business.address,
      phone: business.phone ? formatBrazilianPhone(business.phone) : "",
      whatsapp: business.whatsapp ? formatBrazilianPhone(`+${business.whatsapp}`) : "",
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: hours[d]?.open ? "on" : undefined, opensAt: hours[d]?.opensAt, closesAt: hours[d]?.closesAt }])),
      holidayMode: business.holidayMode,
      holidayOpensAt: business.holidayOpensAt ?? undefined,
      holidayClosesAt: business.holidayClosesAt ?? undefined,
      latitude: coordinateText(business.latitude),
      longitude: coordinateText(business.longitude),
    },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BusinessSchema }),
  });
  const dayFields = fields.hours.getFieldset();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Editar {business.name}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextAreaField field={fields.description} label="Descrição" rows={5} maxLength={4000} />
        <FormField field={fields.address} label="Endereço" />
        <FormField field={fields.phone} label="Telefone" type="tel" inputMode="tel" />
        <FormField field={fields.whatsapp} label="WhatsApp" type="tel" inputMode="tel" />
        <section aria-labelledby="horario">
          <h2 id="horario" className="font-semibold">Horário de funcionamento</h2>
          {WEEKDAYS.map((d) => <DayRow key={d} day={d} field={dayFields[d] as DayField} />)}
        </section>
        <HolidayPlanFields mode={fields.holidayMode} opensAt={fields.holidayOpensAt} closesAt={fields.holidayClosesAt} />
        <LocationFields latitude={fields.latitude} longitude={fields.longitude} lugar={fields.lugar} what="o negócio" />
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          {busy ? "Salvando..." : "Salvar"}
        </Button>
      </Form>
      <SpecialDatesEditor dates={specialDates} lastResult={dateResult} />
      <p className="flex flex-wrap gap-4">
        <Link to={`/update-business-images?businessId=${business.id}`} className={textLinkClass()}>
          Trocar fotos
        </Link>
        <Link to={`/business/${business.id}`} className={textLinkClass()}>
          Cancelar
        </Link>
      </p>
    </div>
  );
}
