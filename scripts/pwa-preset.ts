import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Preset } from "@react-router/dev/config";
import { build } from "esbuild";
import { matchRoutes, type RouteObject } from "react-router";
import { PRECACHED_PAGES } from "./public-pages";

/**
 * Builds the service worker after React Router's build: app/entry.worker.ts bundled by esbuild
 * into build/client/sw.js, so the static server answers /sw.js at the site root (scope /).
 * remix-pwa's own Vite plugin does not install for React Router 7 and @remix-pwa/dev 3 does
 * nothing under it, hence this preset (DESIGN.md §6).
 *
 * The precache list is only known once the client build exists, so it is injected here as a
 * compile-time constant together with a version derived from the files' contents: a rebuild
 * that changes any precached file changes sw.js, which is what makes browsers install it.
 *
 * What a first visit precaches is proportionate (issue #29): the entry, the shell, the
 * stylesheet, the whole route manifest (the worker answers route discovery from it) and the
 * files of the public pages and offline essentials (PRECACHED_PAGES) with what they import on
 * use — not every file of the build (signed-in forms, editors, moderation, the sign-in's zod:
 * of 112 scripts, 303 KiB gzip, 68 and 218 KiB are kept), which the worker keeps when first used.
 */

/** Files outside assets/ the worker keeps for offline use (when the build has them). */
const ROOT_FILES = ["offline.html", "manifest.webmanifest", "favicon.svg", "favicon.ico"];
const ROOT_DIRS = ["icons"];

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    // Precompressed siblings (scripts/precompress.mjs) are the server's business, not the browser's.
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: string; imports?: string[]; css?: string[] };
type RouteManifest = { url: string; entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

/** React Router's whole route manifest of the build (assets/manifest-<hash>.js). */
function readRouteManifest(assetsDir: string): RouteManifest {
  const names = fs.readdirSync(assetsDir).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (names.length !== 1) throw new Error(`expected one route manifest in ${assetsDir}, found ${names.length}`);
  const source = fs.readFileSync(path.join(assetsDir, names[0]!), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as RouteManifest;
}

function routeTree(routes: ManifestRoute[], parentId?: string): RouteObject[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(routes, route.id) },
    );
}

/** The assets (site-absolute URLs) the worker fetches at install: see the header. */
export function precachedAssets(clientDir: string, pages: readonly string[] = PRECACHED_PAGES): string[] {
  const assetsDir = path.join(clientDir, "assets");
  const manifest = readRouteManifest(assetsDir);
  const tree = routeTree(Object.values(manifest.routes));
  const urls = new Set([manifest.url, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const page of pages) {
    for (const { route } of matchRoutes(tree, page) ?? []) {
      const entry = manifest.routes[route.id!]!;
      for (const url of [entry.module, ...(entry.imports ?? []), ...(entry.css ?? [])]) urls.add(url);
    }
  }
  // What those files import on use (the listing loader cache, the cart's sheet, the tooltip…):
  // a page read offline still needs them. Vite names a chunk's siblings by their file name
  // ("./x-hash.js" in its imports and dependency maps); the route manifest names every file,
  // so it is not followed.
  const queue = [...urls].filter((url) => url !== manifest.url);
  while (queue.length) {
    const text = fs.readFileSync(path.join(clientDir, queue.pop()!), "utf8");
    for (const [, name] of text.matchAll(/["'`](?:\.\/|\/assets\/)([\w.-]+\.js)["'`]/g)) {
      const url = `/assets/${name}`;
      if (!urls.has(url) && fs.existsSync(path.join(assetsDir, name!))) {
        urls.add(url);
        queue.push(url);
      }
    }
  }
  // The stylesheet(s): the root links them itself, so they are in no route's list.
  for (const name of fs.readdirSync(assetsDir)) if (name.endsWith(".css")) urls.add(`/assets/${name}`);
  return [...urls];
}

/** URLs (site-absolute) of every file the worker precaches, sorted so the version is stable. */
export function precacheFiles(clientDir: string): { url: string; file: string }[] {
  const files = [
    ...precachedAssets(clientDir).map((url) => path.join(clientDir, url)),
    ...ROOT_FILES.map((name) => path.join(clientDir, name)).filter((file) => fs.existsSync(file)),
    ...ROOT_DIRS.flatMap((name) => listFiles(path.join(clientDir, name))),
  ];
  return files
    .map((file) => ({ url: "/" + path.relative(clientDir, file).split(path.sep).join("/"), file }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

export function buildVersion(files: { url: string; file: string }[], workerSource: string): string {
  const hash = createHash("sha256");
  for (const { url, file } of files) hash.update(url).update("\0").update(fs.readFileSync(file)).update("\0");
  hash.update(workerSource);
  return hash.digest("hex").slice(0, 12);
}

/** Every source file of the worker, so a change in its code alone also gives a new version. */
function workerSources(appDirectory: string): string {
  const files = [path.join(appDirectory, "entry.worker.ts"), ...listFiles(path.join(appDirectory, "worker")), path.join(appDirectory, "lib", "pwa-cache-policy.ts")];
  return files
    .sort()
    .map((file) => fs.readFileSync(file, "utf8"))
    .join("\0");
}

export async function buildServiceWorker({ appDirectory, clientDir }: { appDirectory: string; clientDir: string }) {
  const files = precacheFiles(clientDir);
  const version = buildVersion(files, workerSources(appDirectory));
  const outfile = path.join(clientDir, "sw.js");
  await build({
    entryPoints: [path.join(appDirectory, "entry.worker.ts")],
    outfile,
    bundle: true,
    minify: true,
    // A classic script: module workers are newer than the browsers we still serve.
    format: "iife",
    target: "es2020",
    platform: "browser",
    legalComments: "none",
    logLevel: "warning",
    define: {
      __GUIDA_PRECACHE__: JSON.stringify(files.map((f) => f.url)),
      __GUIDA_VERSION__: JSON.stringify(version),
      // remix-pwa's logger reads process.env.NODE_ENV when loaded; a worker has no `process`.
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
  });
  const size = fs.statSync(outfile).size;
  console.log(`[pwa] sw.js ${(size / 1024).toFixed(1)} KiB, version ${version}, ${files.length} files precached`);
}

export function pwaPreset(): Preset {
  return {
    name: "guida-pwa",
    reactRouterConfig: () => ({
      async buildEnd({ reactRouterConfig }) {
        await buildServiceWorker({
          appDirectory: reactRouterConfig.appDirectory,
          clientDir: path.join(reactRouterConfig.buildDirectory, "client"),
        });
      },
    }),
  };
}
