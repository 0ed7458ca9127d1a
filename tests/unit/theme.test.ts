import { parseSetCookie } from "cookie";
import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, THEME_STORAGE_KEY, themeCookie, themeFromCookieHeader } from "#core/theme";

describe("theme", () => {
  it("is stored under the spec's key and defaults to light", () => {
    expect(THEME_STORAGE_KEY).toBe("guida-theme");
    expect(DEFAULT_THEME).toBe("light");
  });

  it("reads the theme cookie among others", () => {
    expect(themeFromCookieHeader("a=1; guida-theme=dark; b=2")).toBe("dark");
    expect(themeFromCookieHeader("guida-theme=light")).toBe("light");
  });

  it("falls back to light for a missing or forged cookie", () => {
    expect(themeFromCookieHeader(null)).toBe("light");
    expect(themeFromCookieHeader("guida-theme=<script>")).toBe("light");
    expect(themeFromCookieHeader("other=dark")).toBe("light");
  });

  it("writes a year-long, same-site cookie, secure behind HTTPS", () => {
    expect(parseSetCookie(themeCookie("dark"))).toEqual({ name: "guida-theme", value: "dark", path: "/", maxAge: 31_536_000, sameSite: "lax" });
    expect(themeCookie("light", true)).toContain("; Secure");
  });
});
