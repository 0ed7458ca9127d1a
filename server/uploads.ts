import type { ImageShape } from "../app/lib/images";
import { getStorage } from "./storage";
import { deleteStoredImage, InvalidImageError, NOT_AN_IMAGE, readUpload, storeImage } from "./storage/images";

export type OptionalUpload = { ok: true; ref: string | null } | { ok: false; status: 400 | 413; message: string };

/**
 * An image field that may be left empty (a post's image, a news cover): nothing chosen is
 * fine; anything chosen must be a decodable image of at most 5 MB, stored before the row
 * that points at it is written.
 */
export async function storeOptionalUpload(value: FormDataEntryValue | null, shape: ImageShape): Promise<OptionalUpload> {
  if (!(value instanceof File) || value.size === 0) return { ok: true, ref: null };
  const upload = await readUpload(value);
  if (!upload.ok) return upload;
  try {
    return { ok: true, ref: await storeImage(getStorage(), upload.bytes, shape) };
  } catch (error) {
    if (error instanceof InvalidImageError) return { ok: false, status: 400, message: NOT_AN_IMAGE };
    throw error;
  }
}

/** Files of a write that was refused or rolled back, or of a row that is gone. */
export async function discardImage(ref: string | null | undefined): Promise<void> {
  await deleteStoredImage(getStorage(), ref);
}
