/**
 * Guida's service worker, built to /sw.js by scripts/pwa-preset.ts (esbuild, after the React
 * Router build). What it keeps:
 * - the build's files (every hashed asset, the offline page, manifest, icons), precached at
 *   install and answered cache-first;
 * - pages (navigations) and their data (single-fetch `.data` requests), network-first, a 200
 *   copy kept for when the network fails; essentials (home, drivers, favorites, the last 10
 *   businesses) in a cache that is never pruned;
 * - stored images under /media/, cache-first (their names never change);
 * - React Router's route discovery (/__manifest), answered from the precached whole manifest.
 * Caches are named `guida-<kind>-<version>`; a new build removes only its predecessors' caches.
 * Sign-out sends CLEAR_USER_DATA, which deletes pages, data and essentials.
 * Push messages become notifications; a tap opens the item (worker/push.ts, issue #31).
 */
import { MAX_MEDIA, WORKER_MESSAGES, classifyRequest, documentPathOf, routeDiscoveryAnswer, routeManifestFile } from "./lib/pwa-cache-policy";
import { createMessageRouter } from "./worker/messages";
import { createOfflineStore, type PageKind } from "./worker/offline-store";
import { notificationOf, openTarget, readPushMessage, targetOf } from "./worker/push";
import { cacheFirst, matchIn, networkFirst } from "./worker/strategies";
import type { FetchEvent, ServiceWorkerScope } from "./worker/types";

// Replaced at build time (esbuild `define`) with the build's file list and its content hash.
declare const __GUIDA_PRECACHE__: string[];
declare const __GUIDA_VERSION__: string;

const sw = self as unknown as ServiceWorkerScope;
const PRECACHE: readonly string[] = __GUIDA_PRECACHE__;
const PRECACHED = new Set(PRECACHE);
const store = createOfflineStore(__GUIDA_VERSION__);

sw.addEventListener("install", (event) => {
  // No skipWaiting here: an update waits until the user picks "Atualizar Agora".
  event.waitUntil(store.precache(PRECACHE));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await store.removeObsolete();
      // The navigation request starts while the worker boots, instead of after.
      await sw.registration.navigationPreload?.enable().catch(() => undefined);
      await sw.clients.claim();
      // Not awaited: fetches wait for activation to finish, and this needs the network.
      void store.warmEssentials();
    })(),
  );
});

sw.addEventListener(
  "message",
  createMessageRouter({
    [WORKER_MESSAGES.skipWaiting]: () => sw.skipWaiting(),
    [WORKER_MESSAGES.clearUserData]: async (event) => {
      const deleted = await store.clearUserData();
      event.ports[0]?.postMessage({ type: WORKER_MESSAGES.userDataCleared, deleted });
    },
  }),
);

// Web Push (issue #31): every push shows a notification (browsers require it of a push
// subscription); a tap brings the item forward.
sw.addEventListener("push", (event) => {
  const { title, options } = notificationOf(readPushMessage(event.data));
  event.waitUntil(sw.registration.showNotification(title, options));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = targetOf(event.notification.data, sw.location.origin);
  event.waitUntil(openTarget(sw.clients, target, sw.location.origin).catch((error) => console.error("[sw]", error)));
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  const kind = classifyRequest({
    method: request.method,
    url: request.url,
    mode: request.mode,
    origin: sw.location.origin,
    range: request.headers.has("range"),
    precached: PRECACHED,
  });
  const waitUntil = (promise: Promise<unknown>) => event.waitUntil(promise.catch((error) => console.error("[sw]", error)));
  switch (kind) {
    case "asset":
      event.respondWith(cacheFirst(request, { lookIn: [store.names.precache], storeIn: store.names.precache, waitUntil }));
      return;
    case "media":
      event.respondWith(
        cacheFirst(request, { lookIn: [store.names.media], storeIn: store.names.media, maxEntries: MAX_MEDIA, waitUntil }).catch(
          () => photoUnavailableOffline(),
        ),
      );
      return;
    case "page":
    case "data":
      event.respondWith(respondToPage(event, kind, waitUntil));
      return;
    case "manifest":
      event.respondWith(discoverRoutes(request));
      return;
    case "bypass":
      return;
  }
});

/**
 * Route discovery (routeDiscovery "lazy"): answered from the precached whole manifest, so a
 * page read offline still navigates to the routes its links name; the network when the page
 * is of another build or the copy is missing.
 */
async function discoverRoutes(request: Request): Promise<Response> {
  const file = routeManifestFile(PRECACHE);
  const copy = file ? await matchIn([store.names.precache], file) : undefined;
  const routes = copy ? routeDiscoveryAnswer(await copy.text(), request.url) : null;
  return routes ? Response.json(routes) : fetch(request);
}

const documentsInFlight = new Set<string>();

async function respondToPage(event: FetchEvent, kind: PageKind, waitUntil: (p: Promise<unknown>) => void): Promise<Response> {
  const { request } = event;
  const path = documentPathOf(request.url, kind);
  const since = store.generation();
  waitUntil(store.noteVisit(path));
  const response = await networkFirst(
    async () => (kind === "page" ? ((await event.preloadResponse) ?? fetch(request)) : fetch(request)),
    {
      fallback: () => store.lookup(kind, request.url),
      store: (copy) => {
        waitUntil(store.store(kind, request.url, path, copy, since));
        // Data fetched by a client-side navigation: keep the page's document too, so a
        // reload without network finds it.
        if (kind === "data") waitUntil(keepDocument(path, since));
      },
    },
  );
  if (response) return response;
  if (kind === "data") {
    // No network and no copy: React Router's single fetch treats this answer as a redirect
    // with a full document load, which then gets the cached page or the offline page.
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": path, "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" },
    });
  }
  return (await store.offlinePage()) ?? Response.error();
}

async function keepDocument(path: string, since: number) {
  const key = new URL(path, sw.location.origin).href;
  if (documentsInFlight.has(key) || (await store.lookup("page", key))) return;
  documentsInFlight.add(key);
  try {
    const response = await fetch(key, { redirect: "manual", credentials: "same-origin" });
    await store.store("page", key, path, response, since);
  } catch {
    // Offline again: the data alone still serves client-side navigations.
  } finally {
    documentsInFlight.delete(key);
  }
}

/**
 * A stored picture neither in the cache nor reachable: a grey square with a crossed-out
 * picture, instead of the browser's broken-image icon on a cached page read offline (a
 * driver's photo, a sell item's). Never stored, so the real photo loads once back online.
 */
function photoUnavailableOffline(): Response {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-label="Foto indisponível sem conexão">' +
    '<rect width="48" height="48" fill="#e7e5e4"/>' +
    '<g fill="none" stroke="#78716c" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    '<rect x="14" y="16" width="20" height="16" rx="2"/><circle cx="20" cy="22" r="2"/><path d="M34 29l-6-6-10 9"/><path d="M12 12l24 24"/></g></svg>';
  return new Response(svg, { status: 200, headers: { "Content-Type": "image/svg+xml", "Cache-Control": "no-store" } });
}
