import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Preset } from "@react-router/dev/config";
import { build } from "esbuild";

/**
 * Builds the service worker after React Router's build: app/entry.worker.ts bundled by esbuild
 * into build/client/sw.js, so the static server answers /sw.js at the site root (scope /).
 * remix-pwa's own Vite plugin does not install for React Router 7 and @remix-pwa/dev 3 does
 * nothing under it, hence this preset (DESIGN.md §6).
 *
 * The precache list is only known once the client build exists, so it is injected here as a
 * compile-time constant together with a version derived from the files' contents: a rebuild
 * that changes any precached file changes sw.js, which is what makes browsers install it.
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

/** URLs (site-absolute) of every file the worker precaches, sorted so the version is stable. */
export function precacheFiles(clientDir: string): { url: string; file: string }[] {
  const files = [
    ...listFiles(path.join(clientDir, "assets")),
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
