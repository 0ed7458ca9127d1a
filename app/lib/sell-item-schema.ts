import { z } from "zod";
import { fieldRules } from "#core/field-rules";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "#core/images";
import {
  isFile,
  MAX_DESCRIPTION_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_SELL_ITEM_IMAGES,
  MAX_TITLE_LENGTH,
  SELL_ITEM_CATEGORIES,
  SELL_ITEM_CONDITIONS,
} from "#core/sell-items";
import "#core/zod-messages";

/**
 * A sell item's form, shared by /create-sell-item and /sell-items/{id}/edit (the same
 * fields, the same messages). Pure: the browser validates with it before sending, the
 * action validates with it again.
 */

export const SellItemFields = {
  title: z
    .string({ error: "Dê um título ao anúncio." })
    .trim()
    .min(1, "Dê um título ao anúncio.")
    .max(MAX_TITLE_LENGTH, `O título pode ter no máximo ${MAX_TITLE_LENGTH} caracteres.`),
  description: z
    .string()
    .max(MAX_DESCRIPTION_LENGTH, `A descrição pode ter no máximo ${MAX_DESCRIPTION_LENGTH} caracteres.`)
    .optional(),
  price: fieldRules.price,
  condition: z.enum(SELL_ITEM_CONDITIONS, { error: "Escolha o estado do item: novo, seminovo ou usado." }),
  category: z.enum(SELL_ITEM_CATEGORIES, { error: "Escolha uma categoria." }),
  location: z
    .string({ error: "Diga o bairro onde o item está." })
    .trim()
    .min(1, "Diga o bairro onde o item está.")
    .max(MAX_LOCATION_LENGTH, `O bairro pode ter no máximo ${MAX_LOCATION_LENGTH} caracteres.`),
  // Empty file inputs never reach here (conform drops them); the server decodes each
  // photo again, this only spares the trip for files that could never be accepted.
  // The size rule sits on the list, not on each file, so its message belongs to the
  // `images` field itself (conform shows a field's errors under its input).
  images: z
    .array(z.custom<File>(isFile, "Envie fotos (JPG, PNG ou WebP)."))
    .max(MAX_SELL_ITEM_IMAGES, `Envie no máximo ${MAX_SELL_ITEM_IMAGES} fotos.`)
    .refine((files) => files.every((file) => file.size <= MAX_IMAGE_BYTES), IMAGE_TOO_LARGE)
    .optional(),
};

export const SellItemSchema = z.object(SellItemFields);
/** The edit page's form: the same fields plus the photos to take off the ad. */
export const EditSellItemSchema = SellItemSchema.extend({
  removeImages: z.array(z.string().max(200)).max(MAX_SELL_ITEM_IMAGES).optional(),
});
