import type { MetaDescriptor } from "react-router";

/**
 * What a link preview (WhatsApp, Facebook, Telegram, X) and a search engine read from a
 * shareable page's head (issue #31): Open Graph, the Twitter card and JSON-LD, built from the
 * page's own data, in the loader: the meta function only hands the result on, so none of
 * this reaches the browser's first-view JavaScript (tests/e2e/js-budget.spec.ts). The absolute
 * addresses come from PUBLIC_URL only (server/web/origin.ts canonicalOrigin): without it there
 * is no og:url and no og:image, since the loopback address would be a link nobody else can open.
 */

/** The share card's size (server/images/share-card.ts draws it): WhatsApp's large preview. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

export const SITE_NAME = "Guida";

export type SharedPage = {
  /** The page's <title>. */
  title: string;
  /** The preview's title: the item's name, without the site's suffix. */
  headline: string;
  description: string;
  /** The page's path ("/business/<id>"). */
  path: string;
  /** The share card's path ("/og/business/<id>"). */
  card: string;
  cardAlt: string;
  type?: "website" | "article" | "product";
  /** Schema.org objects, each rendered as its own application/ld+json script. */
  structuredData?: readonly object[];
};

/** One line, at most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/**
 * The head of a shareable page: title and description first, then Open Graph and the Twitter
 * card (crawlers that read only the first bytes find them before anything else the route
 * adds), then the structured data.
 */
export function shareMeta(page: SharedPage, origin: string | null): MetaDescriptor[] {
  const description = clip(page.description, 200);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: page.headline },
    { property: "og:description", content: description },
  ];
  if (origin) {
    const image = `${origin}${page.card}`;
    tags.push(
      { property: "og:url", content: `${origin}${page.path}` },
      { property: "og:image", content: image },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: String(SHARE_CARD.width) },
      { property: "og:image:height", content: String(SHARE_CARD.height) },
      { property: "og:image:alt", content: page.cardAlt },
    );
  }
  tags.push(
    { name: "twitter:card", content: origin ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.headline },
    { name: "twitter:description", content: description },
  );
  if (origin) tags.push({ name: "twitter:image", content: `${origin}${page.card}` });
  for (const data of page.structuredData ?? []) tags.push({ "script:ld+json": data });
  return tags;
}
