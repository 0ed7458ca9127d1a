import { describe, expect, it } from "vitest";
import { cookieNames, expireCookie, readCookie } from "#core/cookies";
import { documentCookie, documentCookieNames, expiredDocumentCookie } from "#core/document-cookie";

// The browser reads document.cookie with core/document-cookie.ts (no `cookie` package in the
// first view, issue #29); it must answer as core/cookies.ts, the server's reader, does.
const HEADERS = [
  "",
  "guida-theme=dark",
  "a=1; guida-theme=light; sb-abc-auth-token=base64-eyJ4Ijox%7D",
  " guida-theme = dark ;x=y",
  "sb-1=a; sb-1=b; other=%E2%9C%93",
  'quoted="v"; bad=%E0%A4%A; empty=',
];

describe("document-cookie", () => {
  it.each(HEADERS)("reads %j as core/cookies does", (header) => {
    expect(documentCookieNames(header)).toEqual(cookieNames(header));
    for (const name of [...cookieNames(header), "missing"]) expect(documentCookie(header, name)).toBe(readCookie(header, name));
  });

  it("expires a script-readable cookie with the same attributes as core/cookies", () => {
    const attributes = (value: string) => new Set(value.split(";").map((part) => part.trim().toLowerCase()));
    expect(attributes(expiredDocumentCookie("sb-x-auth-token"))).toEqual(attributes(expireCookie("sb-x-auth-token", false, { httpOnly: false })));
  });
});
