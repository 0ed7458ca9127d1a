import { z } from "zod";
import { formatBRL } from "./format";
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

export const fieldRules = { price };
