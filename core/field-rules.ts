import { z } from "zod";
import { formatBRL } from "./format";
import { normalizeBrazilianPhone } from "./phone";
import { MAX_PRICE, parsePrice } from "./price";
import "./zod-messages";

/**
 * The field rules more than one form shares, with their messages: a form's schema takes its
 * fields from here instead of restating them, so the same field is checked (and explained)
 * the same way everywhere. Pure: the browser validates with them before sending, the
 * action again.
 */

/** The price message a person can act on: what is wrong, and how to write it. */
const PRICE_FORMAT = "Digite o preço em reais, como 1.234,56 ou 35.";

const price = z
  .string({ error: "Diga o preço (use 0 para doação)." })
  .trim()
  .transform((text, ctx) => {
    if (/^-/.test(text.replace(/^R\$\s*/i, ""))) {
      ctx.addIssue({ code: "custom", message: "O preço não pode ser negativo." });
      return z.NEVER;
    }
    const value = parsePrice(text);
    if (value === null) {
      ctx.addIssue({ code: "custom", message: PRICE_FORMAT });
      return z.NEVER;
    }
    if (value > MAX_PRICE) {
      ctx.addIssue({ code: "custom", message: `O preço pode ser no máximo ${formatBRL(MAX_PRICE)}.` });
      return z.NEVER;
    }
    // Exact decimal text for numeric(12,2): no float reaches the database.
    return value.toFixed(2);
  });

/** A person's name as others see it (sign-up, profile). */
const fullName = z.string({ error: "Diga seu nome." }).trim().min(1, "Diga seu nome.").max(80, "Use no máximo 80 caracteres.");

/** The @handle of /u/{username}: what the database's unique index compares, lower case. */
const username = z
  .string({ error: "Escolha um nome de usuário." })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{3,20}$/, "Use de 3 a 20 letras minúsculas, números ou _ (sem espaços nem acentos).");

/** What a phone number that is not a Brazilian number with its DDD gets, on sign-up and on the profile alike. */
export const PHONE_FORMAT = "Digite um celular com DDD, como (35) 99876-5432.";

/**
 * A Brazilian phone number, given as people write it and kept as +55 E.164 (core/phone.ts),
 * the one spelling phone sign-in looks for. Every form refuses a bad one in the same words.
 */
const phone = () =>
  z
    .string()
    .trim()
    .refine((v) => normalizeBrazilianPhone(v) !== null, PHONE_FORMAT)
    .transform((v) => normalizeBrazilianPhone(v)!);

/** A field a person may leave blank: blank is "not given", not an invalid value. */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

export const fieldRules = { fullName, username, phone, price, optional };
