import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "#core/redirects";

describe("safeRedirectPath", () => {
  it.each([
    ["/profile", "/profile"],
    ["/sell-items?page=2#x", "/sell-items?page=2#x"],
    ["/u/ana", "/u/ana"],
  ])("keeps the path on this site %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "profile",
    "",
    "/\u0000x",
    " //evil.example",
    // Dot segments that collapse into a protocol-relative "//host" once parsed.
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "/\t/evil.example",
  ])("falls back for %j", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  it("uses the given fallback for non-strings", () => {
    expect(safeRedirectPath(null, "/login")).toBe("/login");
    expect(safeRedirectPath(42)).toBe("/");
  });
});
