import { describe, expect, it } from "vitest";
import { listPageHref } from "~/components/pagination";

// Paging a filtered listing keeps its filters: "Próxima" on /businesses?categoria=Padaria
// must stay among the bakeries, with or without JavaScript.
describe("listPageHref", () => {
  it("leaves page 1 and empty filters out of the URL", () => {
    expect(listPageHref("/services", { categoria: "" }, 1)).toBe("/services");
    expect(listPageHref("/businesses", { categoria: undefined, aberto: undefined }, 1)).toBe("/businesses");
  });

  it("carries every filter in use to the other pages, encoded", () => {
    expect(listPageHref("/businesses", { categoria: "Padaria", aberto: "1" }, 2)).toBe("/businesses?categoria=Padaria&aberto=1&pagina=2");
    expect(listPageHref("/sell-items", { categoria: "Móveis & Casa", precoMin: "10,50", precoMax: undefined }, 3)).toBe(
      "/sell-items?categoria=M%C3%B3veis+%26+Casa&precoMin=10%2C50&pagina=3",
    );
  });
});
