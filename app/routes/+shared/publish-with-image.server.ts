import type { z } from "zod";
import type { ImageShape } from "#core/images";
import { parseSubmission, redirectWithFlash, type Errors } from "#server/toolkit/action";
import type { SessionUser } from "#server/auth/index";
import type { Queryable } from "#server/db/index";
import type { RequestContext } from "#server/toolkit/request-context";
import { chosenFile, storeUpload, writeWithImages } from "#server/images/upload-service";

/** What a save did: where the row is shown and what the flash there says, or why it was refused. */
export type Saved =
  | { ok: true; location: string; message: string; replacedImage?: string | null }
  | { ok: false; status: number; errors: Errors };

/**
 * The action core of a form with one optional picture (a post, created or edited; a news
 * article): validate the text, store the picture, then write as the signed-in resident (RLS
 * checks it) and send them to the row with a flash. Every refusal re-renders the form with
 * what was typed (400, 413 for a picture over the limit, or what `save` says) and leaves
 * nothing behind: the upload service (writeWithImages) deletes the stored picture of a refused
 * or failed write, and the picture a committed write replaced.
 */
export async function publishWithImage<Schema extends z.ZodType<Record<string, unknown>>>(
  request: Request,
  ctx: RequestContext,
  form: FormData,
  options: {
    schema: Schema;
    image: { field: string; shape: ImageShape };
    save: (tx: Queryable, user: SessionUser, value: z.output<Schema>, imageRef: string | null) => Promise<Saved>;
    /** An error the write may throw that is the user's to fix (a race), as a refusal. */
    refusalFor?: (error: unknown) => { status: number; errors: Errors } | null;
  },
) {
  const user = await ctx.requireUser();
  const parsed = parseSubmission(form, options.schema);
  if (!parsed.ok) return parsed.refusal;

  const file = chosenFile(form.get(options.image.field));
  const upload = file ? await storeUpload(file, options.image.shape) : { ok: true as const, ref: null };
  if (!upload.ok) return parsed.refuse(upload.status, { fieldErrors: { [options.image.field]: [upload.message] } });

  const { ref } = upload;
  let saved: Saved;
  try {
    saved = await writeWithImages(
      ref ? [ref] : [],
      () => ctx.db.asCaller((tx) => options.save(tx, user, parsed.value, ref)),
      (saved) => (saved.ok ? { committed: true, replaced: [saved.replacedImage] } : { committed: false }),
    );
  } catch (error) {
    const refusal = options.refusalFor?.(error);
    if (refusal) return parsed.refuse(refusal.status, refusal.errors);
    throw error;
  }
  if (!saved.ok) return parsed.refuse(saved.status, saved.errors);
  return redirectWithFlash(request, saved.location, saved.message);
}
