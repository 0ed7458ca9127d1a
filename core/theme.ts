import { readCookie, serializeCookie } from "./cookies";

/** The spec's theme rules: light or dark, default light, stored under "guida-theme". */
export const THEME_STORAGE_KEY = "guida-theme";
export const THEME_COOKIE = "guida-theme";
export const DEFAULT_THEME: Theme = "light";
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

export function themeFromCookieHeader(header: string | null): Theme {
  const value = readCookie(header, THEME_COOKIE);
  return isTheme(value) ? value : DEFAULT_THEME;
}

export function themeCookie(theme: Theme, secure = false): string {
  // Readable by scripts on purpose: the client mirrors localStorage into it.
  return serializeCookie(THEME_COOKIE, theme, { maxAge: 31_536_000, secure });
}
