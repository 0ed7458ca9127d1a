import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_SHAPES, type ImageShape } from "#core/images";
import { getEnv } from "../env";

// On the first start the demo town's pictures are rendered after the port opens (about a
// minute on two busy cores, issue #27): until each exists, its address answers a plain card
// of the right shape, never a broken picture. Answered `no-store`, so neither the browser
// nor the service worker keeps it in place of the picture.

/**
 * The demo pictures still to render (server/seed/seed.ts writes it before the rows commit):
 * while it exists, a demo picture's address answers a card.
 */
export function pendingArtworkFile(dataDir: string): string {
  return path.join(dataDir, "seed-artwork.json");
}

const SEED_KEY = /^(square|wide|photo)\/seed-[0-9a-f-]{36}-(\d{2,4})\.webp$/;

const cards = new Map<string, Promise<Buffer>>();

/** The stand-in for a demo picture still being rendered, or null when the key is not one. */
export function seedPicturePlaceholder(key: string): Promise<Buffer> | null {
  const match = SEED_KEY.exec(key);
  if (!match || !fs.existsSync(pendingArtworkFile(getEnv().DATA_DIR))) return null;
  const shape = match[1] as ImageShape;
  const width = Number(match[2]);
  const { aspect } = IMAGE_SHAPES[shape];
  const size = `${width}x${Math.round(width / aspect)}`;
  let card = cards.get(size);
  if (!card) {
    card = sharp({ create: { width, height: Math.round(width / aspect), channels: 3, background: "#e7e5e4" } })
      .webp({ quality: 50 })
      .toBuffer();
    cards.set(size, card);
  }
  return card;
}
