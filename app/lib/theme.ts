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
  if (!header) return DEFAULT_THEME;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === THEME_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return isTheme(value) ? value : DEFAULT_THEME;
    }
  }
  return DEFAULT_THEME;
}

export function themeCookie(theme: Theme, secure = false): string {
  // Readable by scripts on purpose: the client mirrors localStorage into it.
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
