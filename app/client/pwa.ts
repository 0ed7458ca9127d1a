import { WORKER_MESSAGES } from "~/lib/pwa-cache-policy";
import {
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_TOAST_DURATION_MS,
  bannerSnoozeRemainingMs,
  isIOSDevice,
  isIOSSafari,
  parseTimestamp,
  shouldShowInstallDialog,
} from "~/lib/pwa-timing";
import { INSTALL_DISMISSED_KEY, UPDATE_DISMISSED_KEY } from "~/lib/session-keys";
import { onSignOut } from "./sign-out-listeners";
import { takeEarlyInstallPrompt } from "~/lib/early-events";
import { notify } from "~/components/ui/toast";

/**
 * The browser half of the PWA: service-worker registration (production builds only), the
 * update banner's state and the saved install prompt. Loaded by the root, so it stays small;
 * the install dialog itself is a lazy chunk (components/install-dialog.tsx).
 */

/** Chromium's install event (not in TypeScript's DOM library). */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
};

export type PwaState = {
  /** A new worker is waiting and the banner is not snoozed. */
  updateBanner: boolean;
  /** The user asked for the update; the page reloads once the new worker takes over. */
  updating: boolean;
  installPrompt: BeforeInstallPromptEvent | null;
};

const SERVER_STATE: PwaState = { updateBanner: false, updating: false, installPrompt: null };
let state: PwaState = SERVER_STATE;
const listeners = new Set<() => void>();

function setState(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const pwaStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
  getServer: () => SERVER_STATE,
};

function readTimestamp(key: string): number | null {
  try {
    return parseTimestamp(window.localStorage.getItem(key));
  } catch {
    return null; // storage blocked: behave as if never dismissed
  }
}

function writeNow(key: string) {
  try {
    window.localStorage.setItem(key, String(Date.now()));
  } catch {
    // storage blocked: the dismissal lasts for this page only
  }
}

// ---- update banner

let registration: ServiceWorkerRegistration | null = null;
let snoozeTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the banner when a worker waits, unless "Mais Tarde" was chosen less than 6 h ago. */
function refreshBanner() {
  // A worker waiting beside an active one is an update (a first install never waits).
  const waiting = Boolean(registration?.waiting && registration.active);
  const remaining = bannerSnoozeRemainingMs({ now: Date.now(), dismissedAt: readTimestamp(UPDATE_DISMISSED_KEY) });
  const visible = waiting && remaining === 0 && !state.updating;
  clearTimeout(snoozeTimer);
  if (waiting && remaining > 0) snoozeTimer = setTimeout(() => refreshBanner(), remaining);
  if (visible && !state.updateBanner) {
    notify({ message: "Nova atualização disponível!", duration: UPDATE_TOAST_DURATION_MS });
  }
  if (visible !== state.updateBanner) setState({ updateBanner: visible });
}

function watchInstalling(worker: ServiceWorker | null) {
  if (!worker) return;
  const onState = () => {
    if (worker.state === "installed") refreshBanner();
  };
  worker.addEventListener("statechange", onState);
  onState();
}

let started = false;

/** Registers /sw.js once the page has loaded; production builds only. */
export function startServiceWorker() {
  if (started || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  started = true;
  if (!import.meta.env.PROD) {
    // `npm run dev` serves no worker (it is built with the client); one left by a production run on this origin would
    // answer requests with old files, so it goes.
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return;
  }
  const register = async () => {
    try {
      const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
      registration = reg;
      watchInstalling(reg.installing);
      reg.addEventListener("updatefound", () => watchInstalling(reg.installing));
      // An update found on an earlier visit may already be waiting: the banner shows for it too.
      refreshBanner();
      setInterval(() => {
        // Offline, the check can only fail: no point in a warning a minute.
        if (navigator.onLine) reg.update().catch((error: unknown) => console.warn("[pwa] update check failed:", error));
        refreshBanner();
      }, UPDATE_CHECK_INTERVAL_MS);
    } catch (error) {
      console.error("[pwa] service worker registration failed:", error);
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
  window.addEventListener("storage", (event) => {
    if (event.key === UPDATE_DISMISSED_KEY) refreshBanner();
  });
}

/** "Atualizar Agora": the waiting worker takes over, then the page reloads into the new version. */
export function applyUpdate() {
  const waiting = registration?.waiting;
  if (!waiting) {
    // Another tab already switched to it: this page only needs to load the new version.
    window.location.reload();
    return;
  }
  setState({ updating: true, updateBanner: false });
  notify({ message: "Atualizando aplicativo..." });
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  waiting.postMessage({ type: WORKER_MESSAGES.skipWaiting });
}

/** "Mais Tarde": hidden for UPDATE_BANNER_SNOOZE_MS (kept in localStorage, so reloads respect it). */
export function snoozeUpdate() {
  writeNow(UPDATE_DISMISSED_KEY);
  refreshBanner();
}

// ---- install prompt

export function isStandalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function installEnvironment() {
  const isIOS = isIOSDevice({ userAgent: navigator.userAgent, platform: navigator.platform, maxTouchPoints: navigator.maxTouchPoints });
  return { isIOS, isSafari: isIOS && isIOSSafari(navigator.userAgent), standalone: isStandalone() };
}

/** Whether the install dialog may show now (the caller waits INSTALL_PROMPT_DELAY_MS first). */
export function installDialogWanted(): boolean {
  const { isIOS, standalone } = installEnvironment();
  return shouldShowInstallDialog({
    now: Date.now(),
    dismissedAt: readTimestamp(INSTALL_DISMISSED_KEY),
    standalone,
    isIOS,
    hasPrompt: state.installPrompt !== null,
  });
}

export function dismissInstall() {
  writeNow(INSTALL_DISMISSED_KEY);
}

/** Opens the browser's own install prompt (once per saved event). */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = state.installPrompt;
  if (!event) return "unavailable";
  setState({ installPrompt: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "accepted") notify({ message: "Instalando..." });
  else dismissInstall();
  return outcome;
}

// ---- sign-out

const CLEAR_REPLY_TIMEOUT_MS = 3000;

/** Asks the worker to delete its copies of pages and data; resolves on its reply (or a timeout). */
async function clearWorkerUserData(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const reg = registration ?? (await navigator.serviceWorker.getRegistration());
  const worker = navigator.serviceWorker.controller ?? reg?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      console.warn("[pwa] the service worker did not confirm clearing user data");
      resolve();
    }, CLEAR_REPLY_TIMEOUT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    worker.postMessage({ type: WORKER_MESSAGES.clearUserData }, [channel.port2]);
  });
}

if (typeof window !== "undefined") {
  // Chromium fires this once, possibly before this module loads (after hydration): the root
  // layout's inline script keeps it until now (app/lib/early-events.ts).
  const early = takeEarlyInstallPrompt<BeforeInstallPromptEvent>(window as unknown as Record<string, unknown>);
  if (early) setState({ installPrompt: early });
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    setState({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => setState({ installPrompt: null }));
  onSignOut(clearWorkerUserData);
}
