import { describe, expect, it } from "vitest";
import { canonicalPath, isNoindex } from "#core/indexing";

// Which address a search engine keeps for a page and which pages it should not keep (issue #31).

describe("canonicalPath", () => {
  it("drops filters, searches and old offset numbers; keeps a keyset page's cursor and number", () => {
    expect(canonicalPath("/businesses", "?categoria=Padaria&aberto=1")).toBe("/businesses");
    expect(canonicalPath("/news", "?pagina=3")).toBe("/news");
    expect(canonicalPath("/news", "?depois=abc&pagina=2&utm_source=whatsapp")).toBe("/news?depois=abc&pagina=2");
    expect(canonicalPath("/posts", "?antes=xyz")).toBe("/posts?antes=xyz");
    expect(canonicalPath("/business/1", "")).toBe("/business/1");
  });
});

describe("isNoindex", () => {
  it("keeps listing and item pages and their cursor pages", () => {
    for (const [path, search] of [["/", ""], ["/business/1", ""], ["/news", "?depois=a&pagina=2"], ["/drivers/all", ""], ["/sell-items/9", ""]]) {
      expect(isNoindex(path!, search!), `${path}${search}`).toBe(false);
    }
  });

  it("leaves out filters, search, old offset links, profiles, private pages and owners' forms", () => {
    for (const [path, search] of [
      ["/businesses", "?categoria=Bar"],
      ["/news", "?pagina=2"],
      ["/search", "?q=pão"],
      ["/u/ana", ""],
      ["/user/1", ""],
      ["/users", ""],
      ["/favorites", ""],
      ["/moderacao/registro", ""],
      ["/business/1/editar", ""],
      ["/sell-items/1/edit", ""],
      ["/cadastrar/negocio", ""],
    ]) {
      expect(isNoindex(path!, search!), `${path}${search}`).toBe(true);
    }
  });

  it("does not mistake a path that only begins like a private one", () => {
    expect(isNoindex("/usersguide", "")).toBe(false);
    expect(isNoindex("/profiles-of-town", "")).toBe(false);
  });
});
