import { isUuid } from "#core/uuid";
import type { LivePollResult } from "../models/live";

/** An item whose comments the page shows (issue #30): `post:<id>` or `news:<id>` in the address. */
export type LiveThread = { kind: "post" | "news"; id: string };

/** What the page on screen shows that can change: its polls, the feed's newest post (/posts), an item's comments. */
export type LiveTopics = {
  polls: readonly string[];
  feed: { newestSeen: string | null } | null;
  thread?: LiveThread | null;
};

/** A page shows at most a feed page of posts, each with at most one poll. */
export const MAX_WATCHED_POLLS = 20;
/** Longer Last-Event-IDs are not ours: ignored (the stream starts from scratch). */
const MAX_LAST_EVENT_ID = 2_000;

/**
 * The event id names every value the client holds, one token per part: `u3` (unread),
 * `n2` (new posts), `p<poll id>~<hash of its counts>`, `t4~<hash of the newest comment>` (a thread). A browser that reconnects — to this
 * server or another behind the proxy — sends it back as Last-Event-ID, and is sent only the
 * parts whose value moved meanwhile. No server keeps a log of past events for it.
 */
export function parseLastEventId(value: string | null): Map<string, string> {
  const held = new Map<string, string>();
  if (!value || value.length > MAX_LAST_EVENT_ID) return held;
  for (const token of value.split(".")) {
    if (/^[un]\d{1,9}$/.test(token) || /^t\d{1,9}~[0-9a-z]{1,8}$/.test(token)) held.set(token[0]!, token);
    else {
      const poll = /^(p[0-9a-f-]{36})~[0-9a-z]{1,8}$/.exec(token);
      if (poll) held.set(poll[1]!, token);
    }
  }
  return held;
}

export function pollToken(poll: LivePollResult): string {
  return `p${poll.pollId}~${fnv1a(poll.options.map((o) => `${o.id}:${o.votes}`).join(",")).toString(36)}`;
}

/** A thread's count and newest comment: a comment removed and another written still reads as a change. */
export function threadToken(count: number, newest: string | null): string {
  return `t${count}~${fnv1a(newest ?? "").toString(36)}`;
}

/** 32-bit FNV-1a: enough to tell a poll's counts apart from the previous ones the client saw. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * What the page asks to follow: `?enquetes=<id>,<id>` (the polls on screen) and
 * `?feed=<newest post id>` on /posts (`feed=` when the feed was empty), `?comentarios=post:<id>`
 * (or `news:<id>`) on an item's page. Malformed: null.
 */
export function topicsFromUrl(url: URL): LiveTopics | null {
  const pollsParam = url.searchParams.get("enquetes");
  const polls = pollsParam ? [...new Set(pollsParam.toLowerCase().split(","))] : [];
  if (polls.length > MAX_WATCHED_POLLS || !polls.every((id) => isUuid(id))) return null;
  const feedParam = url.searchParams.get("feed")?.toLowerCase() ?? null;
  if (feedParam !== null && feedParam !== "" && !isUuid(feedParam)) return null;
  const threadParam = url.searchParams.get("comentarios")?.toLowerCase() ?? null;
  const thread = threadParam === null ? null : /^(post|news):([0-9a-f-]{36})$/.exec(threadParam);
  if (thread === null ? threadParam !== null : !isUuid(thread[2]!)) return null;
  return {
    polls: polls.sort(),
    feed: feedParam === null ? null : { newestSeen: feedParam || null },
    thread: thread ? { kind: thread[1] as LiveThread["kind"], id: thread[2]! } : null,
  };
}
