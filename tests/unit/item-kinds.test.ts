import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hrefOf, isItemKind, ITEM_KIND_LABELS, ITEM_KINDS } from "~/lib/item-kinds";

describe("item kinds", () => {
  it("names the six kinds as the search headings and the favorites filter show them", () => {
    expect(ITEM_KINDS.map((kind) => ITEM_KIND_LABELS[kind])).toEqual(["Negócios", "Serviços", "Motoristas", "À venda", "Posts", "Notícias"]);
  });

  it("links each kind to its own page", () => {
    const id = "5c1b2a3d-0000-4000-8000-000000000001";
    expect(ITEM_KINDS.map((kind) => hrefOf(kind, id))).toEqual([
      `/business/${id}`,
      `/service/${id}`,
      `/driver/${id}`,
      `/sell-items/${id}`,
      `/posts/${id}`,
      `/news/${id}`,
    ]);
  });

  it("accepts exactly the database's item_type values", () => {
    for (const kind of ITEM_KINDS) expect(isItemKind(kind)).toBe(true);
    for (const other of ["Business", "sell-item", "user", "", null, 1]) expect(isItemKind(other)).toBe(false);
  });

  it("is the only place that spells out the kinds or a service's link", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.tsx?$/.test(file) && file !== "app/lib/item-kinds.ts");
    const again = files.filter((file) => {
      const source = readFileSync(file, "utf8");
      return /"business"\s*\|\s*"service"|\["business",\s*"service"|#servico-/.test(source);
    });
    expect(again).toEqual([]);
  });
});
