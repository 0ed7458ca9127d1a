/**
 * Stored images are referenced as "/media/<shape>/<id>"; the files are
 * "<shape>/<id>-<width>.webp" in a few widths, so any page can build a srcset
 * from the reference alone. Pure: used by the server (storage) and components.
 */
export const IMAGE_SHAPES = {
  // logos and avatars
  square: { widths: [96, 192, 384], aspect: 1 },
  // business covers and news covers
  wide: { widths: [320, 640, 1280], aspect: 16 / 9 },
  // photos of items for sale, post images, gallery
  photo: { widths: [320, 640, 960], aspect: 4 / 3 },
} as const;

export type ImageShape = keyof typeof IMAGE_SHAPES;

/**
 * The one limit and the messages of every image upload (sell-item photos, post images,
 * news covers, avatars, logos, covers, gallery photos): the browser's form checks and the
 * server's upload service (server/images/upload-service.ts) both read them from here.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);
export const IMAGE_TOO_LARGE = `Cada foto pode ter no máximo ${MAX_IMAGE_MB} MB.`;
/** What every image field tells about the files it takes, in its label or hint. */
export const IMAGE_FILE_RULE = `JPG, PNG ou WebP, até ${MAX_IMAGE_MB} MB`;
/** An image field's label: "Imagem de capa (opcional; JPG, PNG ou WebP, até 5 MB)". */
export function imageFieldLabel(name: string, options: { optional?: boolean } = {}): string {
  return `${name} (${options.optional ? "opcional; " : ""}${IMAGE_FILE_RULE})`;
}
export const NOT_AN_IMAGE = "Esse arquivo não é uma imagem que conseguimos abrir (use JPG, PNG ou WebP).";
export const IMAGE_REQUIRED = "Escolha uma imagem.";

export type ImageRef = { shape: ImageShape; id: string };

const REF = /^\/media\/(square|wide|photo)\/([A-Za-z0-9_-]{1,80})$/;

export function parseImageRef(ref: string | null | undefined): ImageRef | null {
  if (!ref) return null;
  const match = REF.exec(ref);
  if (!match) return null;
  return { shape: match[1] as ImageShape, id: match[2]! };
}

export function imageRef(shape: ImageShape, id: string): string {
  return `/media/${shape}/${id}`;
}

export function imageFileKey(shape: ImageShape, id: string, width: number): string {
  return `${shape}/${id}-${width}.webp`;
}

/** `srcSet` is null when one width is all the slot can use: a plain `src` says it in fewer bytes. */
export type ImageSources = { src: string; srcSet: string | null; width: number; height: number };

/** The densest phone screens we draw for: a slot of N CSS pixels never needs more than 3N. */
const MAX_DEVICE_PIXEL_RATIO = 3;

/**
 * `saveData` (the Save-Data header) keeps every candidate at the smallest width. `slotWidth`
 * (the slot's fixed width in CSS pixels, when it has one) drops the widths no screen would
 * pick for it: a 56 px thumbnail of a photo offers only its 320 px file. That says the same
 * to the browser in fewer bytes: /favorites' 20 rows went from 50.2 to 47.7 kB of HTML.
 */
export function imageSources(ref: string, options: { saveData?: boolean; slotWidth?: number } = {}): ImageSources | null {
  const parsed = parseImageRef(ref);
  if (!parsed) return null;
  const { widths, aspect } = IMAGE_SHAPES[parsed.shape];
  const enough = options.slotWidth ? widths.findIndex((w) => w >= options.slotWidth! * MAX_DEVICE_PIXEL_RATIO) : -1;
  const usable = options.saveData ? widths.slice(0, 1) : enough >= 0 ? widths.slice(0, enough + 1) : widths;
  const url = (w: number) => `/media/${imageFileKey(parsed.shape, parsed.id, w)}`;
  const middle = usable[Math.min(1, usable.length - 1)]!;
  return {
    src: url(middle),
    srcSet: usable.length > 1 ? usable.map((w) => `${url(w)} ${w}w`).join(", ") : null,
    width: middle,
    height: Math.round(middle / aspect),
  };
}
