import type { Queryable } from "../db";
import { ANY, type Dependency } from "./dependencies";
import { getBusiness, listBusinessCategories, listBusinesses } from "../models/businesses";
import { getDriver, listDrivers } from "../models/drivers";
import { getNewsArticle, listNews } from "../models/news";
import { getPost, listPosts } from "../models/posts";
import { getProfileActivity, getProfileById, getProfileByUsername, listUsers } from "../models/profiles";
import { listComments, type ThreadRequest } from "../models/comments";
import { listReviews, type ListingKind } from "../models/reviews";
import { favoriteIdsAmong } from "../models/favorites";
import { getUserBadges } from "../models/notifications";
import { getSellItem, listSellItemCategories, listSellItems, type SellItemFilters } from "../models/sell-items";
import { getService, listServiceCategories, listServices } from "../models/services";
import { getHomeOverview } from "../models/town";
import { listDutyTurns } from "../models/duty";
import { listSitemapEntries, listSitemapPages } from "../models/sitemap";
import type { PageRequest } from "../models/keyset";
import type { DriverFilter } from "#core/drivers";
import { ITEM_KINDS, type ItemKind } from "#core/item-kinds";

/**
 * The reads the server may keep between requests (server/cache/read-cache.ts), each declared once
 * with a name. A cached result is found again by its name and the JSON of its arguments
 * (readKey), so a loader never builds a cache key by hand: whatever the read depends on is
 * an argument, and an argument is always part of the key.
 *
 * - visitor reads: the town's catalogue, the same for everyone, run as the visitor role and
 *   shared between all requests (RequestContext.db.asVisitor);
 * - own reads: a signed-in resident's own small reads, run with their claims and kept for
 *   them alone: the user id comes from the verified session (RequestContext.db.own).
 *
 * A read also says what it shows (Shows): the kinds of item, and for one item's page which
 * item (of the first kind). A change the database announces drops only the results it
 * touches (server/cache/dependencies.ts); a read that says nothing is dropped by every change.
 */
export type VisitorRead<Args, T> = {
  readonly kind: "visitor";
  readonly name: string;
  readonly run: (tx: Queryable, args: Args) => Promise<T>;
  readonly dependency: (args: Args) => Dependency;
};
export type OwnRead<Args, T> = {
  readonly kind: "own";
  readonly name: string;
  readonly run: (tx: Queryable, userId: string, args: Args) => Promise<T>;
  readonly dependency: (userId: string, args: Args) => Dependency;
};

/** The kinds of item a read shows (server/db/changes.ts's vocabulary) and, for one item's page, which one. */
export type Shows<Args> = { kinds: readonly string[]; item?: (args: Args) => string };

const names = new Set<string>();

function declare(name: string): string {
  // Two reads under one name would answer each other's callers.
  if (names.has(name)) throw new Error(`read "${name}" is declared twice`);
  names.add(name);
  return name;
}

export function visitorRead<Args, T>(name: string, run: (tx: Queryable, args: Args) => Promise<T>, shows?: Shows<Args>): VisitorRead<Args, T> {
  const dependency = (args: Args): Dependency => (shows ? { kinds: shows.kinds, item: shows.item?.(args) } : ANY);
  return { kind: "visitor", name: declare(name), run, dependency };
}

export function ownRead<Args, T>(
  name: string,
  run: (tx: Queryable, userId: string, args: Args) => Promise<T>,
  shows?: Shows<Args>,
): OwnRead<Args, T> {
  const dependency = (userId: string, args: Args): Dependency => (shows ? { kinds: shows.kinds, item: shows.item?.(args), user: userId } : ANY);
  return { kind: "own", name: declare(name), run, dependency };
}

/** The cache key of one read: its name and every argument (a Date as its ISO text). */
export function readKey(name: string, args: unknown): string {
  return `${name}|${JSON.stringify(args ?? null)}`;
}

// ---------------------------------------------------------------- the town's catalogue

/** The open-now filter compares HH:MM: a minute's answer serves the whole minute (minuteOf). */
export const homeOverview = visitorRead("home", (tx, { minute }: { minute: Date }) => getHomeOverview(tx, minute), {
  kinds: ["business", "driver", "news", "post", "sell_item", "profile", "holiday", "duty"],
});

/** The rota from this minute on, a week of it (issue #32): /farmacias-de-plantao. */
export const dutyRota = visitorRead("duty", (tx, { minute }: { minute: Date }) => listDutyTurns(tx, minute), { kinds: ["duty", "business"] });

export const businessList = visitorRead(
  "businesses",
  async (tx, { openAt, ...request }: PageRequest & { category?: string; openAt?: Date; topRated?: boolean }) => ({
    categories: await listBusinessCategories(tx),
    // `now` only matters to the open-now filter, which is why openAt is the argument.
    list: await listBusinesses(tx, { ...request, openNow: openAt !== undefined, now: openAt ?? new Date() }),
  }),
  // A town holiday changes every badge and the open-now filter (public.town_holidays announces "holiday").
  { kinds: ["business", "holiday", "duty"] },
);

export const businessPage = visitorRead("business", (tx, { id }: { id: string }) => getBusiness(tx, id), {
  kinds: ["business", "profile", "holiday", "duty"],
  item: ({ id }) => id,
});

