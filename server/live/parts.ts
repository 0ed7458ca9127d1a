import type { Queryable } from "../db";
import { newPostsCount, pollCounts, threadState, unreadCount } from "../models/live";
import { parseLastEventId, pollToken, threadToken, type LiveTopics } from "./protocol";

/**
 * The parts a stream carries and how each is read (server/live/hub.ts fans them out): the
 * bell (unread), the polls on screen, /posts' new posts (feed), and an item's comments (thread).
 */
export type Part = "unread" | "polls" | "feed" | "thread";
export const ALL_PARTS: readonly Part[] = ["unread", "polls", "feed", "thread"];

/** The tables whose changes move each part. Posts count for polls too: a hidden or deleted post takes its poll along. */
export const PARTS_BY_TABLE: Record<string, Part[]> = {
  notifications: ["unread"],
  poll_votes: ["polls"],
  poll_options: ["polls"],
  polls: ["polls"],
  posts: ["feed", "polls"],
  comments: ["thread"],
};

/** Whether a stream shows this part at all. */
export function carries(userId: string | null, topics: LiveTopics, part: Part): boolean {
  if (part === "unread") return userId !== null;
  if (part === "polls") return topics.polls.length > 0;
  if (part === "feed") return topics.feed !== null;
  return Boolean(topics.thread);
}

/** One read per viewer and key within a round (hub.ts's memo): a visitor's claims are everyone's. */
export type ReadOnce = <T>(what: string, fn: (tx: Queryable) => Promise<T>) => Promise<T>;
/** Queues a value under its token unless the client already holds that token. */
export type Offer = (key: string, token: string, event: string, data: unknown) => void;

/** Reads one part as the viewer and offers its value(s). */
export async function readPart(part: Part, userId: string | null, topics: LiveTopics, once: ReadOnce, offer: Offer): Promise<void> {
  if (part === "unread") {
    const count = await once("unread", (tx) => unreadCount(tx, userId!));
    offer("u", `u${count}`, "unread", { count });
  } else if (part === "feed") {
    const newestSeen = topics.feed!.newestSeen;
    const count = await once(`feed:${newestSeen}`, (tx) => newPostsCount(tx, newestSeen));
    offer("n", `n${count}`, "feed", { count });
  } else if (part === "thread") {
    const thread = topics.thread!;
    const state = await once(`thread:${thread.kind}:${thread.id}`, (tx) => threadState(tx, thread));
    offer("t", threadToken(state.count, state.newest), "thread", { thread: `${thread.kind}:${thread.id}`, ...state });
  } else {
    const results = await once(`polls:${topics.polls.join(",")}`, (tx) => pollCounts(tx, topics.polls));
    for (const poll of results) offer(`p${poll.pollId}`, pollToken(poll), "poll", poll);
  }
}

/** What the client says it holds, for the parts this stream carries (the rest would only lengthen its ids). */
export function heldTokens(userId: string | null, topics: LiveTopics, lastEventId: string | null): Map<string, string> {
  const tokens = parseLastEventId(lastEventId);
  const polls = new Set(topics.polls.map((id) => `p${id}`));
  for (const key of tokens.keys()) {
    const keep = key === "u" ? userId !== null : key === "n" ? topics.feed !== null : key === "t" ? Boolean(topics.thread) : polls.has(key);
    if (!keep) tokens.delete(key);
  }
  return tokens;
}
