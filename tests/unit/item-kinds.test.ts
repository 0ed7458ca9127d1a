import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { KindIcon } from "~/components/ui/kind-icon";
import { hrefOf, isItemKind, ITEM_KIND_ICONS, ITEM_KIND_LABELS, ITEM_KINDS, kindOfHref } from "#core/item-kinds";

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
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app", "core", "server"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.tsx?$/.test(file) && file !== "core/item-kinds.ts");
    const again = files.filter((file) => {
      const source = readFileSync(file, "utf8");
      return /"business"\s*\|\s*"service"|\["business",\s*"service"|#servico-/.test(source);
    });
    expect(again).toEqual([]);
  });

  it("gives each kind an icon of its own, drawn hidden from screen readers", () => {
    const drawn = ITEM_KINDS.map((kind) => renderToStaticMarkup(createElement(KindIcon, { kind })));
    for (const [i, svg] of drawn.entries()) {
      expect(svg).toContain('aria-hidden="true"');
      expect(svg).toContain(`data-kind-icon="${ITEM_KINDS[i]}"`);
      expect(svg.match(/<path /g)?.length).toBe(ITEM_KIND_ICONS[ITEM_KINDS[i]!].length);
    }
    expect(new Set(drawn.map((svg) => svg.replace(/data-kind-icon="[^"]*"/, ""))).size).toBe(ITEM_KINDS.length);
  });

  it("knows the kind a notification's link points to", () => {
    const id = "5c1b2a3d-0000-4000-8000-000000000001";
    for (const kind of ITEM_KINDS) expect(kindOfHref(hrefOf(kind, id))).toBe(kind);
    expect(kindOfHref(`/posts/${id}?comentario=1`)).toBe("post");
    for (const other of ["/posts", "/posts/", "/profile", `/posts/${id}/editar`, "", null]) expect(kindOfHref(other)).toBe(null);
  });

  it("draws the icons in one place, and search, favorites, notifications, home and the bottom bar take them from there", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.tsx?$/.test(file) && file !== "core/item-kinds.ts");
    const strokes = ITEM_KINDS.flatMap((kind) => ITEM_KIND_ICONS[kind]);
    const again = files.filter((file) => {
      const source = readFileSync(file, "utf8");
      return strokes.some((d) => source.includes(d));
    });
    expect(again).toEqual([]);
    const users = ["app/routes/search.tsx", "app/routes/favorites.tsx", "app/routes/notifications.tsx", "app/routes/home.tsx", "app/components/bottom-nav.tsx"];
    expect(users.filter((file) => !readFileSync(file, "utf8").includes("<KindIcon"))).toEqual([]);
  });
});
