import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * Dynamic responses are compressed at a level that costs little CPU (brotli 4 is about as
 * fast as gzip 6 and smaller); static assets are precompressed at build time at the
 * highest levels (scripts/precompress.mjs).
 */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg)/;

export type Encoding = "br" | "gzip";

/**
 * The encodings recently picked, by Accept-Encoding value: browsers send a handful of
 * values, and parsing one on every cache hit cost more than the rest of the lookup. Bounded,
 * since the header is whatever a client sends.
 */
const picked = new Map<string, Encoding | null>();
const PICKED_MAX = 64;

export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const known = picked.get(acceptEncoding);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (picked.size >= PICKED_MAX) picked.clear();
  picked.set(acceptEncoding, encoding);
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.find((p) => p.trim().startsWith("q="));
    accepted.set(name!.trim(), q ? Number(q.trim().slice(2)) : 1);
  }
  if ((accepted.get("br") ?? 0) > 0) return "br";
  if ((accepted.get("gzip") ?? 0) > 0) return "gzip";
  return null;
}

export function isCompressible(contentType: string | null, size: number): boolean {
  return size >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(contentType ?? "");
}

const brotliCompressing = promisify(brotliCompress);
const gzipCompressing = promisify(gzip);

/**
 * The body compressed on libuv's thread pool: a page rendered for one request (a miss, a
 * resident's page) is compressed while the event loop answers cache hits and renders the
 * next page (issue #15's mixed load: synchronous brotli was a visible share of each miss,
 * every hit waiting behind it).
 */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotliCompressing(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipCompressing(body, { level: 6 });
}
