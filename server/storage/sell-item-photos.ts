import type { Storage } from "./index";
import { deleteStoredImage, InvalidImageError, NOT_AN_IMAGE, readUpload, storeImage } from "./images";

export type StoredPhotos = { ok: true; refs: string[] } | { ok: false; status: 400 | 413; message: string };

/**
 * Stores a sell item's new photos, one at a time (a phone photo decodes to tens of MB
 * of pixels; six at once would multiply that). All or nothing: when one file is too
 * large or not an image, the ones already stored are deleted before answering, so a
 * refused form leaves no orphan files behind.
 */
export async function storeSellItemPhotos(storage: Storage, files: File[]): Promise<StoredPhotos> {
  // Size first, for every file: a 10 MB photo is refused before any decoding work.
  const uploads: Buffer[] = [];
  for (const file of files) {
    const upload = await readUpload(file);
    if (!upload.ok) {
      return upload.status === 413
        ? { ok: false, status: 413, message: `A foto “${file.name}” passa de 5 MB. Cada foto pode ter no máximo 5 MB.` }
        : { ok: false, status: 400, message: upload.message };
    }
    uploads.push(upload.bytes);
  }
  const refs: string[] = [];
  try {
    for (const bytes of uploads) refs.push(await storeImage(storage, bytes, "photo"));
  } catch (error) {
    await deleteSellItemPhotos(storage, refs);
    if (error instanceof InvalidImageError) return { ok: false, status: 400, message: NOT_AN_IMAGE };
    throw error;
  }
  return { ok: true, refs };
}

export async function deleteSellItemPhotos(storage: Storage, refs: readonly string[]): Promise<void> {
  for (const ref of refs) await deleteStoredImage(storage, ref);
}
