import { z } from "zod";

/**
 * The calendar's form fields (issue #32): what a business does on holidays, its special dates,
 * and the admin's town holidays. Dates travel as the date input's "YYYY-MM-DD"; each message
 * says what to fix in Portuguese.
 */

/** A left-out field's own words; anything else (a field sent twice) keeps zod-messages' answer. */
function missing(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined);
}

export const TIME = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use o formato HH:MM, como 07:30.");

/** A calendar date that exists ("2027-02-30" does not). */
export const DATE = z
  .string({ error: missing("Escolha uma data.") })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Escolha uma data válida.")
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, "Essa data não existe no calendário.");

export const HOLIDAY_MODE_LABELS = {
  closed: "Fecha nos feriados",
  normal: "Abre no horário de sempre",
  special: "Abre em horário especial",
} as const;

/** Holiday hours are asked only with "special", and must make sense as a day's hours. */
export function checkHolidayHours(
  plan: { holidayMode?: string; holidayOpensAt?: string; holidayClosesAt?: string },
  ctx: z.RefinementCtx,
): void {
  if (plan.holidayMode !== "special") return;
  if (!plan.holidayOpensAt) ctx.addIssue({ code: "custom", path: ["holidayOpensAt"], message: "Diga a hora em que abre nos feriados." });
  if (!plan.holidayClosesAt) ctx.addIssue({ code: "custom", path: ["holidayClosesAt"], message: "Diga a hora em que fecha nos feriados." });
  if (plan.holidayOpensAt && plan.holidayOpensAt === plan.holidayClosesAt) {
    ctx.addIssue({ code: "custom", path: ["holidayClosesAt"], message: `Abre e fecha às ${plan.holidayOpensAt}: diga horários diferentes.` });
  }
}

export const SpecialDateSchema = z
  .object({
    startsOn: DATE,
    endsOn: DATE.optional(),
    kind: z.enum(["closed", "open"], { message: "Diga se fecha ou abre nessas datas." }),
    opensAt: TIME.optional(),
    closesAt: TIME.optional(),
    note: z.string().trim().max(80, "Use no máximo 80 caracteres.").optional(),
  })
  .superRefine((v, ctx) => {
    const ends = v.endsOn ?? v.startsOn;
    if (ends < v.startsOn) ctx.addIssue({ code: "custom", path: ["endsOn"], message: "O fim vem antes do início: escolha uma data a partir do início." });
    else if ((Date.parse(ends) - Date.parse(v.startsOn)) / 86_400_000 > 366) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "Um período especial dura no máximo um ano." });
    }
    if (v.kind !== "open") return;
    if (!v.opensAt) ctx.addIssue({ code: "custom", path: ["opensAt"], message: "Diga a hora em que abre." });
    if (!v.closesAt) ctx.addIssue({ code: "custom", path: ["closesAt"], message: "Diga a hora em que fecha." });
    if (v.opensAt && v.opensAt === v.closesAt) ctx.addIssue({ code: "custom", path: ["closesAt"], message: `Abre e fecha às ${v.opensAt}: diga horários diferentes.` });
  });

export const TownHolidaySchema = z.object({
  day: DATE,
  name: z.string({ error: missing("Dê um nome ao feriado.") }).trim().min(3, "Dê um nome de pelo menos 3 letras, como “Aniversário da cidade”.").max(80, "Use no máximo 80 caracteres."),
  scope: z.enum(["municipal", "estadual"], { message: "Diga se o feriado é municipal ou estadual." }),
});

/** "10/01/2027" from "2027-01-10". */
export function brazilianDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}
