import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE, type ImageShape } from "#core/images";
import { getStorage } from "../storage";
import { deleteStoredImage, InvalidImageError, storeImage } from "../storage/images";

/**
 * The one way an image a resident sends is stored and let go of, for every upload field
 * (sell-item photos, post images, news covers, avatars, logos, covers, gallery photos):
 *
 *   const stored = await storeUploads(files, "photo");  // or storeUpload(file, "square")
 *   if (!stored.ok) return refuse(stored.status, stored.message);
 *   const outcome = await writeWithImages(
 *     stored.refs,
 *     () => ctx.db.asCaller((tx) => …write the rows…),
 *     (outcome) => (outcome.ok ? { committed: true, replaced: [outcome.previous] } : { committed: false }),
 *   );
 *
 * Files are stored before the row that points at them is written (a row never points at
 * nothing); a write that throws or is refused takes the new files with it, and a committed
 * one deletes the files of what it replaced. A row deleted outright: `discard(its refs)`.
 */

export type ImageRefusal = { ok: false; status: 400 | 413; message: string };

/** The file chosen in a form field, or null when the field was left empty (an untouched input sends an empty file). */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

/**
 * Stores several files of one shape (a sell item's photos), one at a time: a phone photo
 * decodes to tens of MB of pixels, six at once would multiply that. Every size is checked
 * before any decoding; all or nothing, so a refused file leaves none of the others stored.
 */
export async function storeUploads(files: readonly File[], shape: ImageShape): Promise<{ ok: true; refs: string[] } | ImageRefusal> {
  if (files.some((file) => file.size > MAX_IMAGE_BYTES)) return { ok: false, status: 413, message: IMAGE_TOO_LARGE };
  const refs: string[] = [];
  try {
    for (const file of files) {
      const stored = await storeUpload(file, shape);
      if (!stored.ok) {
        await discard(refs);
        return stored;
      }
      refs.push(stored.ref);
    }
  } catch (error) {
    await discard(refs);
    throw error;
  }
  return { ok: true, refs };
}

/** Stores one file: decoded (never trusting its name or type), cropped to the shape, WebP in the shape's widths. */
export async function storeUpload(file: File, shape: ImageShape): Promise<{ ok: true; ref: string } | ImageRefusal> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, status: 413, message: IMAGE_TOO_LARGE };
  try {
    return { ok: true, ref: await storeImage(getStorage(), Buffer.from(await file.arrayBuffer()), shape) };
  } catch (error) {
    if (error instanceof InvalidImageError) return { ok: false, status: 400, message: NOT_AN_IMAGE };
    throw error;
  }
}

/** What a write did with the images: committed (and the references it replaced), or refused (nothing changed). */
export type ImageWriteOutcome = { committed: true; replaced?: readonly (string | null | undefined)[] } | { committed: false };

/**
 * Runs the write that points rows at the `stored` images and returns what it returned.
 * Thrown (the transaction rolled back) or refused (`outcome` says so), the stored files are
 * deleted; committed, the files of what it replaced are. Either way no file is left that no
 * row points at, and no row points at a file that is gone.
 */
export async function writeWithImages<T>(
  stored: readonly string[],
  write: () => Promise<T>,
  outcome: (result: T) => ImageWriteOutcome = () => ({ committed: true }),
): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await discard(stored);
    throw error;
  }
  const settled = outcome(result);
  await discard(settled.committed ? (settled.replaced ?? []) : stored);
  return result;
}

/** Deletes every width of images no row points at any more; references that are not ours are ignored. */
export async function discard(refs: string | null | undefined | readonly (string | null | undefined)[]): Promise<void> {
  const storage = getStorage();
  for (const ref of typeof refs === "string" || refs == null ? [refs] : refs) await deleteStoredImage(storage, ref);
}
