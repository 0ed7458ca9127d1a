import { z } from "zod";
import { EVENT_CATEGORIES } from "#core/events";
// The price is read by the shared field rule (through it, not #core/price directly: a second
// importer of core/price split it into a chunk of its own that /login then loaded too, +0.1 KiB).
import { fieldRules } from "#core/field-rules";
import "#core/zod-messages";

/**
 * The form of /agenda/propor (issue #32), the browser's check before sending and the action's
 * again. Start and end travel as the datetime-local input's "YYYY-MM-DDTHH:MM" on the town's
 * clock; the action turns them into instants with the tz database (townInstant) and compares
 * the end with the clock, which only the server knows for sure.
 */

/** The largest entrance the database takes (events.price_cents ≤ 100 000 000). */
export const MAX_EVENT_PRICE = 1_000_000;
/** An event lasts a month at most (the database's events_order). */
export const MAX_EVENT_DAYS = 31;

/** A left-out field's own words; anything else (a field sent twice) keeps zod-messages' answer. */
function missing(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined);
}

/** A wall-clock moment of a day that exists ("2027-02-30T10:00" does not). */
function wallClock(what: string) {
  return z
    .string({ error: missing(`Escolha a data e a hora ${what}.`) })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, `Escolha a data e a hora ${what}, como 28/11/2026 19:00.`)
    .refine((moment) => {
      const day = moment.slice(0, 10);
      const parsed = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
    }, "Essa data não existe no calendário.");
}

const PRICE_FORMAT = "Digite o preço em reais, como 15 ou 15,50 (deixe em branco se for gratuito).";
const price = z
  .string()
  .trim()
  .max(20, PRICE_FORMAT)
  .transform((text, ctx) => {
    if (text === "" || /^(gr[aá]tis|gratuito|0+([,.]0{1,2})?)$/i.test(text)) return null;
    const read = fieldRules.price.safeParse(text);
    if (!read.success) {
      ctx.addIssue({ code: "custom", message: PRICE_FORMAT });
      return z.NEVER;
    }
    const value = Number(read.data);
    if (value > MAX_EVENT_PRICE) {
      ctx.addIssue({ code: "custom", message: "A entrada pode custar no máximo R$ 1.000.000,00." });
      return z.NEVER;
    }
    return Math.round(value * 100);
  })
  .optional();

export const EventProposalSchema = z
  .object({
    titulo: z
      .string({ error: missing("Diga o nome do evento.") })
      .trim()
      .min(1, "Diga o nome do evento.")
      .max(120, "O nome pode ter no máximo 120 caracteres."),
    descricao: z.string().trim().max(4000, "A descrição pode ter no máximo 4.000 caracteres.").optional(),
    inicio: wallClock("do início"),
    fim: wallClock("do fim"),
    local: z
      .string({ error: missing("Diga onde vai ser: o nome de um lugar do Guida ou um endereço.") })
      .trim()
      .min(1, "Diga onde vai ser: o nome de um lugar do Guida ou um endereço.")
      .max(200, "O local pode ter no máximo 200 caracteres."),
    categoria: z.enum(EVENT_CATEGORIES, { error: "Escolha a categoria." }),
    preco: price,
  })
  .superRefine((v, ctx) => {
    // Wall-clock text of one zone compares in time order (the town has had no daylight saving since 2019).
    if (v.fim <= v.inicio) ctx.addIssue({ code: "custom", path: ["fim"], message: "O fim vem antes do início." });
    else if (Date.parse(`${v.fim}:00Z`) - Date.parse(`${v.inicio}:00Z`) > MAX_EVENT_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["fim"], message: `Um evento dura no máximo ${MAX_EVENT_DAYS} dias.` });
    }
  });
