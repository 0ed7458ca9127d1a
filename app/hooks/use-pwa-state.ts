import { useSyncExternalStore } from "react";
import { pwaStore } from "~/client/pwa";

/** The service worker's update and the install prompt, as the PWA module (app/client/pwa.ts) sees them. */
export function usePwaState() {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.getServer);
}
