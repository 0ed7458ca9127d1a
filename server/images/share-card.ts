import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_SHAPES, imageFileKey, parseImageRef } from "#core/images";
import { getStorage } from "../storage";

/**
 * The picture a shared link shows (og:image, issue #31): 1200×630, the item's photo (or the
 * town's green artwork when it has none) under its name, a line about it and what matters
 * most (the price, whether it is open now), drawn by sharp from an SVG. JPEG, because every
 * link-preview crawler decodes it, and kept under WhatsApp's 300 KB.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const CARD_MAX_BYTES = 300 * 1024;

export type ShareCard = {
  title: string;
  subtitle: string;
  /** The highlighted line (price, "Aberto · fecha às 18:00"), or null. */
  highlight: string | null;
  /** A stored image reference ("/media/photo/<id>"), or null for the town's artwork. */
  image: string | null;
};

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Words into at most `lines` lines of about `width` characters, the last one cut with an ellipsis. */
export function wrapText(text: string, width: number, lines: number): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (const [i, word] of words.entries()) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (out.length === lines - 1) {
      const rest = words.slice(i).join(" ");
      out.push(rest.length > width ? `${rest.slice(0, width - 1).trimEnd()}…` : rest);
      return out;
    }
  }
  if (line) out.push(line);
  return out.slice(0, lines);
}

function overlay(card: ShareCard, withPhoto: boolean): Buffer {
  const title = wrapText(card.title, 30, 2);
  const subtitle = wrapText(card.subtitle, 52, 1)[0] ?? "";
  const font = `font-family="DejaVu Sans, sans-serif"`;
  const bottom = CARD_HEIGHT - 60;
  const highlightY = bottom;
  const subtitleY = card.highlight ? bottom - 72 : bottom;
  const titleY = subtitleY - 62 - (title.length - 1) * 72;
  const highlight = card.highlight ? wrapText(card.highlight, 40, 1)[0]! : "";
  const pillWidth = Math.round(highlight.length * 22 + 48);
  const background = withPhoto
    ? `<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.25" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.82"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#shade)"/>`
    : `<defs><linearGradient id="town" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#047857"/><stop offset="1" stop-color="#064e3b"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#town)"/>
<circle cx="1010" cy="120" r="260" fill="#fff" opacity=".10"/><circle cx="1150" cy="600" r="180" fill="#000" opacity=".10"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
${background}
<rect x="40" y="44" width="320" height="56" rx="28" fill="#fff" opacity=".92"/>
<text x="200" y="82" text-anchor="middle" ${font} font-weight="700" font-size="28" fill="#047857">Guida · Vila Serena</text>
${title.map((line, i) => `<text x="60" y="${titleY + i * 72}" ${font} font-weight="700" font-size="60" fill="#fff">${escapeXml(line)}</text>`).join("\n")}
<text x="60" y="${subtitleY}" ${font} font-size="34" fill="#f5f5f4">${escapeXml(subtitle)}</text>
${card.highlight ? `<rect x="52" y="${highlightY - 44}" width="${pillWidth}" height="60" rx="30" fill="#fef3c7"/><text x="76" y="${highlightY - 4}" ${font} font-weight="700" font-size="34" fill="#78350f">${escapeXml(highlight)}</text>` : ""}
</svg>`;
  return Buffer.from(svg);
}

/** The largest stored width of the item's picture, or null (none, not ours, or not rendered yet). */
async function photoOf(ref: string | null): Promise<Buffer | null> {
  const parsed = parseImageRef(ref);
  if (!parsed) return null;
  const widths = IMAGE_SHAPES[parsed.shape].widths;
  const file = await getStorage().get(imageFileKey(parsed.shape, parsed.id, widths[widths.length - 1]!));
  return file?.data ?? null;
}

async function draw(card: ShareCard): Promise<Buffer> {
  const photo = await photoOf(card.image).catch(() => null);
  const base = photo
    ? sharp(photo).resize({ width: CARD_WIDTH, height: CARD_HEIGHT, fit: "cover" })
    : sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: "#047857" } });
  const composed = await base.composite([{ input: overlay(card, photo !== null) }]).flatten({ background: "#000" }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: composed.info.width, height: composed.info.height, channels: composed.info.channels } };
  // A busy photo can encode large: step the quality down until it fits WhatsApp's limit.
  for (const quality of [80, 68, 55, 40]) {
    const jpeg = await sharp(composed.data, raw).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= CARD_MAX_BYTES) return jpeg;
  }
  return sharp(composed.data, raw).resize({ width: 960 }).jpeg({ quality: 40, mozjpeg: true }).toBuffer();
}

/**
 * Cards already drawn, by the hash of what they show: a change to the item (or to its open
 * status) asks for a different card, so an entry is never stale, and the oldest go first.
 */
const drawn = new Map<string, Promise<Buffer>>();
const KEEP = 100;

export function shareCardKey(card: ShareCard): string {
  return createHash("sha256").update(JSON.stringify(card)).digest("base64url").slice(0, 22);
}

export function renderShareCard(card: ShareCard): Promise<Buffer> {
  const key = shareCardKey(card);
  const found = drawn.get(key);
  if (found) {
    drawn.delete(key);
    drawn.set(key, found);
    return found;
  }
  const made = draw(card);
  drawn.set(key, made);
  made.catch(() => drawn.delete(key));
  while (drawn.size > KEEP) drawn.delete(drawn.keys().next().value!);
  return made;
}
