import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

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
  ".woff2": "font/woff2",
};

/**
 * Serves the client build. Files under /assets/ carry a content hash in their name and
 * are cached for a year; everything else (favicon, manifest, sw.js) is revalidated.
 * Returns false when the request is not for a file, so the app handles it.
 */
export function createStaticHandler(root: string) {
  const files = new Map<string, { file: string; size: number }>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set("/" + path.relative(root, full).split(path.sep).join("/"), { file: full, size: fs.statSync(full).size });
    }
  };
  walk(root);

  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const pathname = decodeURIComponent((req.url ?? "/").split("?")[0]!);
    const hit = files.get(pathname);
    if (!hit) return false;
    const type = TYPES[path.extname(pathname)] ?? "application/octet-stream";
    const immutable = pathname.startsWith("/assets/");
    res.writeHead(200, {
      "Content-Type": type,
      "Content-Length": hit.size,
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      "X-Content-Type-Options": "nosniff",
    });
    if (req.method === "HEAD") res.end();
    else fs.createReadStream(hit.file).pipe(res);
    return true;
  };
}
