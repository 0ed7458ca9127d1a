import { isItemKind, type ItemKind } from "./item-kinds";

/**
 * The hearts' state a page carries: which of the items it shows the resident has favorited
 * (never every id they ever saved), and the server's message when that could not be read
 * (the spec's "Error fetching favorites"). Loaders return it as `favoriteState`.
 */
export type FavoriteState = { ids: string[]; error: string | null };

export const NO_FAVORITES: FavoriteState = { ids: [], error: null };

/** The parts of a saved favorite its line on /favorites is made of (the spec's favorite item). */
export type FavoriteLine = {
  type: ItemKind;
  title: string | null;
  description: string | null;
  price: string | null;
  seller: string | null;
  location: string | null;
  author: string | null;
  content: string | null;
  hasPoll: boolean;
  pollQuestion: string | null;
};

/**
 * A driver's service area in a few words: its first neighbourhood and how many more
 * ("Centro e mais 3"), not the whole list as one run-on line. The database keeps the areas
 * joined by ", " (public.favorite_source).
 */
export function shortArea(areas: string | null): string | null {
  const parts = (areas ?? "").split(", ").map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return `${parts[0]} e mais ${parts.length - 1}`;
}

/**
 * A line on /favorites shows one row of text on a phone: longer text is cut here, so a page of
 * long posts and summaries does not ship paragraphs nobody sees.
 */
const LINE_LIMIT = 100;
function clip(text: string): string {
  return text.length > LINE_LIMIT ? `${text.slice(0, LINE_LIMIT - 1).trimEnd()}…` : text;
}

/** What a favorite is called on /favorites: a post has no title, so its own words are. */
export function favoriteTitle(f: FavoriteLine): string {
  if (f.type === "post") return clip(f.content?.trim() || (f.hasPoll ? (f.pollQuestion ?? "Enquete") : "Post"));
  return clip(f.title?.trim() || "Sem título");
}

/**
 * The line under a favorite's title, per kind: what a resident recognises it by (price and
 * seller, vehicle and area, author…). The item's creation date says nothing here.
 */
export function favoriteDetails(f: FavoriteLine, formatPrice: (price: string) => string): string {
  const parts: (string | null)[] = (() => {
    switch (f.type) {
      case "business":
        return [f.location];
      case "service":
        return [f.content, f.location];
      case "driver":
        return [f.description, shortArea(f.location)];
      case "sell_item":
        return [f.price ? formatPrice(f.price) : null, f.seller, f.location];
      case "post":
        return [f.author ? `por ${f.author}` : null, f.hasPoll && f.pollQuestion ? `Enquete: ${f.pollQuestion}` : null];
      case "news":
        return [f.author ? `por ${f.author}` : null, f.description];
    }
  })();
  return clip(parts.filter((part): part is string => Boolean(part && part.trim())).join(" · "));
}

/**
 * A heart tapped by a visitor without JavaScript travels through /login as
 * `?favoritar=<kind>:<id>` and the sign-in form's `favorite` field, so signing in adds it.
 */
export function pendingFavoriteValue(type: ItemKind, id: string): string {
  return `${type}:${id}`;
}

export function parsePendingFavorite(value: unknown): { type: ItemKind; id: string } | null {
  if (typeof value !== "string") return null;
  const match = /^([a-z_]+):([0-9a-f-]{36})$/i.exec(value);
  if (!match || !isItemKind(match[1])) return null;
  return { type: match[1], id: match[2]!.toLowerCase() };
}
