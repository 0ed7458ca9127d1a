import { describe, expect, it } from "vitest";
import { keysetPageHref, pageRequestFromUrl } from "~/components/pagination";

// Keyset pages (issue #17): the links "Próxima" and "Anterior" carry the row to start after
// or end before; whatever a URL carries that is not an id leaves only the page number.

const A = "0c7e6a52-6b1a-4c47-9d55-3f0f3b0f8a11";
const B = "f3a1f2d4-7a8b-4c1d-8e9f-0a1b2c3d4e5f";
const url = (search: string) => new URL(`http://guida.test/businesses${search}`);

describe("pageRequestFromUrl", () => {
  it("reads the page and the cursor of a Próxima or Anterior link", () => {
    expect(pageRequestFromUrl(url(`?pagina=3&depois=${A}`))).toEqual({ page: 3, after: A });
    expect(pageRequestFromUrl(url(`?pagina=2&antes=${B.toUpperCase()}`))).toEqual({ page: 2, before: B });
  });

  it("keeps an old ?pagina= link (no cursor) and page 1 as they are", () => {
    expect(pageRequestFromUrl(url("?pagina=7"))).toEqual({ page: 7 });
    expect(pageRequestFromUrl(url(""))).toEqual({ page: 1 });
    expect(pageRequestFromUrl(url(`?depois=${A}`))).toEqual({ page: 1 });
  });

  it("ignores a cursor that is not an id", () => {
    expect(pageRequestFromUrl(url("?pagina=2&depois=1%27%20OR%201=1"))).toEqual({ page: 2 });
    expect(pageRequestFromUrl(url("?pagina=2&antes="))).toEqual({ page: 2 });
  });
});

describe("keysetPageHref", () => {
  const rows = [{ id: A }, { id: "x" }, { id: B }];
  it("starts the next page after the last row and ends the previous before the first", () => {
    expect(keysetPageHref("/news", {}, 3, rows)(4)).toBe(`/news?depois=${B}&pagina=4`);
    expect(keysetPageHref("/news", {}, 3, rows)(2)).toBe(`/news?antes=${A}&pagina=2`);
  });

  it("needs no cursor to page 1", () => {
    expect(keysetPageHref("/news", {}, 2, rows)(1)).toBe("/news");
  });

  it("builds plain links that keep the filters", () => {
    expect(keysetPageHref("/businesses", { categoria: "Padaria", aberto: "1" }, 2, rows)(3)).toBe(
      `/businesses?categoria=Padaria&aberto=1&depois=${B}&pagina=3`,
    );
    expect(keysetPageHref("/services", { categoria: undefined }, 2, rows)(1)).toBe("/services");
  });
});
