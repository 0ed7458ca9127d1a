// First-view JavaScript per page, from the client build's route manifest
// (build/client/assets/manifest-*.js): the entry module and its imports, then for every
// route that matches the URL (root, layouts, the page) its module and imports — the set
// React Router puts in the document as modulepreload links. Sizes are gzip -9 of each
// file (each is its own request). The route manifest is counted separately: with
// routeDiscovery "lazy" (react-router.config.ts) the document carries, inline, the part of it
// for the routes that match the page and its ancestor paths (React Router's getPartialManifest),
// counted here as that JSON alone, gzip -9; the whole table (manifest-*.js) is no longer
// loaded by pages, only asked for on use.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes } from "react-router";

export function readManifest(clientDir, preferredUrl) {
  const assets = path.join(clientDir, "assets");
  let file = preferredUrl ? path.join(clientDir, preferredUrl) : null;
  if (!file || !fs.existsSync(file)) {
    const candidates = fs
      .readdirSync(assets)
      .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
      .map((name) => path.join(assets, name))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    if (!candidates.length) throw new Error(`no manifest-*.js in ${assets}`);
    file = candidates[0];
  }
  const source = fs.readFileSync(file, "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json), file, url: "/" + path.relative(clientDir, file).split(path.sep).join("/") };
}

function routeTree(manifest) {
  const byParent = new Map();
  for (const route of Object.values(manifest.routes)) {
    const key = route.parentId ?? "";
    if (!byParent.has(key)) byParent.set(key, []);
    byParent.get(key).push(route);
  }
  const build = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: route.index ? undefined : build(route.id),
    }));
  return build("");
}

export function createFirstViewCalculator(clientDir, manifestUrl) {
  const { manifest, file, url } = readManifest(clientDir, manifestUrl);
  const tree = routeTree(manifest);
  const sizes = new Map();
  const gzipSize = (assetUrl) => {
    if (!sizes.has(assetUrl)) {
      const body = fs.readFileSync(path.join(clientDir, assetUrl));
      sizes.set(assetUrl, { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    }
    return sizes.get(assetUrl);
  };
  /** React Router's inline manifest for a first view (getPartialManifest in react-router's Scripts). */
  const partialManifestGzip = (pathname) => {
    const ids = new Set();
    const segments = pathname.split("/").filter(Boolean);
    const paths = [pathname, "/"];
    segments.pop();
    while (segments.length > 0) {
      paths.push(`/${segments.join("/")}`);
      segments.pop();
    }
    for (const p of paths) for (const m of matchRoutes(tree, p) ?? []) ids.add(m.route.id);
    const { sri, ...rest } = manifest;
    const partial = { ...rest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])), sri: sri ? true : undefined };
    return zlib.gzipSync(`window.__reactRouterManifest = ${JSON.stringify(partial, null, 2)};`, { level: 9 }).length;
  };

  return {
    manifestUrl: url,
    manifestFile: file,
    forPath(pathname) {
      const matches = matchRoutes(tree, pathname) ?? [];
      const routeIds = matches.map((m) => m.route.id);
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (const id of routeIds) {
        const route = manifest.routes[id];
        if (route.module) files.add(route.module);
        for (const imported of route.imports ?? []) files.add(imported);
      }
      let raw = 0;
      let gzip = 0;
      for (const f of files) {
        const s = gzipSize(f);
        raw += s.raw;
        gzip += s.gzip;
      }
      const manifestGzipBytes = partialManifestGzip(pathname);
      return {
        routeIds,
        files: [...files],
        rawBytes: raw,
        gzipBytes: gzip,
        manifestGzipBytes,
        totalGzipBytes: gzip + manifestGzipBytes,
      };
    },
  };
}

/** Module scripts the HTML itself asks for (modulepreload links and module imports), to cross-check. */
export function modulesNamedInHtml(html) {
  const found = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) found.add(m[1]);
  return found;
}

/** The first view's JavaScript budget per public page (issue #29), gzip -9, manifest included. */
export const FIRST_VIEW_BUDGET_KIB = 125;

function readChunkModules(clientDir) {
  const file = path.join(clientDir, "..", "chunk-modules.json");
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
}

/**
 * Checks each page's first view against its limit (`limits[path]`, else `budgetKiB`). A page
 * over it is reported with its largest files (gzip -9) and the largest modules of the app
 * and of packages in them (minified length, from build/chunk-modules.json when the build
 * wrote it), so the failure names what grew.
 */
export function checkFirstViewBudget(clientDir, paths, { budgetKiB = FIRST_VIEW_BUDGET_KIB, limits = {} } = {}) {
  const calculator = createFirstViewCalculator(clientDir);
  const modules = readChunkModules(clientDir);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = [];
  const failures = [];
  for (const pathname of paths) {
    const view = calculator.forPath(pathname);
    const limit = limits[pathname] ?? budgetKiB;
    const row = { path: pathname, kib: view.totalGzipBytes / 1024, limit, files: view.files.length };
    rows.push(row);
    if (row.kib <= limit) continue;
    const files = view.files
      .map((file) => ({ file, gzip: zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length }))
      .sort((a, b) => b.gzip - a.gzip);
    const inFiles = files.flatMap(({ file }) => (modules[file] ?? []).map(([id, length]) => ({ id, length, file })));
    const ownModules = inFiles.filter((m) => !m.id.includes("node_modules/")).sort((a, b) => b.length - a.length);
    failures.push(
      `${pathname}: first-view JavaScript ${kib(view.totalGzipBytes)} (gzip -9, its inline route manifest ${kib(view.manifestGzipBytes)} included) ` +
        `is over its ${limit} KiB budget by ${kib(view.totalGzipBytes - limit * 1024)}.\n` +
        `  largest files: ${files.slice(0, 6).map((f) => `${f.file} ${kib(f.gzip)}`).join(", ")}\n` +
        `  largest modules of the app in them (before minification): ${ownModules.slice(0, 6).map((m) => `${m.id} ${kib(m.length)} in ${m.file}`).join(", ") || "(no build/chunk-modules.json)"}`,
    );
  }
  return { rows, failures };
}
