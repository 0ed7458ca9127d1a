import { documentCookieNames, expiredDocumentCookie } from "#core/document-cookie";
import { INSTALL_DISMISSED_KEY } from "~/lib/session-keys";
import { THEME_STORAGE_KEY } from "#core/theme";

import { signOutCleanups } from "./sign-out-listeners";

/**
 * The browser's half of the spec's sign-out steps. Other client modules (image cache,
 * service worker) register what they must forget with onSignOut (sign-out-listeners.ts, a
 * file of its own so that they and this module, which loads them, import it without a circle);
 * this runs them all.
 */

/** Keys that survive sign-out: the theme and the install prompt's dismissal. */
export const KEPT_LOCAL_KEYS = [THEME_STORAGE_KEY, INSTALL_DISMISSED_KEY];

export function clearBrowserStorage(storage: { local: Storage; session: Storage }) {
  storage.session.clear();
  const kept = new Map(KEPT_LOCAL_KEYS.map((key) => [key, storage.local.getItem(key)]));
  storage.local.clear();
  for (const [key, value] of kept) if (value !== null) storage.local.setItem(key, value);
}

export async function runSignOutCleanup(): Promise<void> {
  clearBrowserStorage({ local: window.localStorage, session: window.sessionStorage });
  // sb-* cookies readable by scripts (Supabase's browser cookies); the server expires the rest.
  for (const name of documentCookieNames(document.cookie)) {
    if (name.startsWith("sb-")) document.cookie = expiredDocumentCookie(name);
  }
  // The modules that register a cleanup load after hydration (app/root.tsx, picture.tsx):
  // import them here so a sign-out before they have loaded still clears their stores.
  await Promise.allSettled([import("./image-cache"), import("./pwa"), import("./push")]);
  await Promise.allSettled([...signOutCleanups()].map((cleanup) => cleanup()));
}
