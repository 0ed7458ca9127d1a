import { parseSetCookie } from "cookie";
import { describe, expect, it } from "vitest";
import { cookieNames, expireCookie, parseCookieHeader, readCookie, serializeCookie } from "#core/cookies";

// core/cookies.ts is the app's one way to read and write cookies (issue #26: through the
// `cookie` package rather than by hand). What the session, flash, theme and sign-out rely on.

describe("reading a Cookie header", () => {
  it("reads each cookie, the first of a name winning (browsers send the most specific path first)", () => {
    expect(readCookie("a=1; guida-theme=dark; guida-theme=light", "guida-theme")).toBe("dark");
    expect(readCookie("a=1", "guida-theme")).toBeNull();
    expect(readCookie(null, "a")).toBeNull();
    expect(readCookie("", "a")).toBeNull();
  });

  it("decodes percent-encoding and keeps a value it cannot decode as sent", () => {
    const cookies = parseCookieHeader("flash=%7B%22m%22%3A%22Voto%20registrado%22%7D; broken=%E0%A4%A");
    expect(cookies.get("flash")).toBe('{"m":"Voto registrado"}');
    expect(cookies.get("broken")).toBe("%E0%A4%A");
  });

  it("names the cookies in order, skipping a part with no name", () => {
    expect(cookieNames("x=1; sb-ref-auth-token=2; =3; y=4")).toEqual(["x", "sb-ref-auth-token", "y"]);
    expect(cookieNames(null)).toEqual([]);
  });
});

describe("writing a cookie", () => {
  it("says Path=/ and SameSite=Lax unless told otherwise", () => {
    expect(parseSetCookie(serializeCookie("a", "1"))).toEqual({ name: "a", value: "1", path: "/", sameSite: "lax" });
    expect(parseSetCookie(serializeCookie("a", "1", { path: "/x", sameSite: "Strict" }))).toMatchObject({ path: "/x", sameSite: "strict" });
  });

  it("round-trips a value with separators and accents (the flash's JSON)", () => {
    const value = JSON.stringify({ kind: "success", message: "Perfil atualizado; ação = feita" });
    const line = serializeCookie("guida_flash", value, { httpOnly: true, maxAge: 60 });
    expect(line).not.toMatch(/[^\x20-\x7e]/);
    expect(readCookie(line.split(";")[0]!, "guida_flash")).toBe(value);
  });

  it("writes the flags it is given: HttpOnly, Secure, Partitioned, a whole number of seconds", () => {
    const line = serializeCookie("s", "v", { httpOnly: true, secure: true, partitioned: true, maxAge: 90.7 });
    expect(parseSetCookie(line)).toMatchObject({ httpOnly: true, secure: true, partitioned: true, maxAge: 90 });
  });

  it("writes Expires only when there is no Max-Age", () => {
    const expires = new Date("2026-12-25T03:00:00Z");
    expect(serializeCookie("a", "1", { expires })).toContain("Expires=Fri, 25 Dec 2026 03:00:00 GMT");
    expect(serializeCookie("a", "1", { expires, maxAge: 10 })).not.toContain("Expires=");
  });

  it("expires a cookie now: empty, Max-Age=0 and a date in the past, HttpOnly unless told otherwise", () => {
    const line = parseSetCookie(expireCookie("guida_session", true));
    expect(line).toMatchObject({ name: "guida_session", value: "", maxAge: 0, httpOnly: true, secure: true, path: "/" });
    expect(line.expires?.getTime()).toBe(0);
    expect(parseSetCookie(expireCookie("sb-ref-auth-token", false, { httpOnly: false }))).not.toHaveProperty("httpOnly");
  });
});
