import { EditSellItemSchema, SellItemSchema } from "~/lib/sell-item-schema";
import { MAX_SELL_ITEM_IMAGES } from "#core/sell-items";
import { parseSubmission, redirectWithFlash, replyRefused } from "#server/toolkit/action";
import { createSellItem, updateSellItem, type WriteRefusal } from "#server/models/sell-items";
import type { RequestContext } from "#server/toolkit/request-context";
import { storeUploads, writeWithImages } from "#server/images/upload-service";

export const NOT_OWNER = "Só quem publicou este anúncio pode alterá-lo ou excluí-lo.";
export const NOT_FOUND = "Este anúncio não existe mais.";

/** A refused write on someone else's ad, or on one that is gone. */
export function refusedAd(intent: string, refusal: WriteRefusal) {
  return refusal === "forbidden" ? replyRefused(403, NOT_OWNER, { intent }) : replyRefused(404, NOT_FOUND, { intent });
}

/**
 * The ad form's action core, for /create-sell-item and /sell-items/{id}/edit (the ad its
 * owner is editing, already checked: `owned`): title, description, price, condition,
 * category, location, images (0–6 files, each within the upload limit) and, on edit, removeImages. The
 * photos are counted before any is stored and stored before the row points at them; a
 * refused or failed write takes them with it (the upload service). 303 to the ad with a
 * flash; 400 (413 for a photo over the limit, 409 when another save changed the photos meanwhile) otherwise.
 */
export async function saveSellItem(request: Request, ctx: RequestContext, form: FormData, owned?: { id: string; images: string[] }) {
  const user = await ctx.requireUser();
  const parsed = parseSubmission(form, owned ? EditSellItemSchema : SellItemSchema, { intent: "save" });
  if (!parsed.ok) return parsed.refusal;
  const { images: newFiles = [], description, ...fields } = parsed.value;
  const removeImages: string[] = "removeImages" in fields && Array.isArray(fields.removeImages) ? fields.removeImages : [];
  const { title, price, condition, category, location } = fields;
  const values = { title, price, condition, category, location, description: description ?? "" };
  const imagesError = (message: string, status: number) => parsed.refuse(status, { fieldErrors: { images: [message] } });

  // Counted before storing anything, so a refused form costs no decoding.
  const keptCount = owned ? owned.images.filter((ref) => !removeImages.includes(ref)).length : 0;
  if (keptCount + newFiles.length > MAX_SELL_ITEM_IMAGES) return imagesError(tooManyPhotos(keptCount), 400);
  const stored = await storeUploads(newFiles, "photo");
  if (!stored.ok) return imagesError(stored.message, stored.status);

  if (!owned) {
    const id = await writeWithImages(stored.refs, () => ctx.db.asCaller((tx) => createSellItem(tx, user.id, values, stored.refs)));
    return redirectWithFlash(request, `/sell-items/${id}`, "Anúncio publicado.");
  }

  const outcome = await writeWithImages(
    stored.refs,
    () => ctx.db.asCaller((tx) => updateSellItem(tx, owned.id, values, { removeImages, addImages: stored.refs, maxImages: MAX_SELL_ITEM_IMAGES })),
    (outcome) => (outcome.outcome === "ok" ? { committed: true, replaced: outcome.removedImages } : { committed: false }),
  );
  // Another save changed the photos between our count and the write.
  if (outcome.outcome === "too_many_images") return imagesError(tooManyPhotos(outcome.kept), 409);
  if (outcome.outcome !== "ok") return refusedAd("save", outcome.outcome);
  return redirectWithFlash(request, `/sell-items/${owned.id}`, "Anúncio atualizado.");
}

function tooManyPhotos(kept: number): string {
  const room = MAX_SELL_ITEM_IMAGES - kept;
  return room <= 0
    ? `Um anúncio pode ter no máximo ${MAX_SELL_ITEM_IMAGES} fotos e este já tem ${kept}. Marque as que quer remover para enviar outras.`
    : `Um anúncio pode ter no máximo ${MAX_SELL_ITEM_IMAGES} fotos: este tem ${kept}, então envie no máximo ${room}.`;
}
