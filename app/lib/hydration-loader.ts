/**
 * How a page's hydration scripts are started (app/entry.server.tsx applies it to every
 * document React Router renders).
 *
 * After load: the page is whole before any script runs (every form works with JavaScript
 * off), so the scripts that hydrate it are fetched after it has loaded, not beside it. React
 * Router puts a modulepreload for each in <head> and starts them at once: on a phone's few
 * HTTP/1.1 connections two dozen scripts went ahead of the listing photo and shared the weak
 * signal with the stylesheet, and hydration held the first paint back. Here the preloads and
 * React Router's module script are asked for when the window's load event has fired (photos
 * and stylesheet in) and the page has been painted, in the same order as before. The module
 * script's element stays where React rendered it, now a classic script that schedules it, so
 * hydration finds the same elements; only tags React Router wrote can match (what a resident
 * typed is escaped).
 *
 * Retried (issue #29): one failed script — a phone switching between Wi-Fi and mobile data
 * aborts requests (net::ERR_NETWORK_CHANGED) — used to leave the page unhydrated for good. A
 * route chunk that fails makes the module script fire `error` (its static imports); the entry
 * that fails rejects its import(). Either way the module script is run again, after 1, 2, 4…
 * seconds (at most 30), or at once when the browser comes back online, until the root has
 * hydrated (<html data-hydrated>). Chromium fetches a failed module again on the next import;
 * modules that did load are not run twice. Until then the page stays the server's, its
 * JavaScript-only controls hidden and their fallbacks shown (app.css).
 */

const SCRIPT_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const HYDRATION_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;
/** React Router's last statement: the entry's import. */
const ENTRY_IMPORT = /import\(("[^"]+")\);\s*$/;

/** The longest wait between two attempts. */
export const HYDRATION_RETRY_MAX_MS = 30_000;

export function hydrateAfterLoad(html: string): string {
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (!hydration) return html;
  const preloads: string[] = [];
  const rest = html.replace(SCRIPT_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  // The entry's failure reaches the retry through this global (set by the loader below).
  const moduleScript = hydration[2]!.replace(ENTRY_IMPORT, (_all, entry: string) => `import(${entry}).catch(function(){window.__guidaHydrationFailed()});`);
  const loader =
    // No "<" in the script's text, so nothing in it can read as markup (nor close the element).
    `(function(n,p,m){var d=document,t=0,w=0;` +
    // One attempt: a new module script with React Router's text.
    `function run(){w=0;var e=d.createElement("script");e.type="module";e.nonce=n;e.textContent=m;e.onerror=fail;d.head.appendChild(e)}` +
    // A failed attempt waits 1, 2, 4… s (at most HYDRATION_RETRY_MAX_MS) unless the page hydrated meanwhile.
    `function fail(){if(d.documentElement.hasAttribute("data-hydrated"))return;clearTimeout(w);` +
    `w=setTimeout(run,Math.min(1e3*Math.pow(2,t++),${HYDRATION_RETRY_MAX_MS}))}` +
    `window.__guidaHydrationFailed=fail;` +
    `addEventListener("online",function(){if(w){clearTimeout(w);run()}});` +
    // After `load` and after the frame that follows it has been painted (a small page can
    // load before its first paint): a task queued from requestAnimationFrame runs after it.
    `addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(function(){var e;` +
    `p.forEach(function(h){e=d.createElement("link");e.rel="modulepreload";e.href=h;e.nonce=n;d.head.appendChild(e)});` +
    `run()})})})})` +
    `(document.currentScript.nonce,${json(preloads)},${json(moduleScript)})`;
  return rest.replace(HYDRATION_SCRIPT, () => `<script${hydration[1] ?? ""}>${loader}</script>`);
}
