/**
 * The six kinds of thing a resident finds, favorites and is pointed to: one vocabulary, so
 * the search results, the favorites list and the home page name and link them alike, and
 * the database's `item_type` values (user_favorites) mean the same everywhere.
 */
export const ITEM_KINDS = ["business", "service", "driver", "sell_item", "post", "news"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The directory's listings: the kinds residents propose and owners claim (issue #18). */
export type ListingKind = Extract<ItemKind, "business" | "service" | "driver">;

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

/**
 * Each kind's icon: the strokes of a 24×24 outline, drawn by <KindIcon>
 * (app/components/ui/kind-icon.tsx) beside the kind's name in search, favorites,
 * notifications, home and the bottom bar. Data here, not JSX, so the vocabulary stays one
 * plain module the server can import too.
 */
export const ITEM_KIND_ICONS: Record<ItemKind, readonly string[]> = {
  // A shop front with its awning.
  business: [
    "M4 9 5.5 4h13L20 9",
    "M4 9h16v2a3 3 0 0 1-5.3 1.9A3 3 0 0 1 12 14a3 3 0 0 1-2.7-1.1A3 3 0 0 1 4 11z",
    "M5.5 13.5V20h13v-6.5",
  ],
  // A toolbox.
  service: ["M3 9h18v10H3z", "M8 9V6a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3", "M3 13h18", "M10 12v3h4v-3"],
  // A car from the side, two wheels.
  driver: ["M5 17H3v-5l2-5h14l2 5v5h-2", "M3 12h18", "M9 17h6", "M5 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0", "M15 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0"],
  // A price tag.
  sell_item: ["M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z", "M6.5 8a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0"],
  // A speech bubble.
  post: ["M4 5h16v11H9l-5 4z", "M8 9.5h8M8 12.5h5"],
  // A folded newspaper.
  news: ["M4 5h13v14H6a2 2 0 0 1-2-2z", "M17 9h3v8a2 2 0 0 1-2 2h-1", "M7 9h7M7 12h7M7 15h4"],
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

/** The kind of item a link inside the app points to (a notification's link), if it is one. */
export function kindOfHref(href: string | null | undefined): ItemKind | null {
  if (!href) return null;
  const path = href.split(/[?#]/)[0]!;
  for (const kind of ITEM_KINDS) {
    const prefix = hrefOf(kind, "");
    if (path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes("/")) return kind;
  }
  return null;
}