export const serviceList = visitorRead("services", async (tx, request: PageRequest & { category?: string; topRated?: boolean }) => ({
  categories: await listServiceCategories(tx),
  list: await listServices(tx, request),
}), { kinds: ["service"] });

export const servicePage = visitorRead("service", (tx, { id }: { id: string }) => getService(tx, id), { kinds: ["service"], item: ({ id }) => id });

export const driverList = visitorRead(
  "drivers",
  // `now` only matters to the "disponiveis" filter, which is why availableAt is the argument.
  (tx, { availableAt, ...request }: PageRequest & { filter: DriverFilter; availableAt?: Date; topRated?: boolean }) =>
    listDrivers(tx, { ...request, now: availableAt ?? new Date() }),
  { kinds: ["driver"] },
);

export const driverPage = visitorRead("driver", (tx, { id }: { id: string }) => getDriver(tx, id), { kinds: ["driver"], item: ({ id }) => id });

export const newsList = visitorRead("news", (tx, request: PageRequest) => listNews(tx, request), { kinds: ["news"] });

export const newsArticle = visitorRead("news-article", (tx, { id }: { id: string }) => getNewsArticle(tx, id), {
  kinds: ["news", "profile"],
  item: ({ id }) => id,
});

/**
 * A page of /posts as a visitor reads it (a resident's runs with their claims: their votes).
 * Votes, comment counters and moderation all change the post's own row or announce "post".
 */
export const postList = visitorRead("posts", (tx, request: PageRequest) => listPosts(tx, { ...request, viewerId: null }), {
  kinds: ["post", "profile", "moderation"],
});

/** The residents' directory (/users) as a visitor reads it. */
export const residentList = visitorRead("users", (tx, request: PageRequest & { query: string }) => listUsers(tx, request), {
  kinds: ["profile", "moderation"],
});

/** A public profile (/u/{username}, /user/{id}) and its activity: their sell items, posts and news. */
export const profilePage = visitorRead(
  "profile",
  async (tx, { userId, username }: { userId?: string; username?: string }) => {
    const profile = userId ? await getProfileById(tx, userId) : await getProfileByUsername(tx, username ?? "");
    return profile ? { profile, activity: await getProfileActivity(tx, profile.id) } : null;
  },
  { kinds: ["profile", "sell_item", "post", "news", "moderation"] },
);

/** A post's own page as a visitor reads it (a resident's runs with their claims: their vote, their hidden post). */
export const postPage = visitorRead("post", (tx, { id }: { id: string }) => getPost(tx, id, null), {
  kinds: ["post", "profile"],
  item: ({ id }) => id,
});

/**
 * One page of an item's comments as a visitor reads them (issue #30). A comment announces its
 * item's id (20261129000200_comments.sql), so a new comment drops this thread only.
 */
export const commentThread = visitorRead(
  "comments",
  (tx, { itemId, ...request }: ThreadRequest & { itemId: string }) => listComments(tx, itemId, request),
  { kinds: ["comment", "profile"], item: ({ itemId }) => itemId },
);

/**
 * A listing's newest reviews as a visitor reads them (issue #30). A review announces its
 * listing's id (20261130000200_reviews.sql), so a new review drops this listing's only; an
 * owner's answer (few) drops them all.
 */
export const reviewList = visitorRead(
  "reviews",
  (tx, { kind, listingId }: { kind: ListingKind; listingId: string }) => listReviews(tx, kind, listingId),
  { kinds: ["review", "review_reply", "profile"], item: ({ listingId }) => listingId },
);

export const sellItemList = visitorRead(
  "sell-items",
  async (tx, filters: SellItemFilters) => ({
    categories: await listSellItemCategories(tx),
    list: await listSellItems(tx, filters),
  }),
  { kinds: ["sell_item", "profile"] },
);

export const sellItemPage = visitorRead("sell-item", (tx, { id }: { id: string }) => getSellItem(tx, id), {
  kinds: ["sell_item", "profile"],
  item: ({ id }) => id,
});

/**
 * /sitemap.xml and its pages (issue #31), as a visitor reads the town: hidden and pending items
 * are left out by the same policies as the pages. A hide or restore announces its item's kind.
 */
export const sitemapIndex = visitorRead("sitemap-index", (tx, _args: null) => listSitemapPages(tx), { kinds: [...ITEM_KINDS, "moderation"] });

export const sitemapPage = visitorRead(
  "sitemap-page",
  (tx, { kind, from }: { kind: ItemKind; from: string | null }) => listSitemapEntries(tx, kind, from),
  { kinds: [...ITEM_KINDS, "moderation"] },
);

// ---------------------------------------------------------------- a resident's own

/** The unread count every page's shell shows. */
export const badges = ownRead("badges", (tx, userId, _args: null) => getUserBadges(tx, userId), { kinds: ["notification"] });

/** Which of the items a page shows the resident has favorited (its hearts' state). */
export const favoriteState = ownRead(
  "favorite-state",
  (tx, userId, { itemIds }: { itemIds: string[] }) => favoriteIdsAmong(tx, userId, itemIds),
  { kinds: ["favorite"] },
);
