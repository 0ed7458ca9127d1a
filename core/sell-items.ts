/**
 * The labels and limits every marketplace screen uses. Kept free of zod so the list and
 * item pages do not ship the validation library; the form's schema is in
 * sell-item-schema.ts.
 */

export const SELL_ITEM_CONDITIONS = ["novo", "seminovo", "usado"] as const;
export type SellItemCondition = (typeof SELL_ITEM_CONDITIONS)[number];

export const CONDITION_LABELS: Record<SellItemCondition, string> = {
  novo: "Novo",
  seminovo: "Seminovo",
  usado: "Usado",
};

/** The demo town's categories plus a catch-all, so every ad has a place in the filter. */
export const SELL_ITEM_CATEGORIES = [
  "Eletrônicos",
  "Móveis",
  "Bicicletas",
  "Roupas",
  "Infantil",
  "Ferramentas",
  "Veículos",
  "Casa",
  "Outros",
] as const;

export const MAX_SELL_ITEM_IMAGES = 6;
export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 4000;
export const MAX_LOCATION_LENGTH = 120;

/** "Marcar como vendido" and back: the status values the database accepts. */
export type SellItemStatus = "available" | "sold";

export function conditionLabel(condition: string): string {
  return CONDITION_LABELS[condition as SellItemCondition] ?? condition;
}

/** numeric(12,2) text as a Brazilian would type it back into the form: "1234.50" → "1.234,50". */
export function priceInputValue(price: string | number): string {
  return new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(price));
}

export const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;
