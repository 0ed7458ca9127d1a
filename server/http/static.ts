import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pickEncoding } from "../web/compression";
import { isForwardedHttps } from "../web/origin";
import { applySecurityHeaders, formActionOrigins } from "./security-headers";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".woff2": "font/woff2",
};

type StaticFile = {
  file: string;
  size: number;
  etag: string;
  br?: { file: string; size: number };
  gzip?: { file: string; size: number };
  /** The headers that do not change per request, assembled once (plain HTTP, then HTTPS). */
  headers?: [Record<string, string>, Record<string, string>];
};

/**
 * Serves the client build from a table made at start: files under /assets/ carry a
 * content hash in their name and are cached for a year; everything else (favicon,
 * manifest, sw.js) is revalidated. Precompressed .br/.gz siblings are sent when the
 * browser accepts them. Returns false when the request is not for a file.
 */
export function createStaticHandler(root: string) {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const stat = fs.statSync(full);
        const variant = (suffix: string) =>
          fs.existsSync(full + suffix) ? { file: full + suffix, size: fs.statSync(full + suffix).size } : undefined;
        files.set("/" + path.relative(root, full).split(path.sep).join("/"), {
          file: full,
          size: stat.size,
          etag: `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
          br: variant(".br"),
          gzip: variant(".gz"),
        });
      }
    }
  };
  walk(root);

  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // Asked of every request before the page cache: no split or decoding unless needed.
    const target = req.url ?? "/";
    const query = target.indexOf("?");
    let pathname = query === -1 ? target : target.slice(0, query);
    if (pathname.includes("%")) {
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return false;
      }
    }
    const hit = files.get(pathname);
    if (!hit) return false;
    const immutable = pathname.startsWith("/assets/");
    hit.headers ??= [fixedHeaders(pathname, immutable, hit.etag, false), fixedHeaders(pathname, immutable, hit.etag, true)];
    const https = isForwardedHttps(req.headers["x-forwarded-proto"]?.toString());
    const headers: Record<string, string | number> = { ...hit.headers[https ? 1 : 0] };
    if (!immutable && req.headers["if-none-match"] === hit.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const encoding = hit.br || hit.gzip ? pickEncoding(req.headers["accept-encoding"] ?? null) : null;
    const chosen = encoding === "br" ? hit.br : encoding === "gzip" ? hit.gzip : undefined;
    if (chosen) headers["Content-Encoding"] = encoding!;
    headers["Content-Length"] = chosen ? chosen.size : hit.size;
    res.writeHead(200, headers);
    if (req.method === "HEAD") res.end();
    else fs.createReadStream(chosen ? chosen.file : hit.file).pipe(res);
    return true;
  };
}

/** A static file's headers: type, caching, and the security headers every answer carries (offline.html is a page too). */
function fixedHeaders(pathname: string, immutable: boolean, etag: string, https: boolean): Record<string, string> {
  const headers = new Headers({
    "Content-Type": TYPES[path.extname(pathname)] ?? "application/octet-stream",
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    ETag: etag,
    Vary: "Accept-Encoding",
  });
  applySecurityHeaders(headers, { nonce: null, https, formActions: formActionOrigins() });
  return Object.fromEntries(headers);
}
