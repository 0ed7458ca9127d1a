/**
 * Browser events that can fire before the app's scripts have run. Chromium may fire
 * `beforeinstallprompt` once, at `load`, for a returning visitor; the hydration scripts come
 * later (app/entry.server.tsx), so a listener added by them never hears it and "Instalar
 * Agora" never shows. This inline script (a few bytes, under the page's CSP nonce, rendered
 * by the root layout) keeps the event until app/client/pwa.ts takes it.
 */
export const EARLY_EVENTS_KEY = "__guidaInstallPrompt";

// No "<" in it, so nothing in it can read as markup.
export const EARLY_EVENTS_SCRIPT =
  `addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.${EARLY_EVENTS_KEY}=e});` +
  `addEventListener("appinstalled",function(){window.${EARLY_EVENTS_KEY}=null})`;

/** The install event kept by the inline script, once (it is forgotten after being taken). */
export function takeEarlyInstallPrompt<T>(target: Record<string, unknown>): T | null {
  const event = target[EARLY_EVENTS_KEY] as T | null | undefined;
  delete target[EARLY_EVENTS_KEY];
  return event ?? null;
}

/** The performance mark the root sets when hydration has committed (tests and the phone bench read it). */
export const HYDRATED_MARK = "guida:hydrated";

/** The attribute on <html> that app.css's `js-only` / `no-js-only` rules read. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/**
 * Called by the root once hydration has committed (a layout effect: handlers are attached):
 * controls that need JavaScript replace their fallbacks, and the moment is marked.
 */
export function markDocumentHydrated() {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  if (performance.getEntriesByName(HYDRATED_MARK).length === 0) performance.mark(HYDRATED_MARK);
}
