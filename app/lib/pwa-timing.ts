/**
 * The spec's service-worker and install-prompt timings (points 4 and 9) and the pure rules
 * that use them. Browser code passes the clock in, so tests can pin it.
 */
export { UPDATE_TOAST_DURATION_MS } from "./toast-store";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;

/** How often the app asks the server for a newer worker. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * SECOND;
/** "Mais Tarde" on the update banner hides it this long. */
export const UPDATE_BANNER_SNOOZE_MS = 6 * HOUR;
/** The install dialog waits this long after the page loads. */
export const INSTALL_PROMPT_DELAY_MS = 10 * SECOND;
/** "Agora não" on the install dialog keeps it away this long. */
export const INSTALL_DISMISS_MS = 7 * DAY;

/** A timestamp read back from localStorage; anything unreadable counts as never dismissed. */
export function parseTimestamp(raw: string | null | undefined): number | null {
  if (raw == null || raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * True while a dismissal still holds. A dismissal dated in the future (the device clock was
 * moved back) does not hold, or the prompt could stay hidden for as long as the error.
 */
function withinWindow(now: number, dismissedAt: number | null, windowMs: number): boolean {
  if (dismissedAt === null || dismissedAt > now) return false;
  return now - dismissedAt < windowMs;
}

export function isBannerSnoozed({ now, dismissedAt }: { now: number; dismissedAt: number | null }): boolean {
  return withinWindow(now, dismissedAt, UPDATE_BANNER_SNOOZE_MS);
}

/** Milliseconds until a snoozed banner may show again (0 when it may show now). */
export function bannerSnoozeRemainingMs({ now, dismissedAt }: { now: number; dismissedAt: number | null }): number {
  return isBannerSnoozed({ now, dismissedAt }) ? dismissedAt! + UPDATE_BANNER_SNOOZE_MS - now : 0;
}

export function isInstallDismissed({ now, dismissedAt }: { now: number; dismissedAt: number | null }): boolean {
  return withinWindow(now, dismissedAt, INSTALL_DISMISS_MS);
}

export type InstallContext = {
  now: number;
  dismissedAt: number | null;
  /** Already running as an installed app. */
  standalone: boolean;
  isIOS: boolean;
  /** A beforeinstallprompt event was saved, so "Instalar Agora" can open the browser's prompt. */
  hasPrompt: boolean;
};

/**
 * Whether the install dialog may show (once INSTALL_PROMPT_DELAY_MS have passed). iOS has no
 * install event, so it gets instructions; elsewhere the dialog is useless without the event.
 */
export function shouldShowInstallDialog({ now, dismissedAt, standalone, isIOS, hasPrompt }: InstallContext): boolean {
  if (standalone) return false;
  if (isInstallDismissed({ now, dismissedAt })) return false;
  return isIOS || hasPrompt;
}

/** iPhone, iPod and iPad, including iPadOS 13+ which reports itself as a Mac with touch. */
export function isIOSDevice({ userAgent, platform, maxTouchPoints }: { userAgent: string; platform?: string; maxTouchPoints?: number }): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  return platform === "MacIntel" && (maxTouchPoints ?? 0) > 1;
}

/** Only Safari can add a site to the iOS home screen in the way the instructions describe. */
export function isIOSSafari(userAgent: string): boolean {
  return /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|DuckDuckGo|Instagram|FBAN|FBAV/.test(userAgent);
}
