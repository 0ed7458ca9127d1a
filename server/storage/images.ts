import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { IMAGE_SHAPES, imageFileKey, imageRef, parseImageRef, type ImageShape } from "#core/images";
import type { Storage } from "./index";

export class InvalidImageError extends Error {}

/**
 * Decodes the upload (never trusting its name or type), strips metadata, and stores it
 * as WebP in the shape's widths. Returns the reference kept in the database.
 */
export async function storeImage(
  storage: Storage,
  input: Buffer,
  shape: ImageShape,
  id: string = randomUUID(),
): Promise<string> {
  const { widths, aspect } = IMAGE_SHAPES[shape];
  const largest = widths[widths.length - 1]!;
  let normalised: Buffer;
  try {
    // One decode and crop to the shape's aspect at the largest width; the smaller
    // widths are resized from that, which is much cheaper than decoding again.
    normalised = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: largest, height: Math.round(largest / aspect), fit: "cover" })
      .toColourspace("srgb")
      .raw()
      .toBuffer();
  } catch {
    throw new InvalidImageError("not a decodable image");
  }
  const rawInfo = { raw: { width: largest, height: Math.round(largest / aspect), channels: 3 as const } };
  const channels = normalised.length / (rawInfo.raw.width * rawInfo.raw.height);
  const raw = { raw: { ...rawInfo.raw, channels: channels as 3 | 4 } };
  const files = await Promise.all(
    widths.map(async (width) => ({
      key: imageFileKey(shape, id, width),
      data: await sharp(normalised, raw)
        .resize({ width })
        .webp({ quality: width <= 192 ? 80 : 72, effort: 2 })
        .toBuffer(),
    })),
  );
  for (const file of files) await storage.put(file.key, file.data, "image/webp");
  return imageRef(shape, id);
}

export function imageKeys(shape: ImageShape, id: string): string[] {
  return IMAGE_SHAPES[shape].widths.map((w) => imageFileKey(shape, id, w));
}

/** Removes every width of a stored image; references that are not ours are ignored. */
export async function deleteStoredImage(storage: Storage, ref: string | null | undefined): Promise<void> {
  const parsed = parseImageRef(ref);
  if (!parsed) return;
  await storage.remove(imageKeys(parsed.shape, parsed.id));
}
