import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { precacheFiles } from "../../scripts/pwa-preset";
import { PRECACHED_PAGES } from "../../scripts/public-pages";
import { ESSENTIAL_PATHS } from "../../app/lib/pwa-cache-policy";

/** A client build of a few routes: a public list, a signed-in form, the sign-in page. */
function fakeClient(): string {
  const client = fs.mkdtempSync(path.join(os.tmpdir(), "guida-precache-"));
  fs.mkdirSync(path.join(client, "assets"));
  fs.mkdirSync(path.join(client, "icons"));
  const route = (id: string, extra: object) => ({ id, module: `/assets/${id.replace("routes/", "")}-H.js`, imports: [] as string[], ...extra });
  const manifest = {
    url: "/assets/manifest-M1.js",
    version: "M1",
    entry: { module: "/assets/entry.client-E.js", imports: ["/assets/shell-S.js"] },
    routes: {
      root: route("root", { path: "", imports: ["/assets/shell-S.js"] }),
      "routes/home": route("routes/home", { parentId: "root", index: true }),
      "routes/businesses": route("routes/businesses", { parentId: "root", path: "businesses", imports: ["/assets/list-filters-L.js"] }),
      "routes/create-news": route("routes/create-news", { parentId: "root", path: "create-news", imports: ["/assets/zod-Z.js"] }),
      "routes/login": route("routes/login", { parentId: "root", path: "login", imports: ["/assets/zod-Z.js"] }),
    },
  };
  fs.writeFileSync(path.join(client, "assets", "manifest-M1.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  const files = ["entry.client-E.js", "shell-S.js", "root-H.js", "home-H.js", "businesses-H.js", "list-filters-L.js", "create-news-H.js", "login-H.js", "zod-Z.js", "app-C.css", "app-C.css.br"];
  for (const name of files) fs.writeFileSync(path.join(client, "assets", name), name);
  // The list's lazy chunk, named the way Vite names a sibling in a dynamic import.
  fs.writeFileSync(path.join(client, "assets", "list-filters-L.js"), 'const c=()=>import("./loader-cache-K.js");');
  fs.writeFileSync(path.join(client, "assets", "loader-cache-K.js"), "export const k=1;");
  for (const name of ["offline.html", "manifest.webmanifest", "icons/icon-192.png"]) fs.writeFileSync(path.join(client, name), name);
  return client;
}

describe("the service worker's first-visit precache (issue #29)", () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it("holds the entry, the shell, the stylesheet, the route manifest and the public pages' files with what they import on use, not a signed-in form's or the sign-in's", () => {
    const client = fakeClient();
    made.push(client);
    const urls = precacheFiles(client).map((file) => file.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/assets/entry.client-E.js",
        "/assets/shell-S.js",
        "/assets/root-H.js",
        "/assets/home-H.js",
        "/assets/businesses-H.js",
        "/assets/list-filters-L.js",
        "/assets/loader-cache-K.js",
        "/assets/manifest-M1.js",
        "/assets/app-C.css",
        "/offline.html",
        "/manifest.webmanifest",
        "/icons/icon-192.png",
      ]),
    );
    for (const onUse of ["/assets/create-news-H.js", "/assets/login-H.js", "/assets/zod-Z.js", "/assets/app-C.css.br"]) expect(urls).not.toContain(onUse);
  });

  it("covers every page the worker keeps for offline use without its being opened", () => {
    for (const essential of ESSENTIAL_PATHS) expect(PRECACHED_PAGES).toContain(essential);
  });
});
