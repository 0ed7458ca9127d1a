/**
 * The six kinds of thing a resident finds, favorites and is pointed to: one vocabulary, so
 * the search results, the favorites list and the home page name and link them alike, and
 * the database's `item_type` values (user_favorites) mean the same everywhere.
 */
export const ITEM_KINDS = ["business", "service", "driver", "sell_item", "post", "news"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The directory's listings: the kinds residents propose and owners claim (issue #18). */
export const LISTING_KINDS = ITEM_KINDS.slice(0, 3) as ["business", "service", "driver"];
export type ListingKind = (typeof LISTING_KINDS)[number];

export function isItemKind(value: unknown): value is ItemKind {
  return typeof value === "string" && (ITEM_KINDS as readonly string[]).includes(value);
}

/** What a group of items of a kind is called (search headings, the favorites filter and tag). */
export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  business: "Negócios",
  service: "Serviços",
  driver: "Motoristas",
  sell_item: "À venda",
  post: "Posts",
  news: "Notícias",
};

/** The item's own page. */
export function hrefOf(kind: ItemKind, id: string): string {
  switch (kind) {
    case "business":
      return `/business/${id}`;
    case "service":
      return `/service/${id}`;
    case "driver":
      return `/driver/${id}`;
    case "sell_item":
      return `/sell-items/${id}`;
    case "post":
      return `/posts/${id}`;
    case "news":
      return `/news/${id}`;
  }
}
