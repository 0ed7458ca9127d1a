// The "stock" baseline: the same React Router build served the way react-router-serve
// serves it, minus express, compression and request logging. That is: node:http,
// `createRequestListener` from @react-router/node, no load context, static files from
// build/client. No shared HTML cache, no compression, no ETag, no security headers.
//
// react-router-serve itself cannot load Guida's build: build/server/index.js is our own
// HTTP app (server/http/app.ts) and exports only start(), so react-router-serve stops with
// `TypeError: The "path" argument must be of type string` (build.publicPath is undefined).
// bench/lib/export-build-hook.mjs exposes the bundled React Router build instead.
//
// Usage: node bench/stock-server.mjs [build/server/index.js]   (PORT, HOST, DATA_DIR as usual)
import fs from "node:fs";
import http from "node:http";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
const entry = path.resolve(process.argv[2] ?? "build/server/index.js");
const entrySource = fs.readFileSync(entry, "utf8");
// The entry re-exports start() from the chunk that holds the whole app.
const chunkPath = /from\s+["'](\.\/assets\/[^"']+\.js)["']/.exec(entrySource)?.[1];
if (!chunkPath) throw new Error(`stock-server: cannot find the app chunk imported by ${entry}`);
const chunkUrl = pathToFileURL(path.resolve(path.dirname(entry), chunkPath)).href;
register("./lib/export-build-hook.mjs", import.meta.url, { data: { chunkUrl } });

const { createRequestListener } = await import("@react-router/node");
const chunk = await import(chunkUrl);
const build = chunk.__reactRouterBuild;
if (!build?.routes || !build?.entry) throw new Error("stock-server: the exported object is not a React Router build");

const clientDir = path.resolve(path.dirname(entry), "..", "client");
const types = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".webp": "image/webp", ".webmanifest": "application/manifest+json", ".html": "text/html; charset=utf-8" };

/** Like express.static on build/client (immutable under /assets/): files only, no directory listing. */
function serveStatic(req, res) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false;
  }
  const file = path.join(clientDir, pathname);
  if (!file.startsWith(clientDir + path.sep)) return false;
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  res.writeHead(200, {
    "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
    "Content-Length": stat.size,
    "Cache-Control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=0",
  });
  if (req.method === "HEAD") res.end();
  else fs.createReadStream(file).pipe(res);
  return true;
}

const listener = createRequestListener({ build, mode: process.env.NODE_ENV });
const server = http.createServer((req, res) => {
  if (serveStatic(req, res)) return;
  void listener(req, res);
});
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => console.log(`[stock] createRequestListener on http://${host}:${port}`));

const stop = () => {
  server.close(() => {
    Promise.resolve(chunk.__closeDb?.()).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
