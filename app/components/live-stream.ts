import type { Dispatch, RefObject, SetStateAction } from "react";

// The live state's shapes, shared with live.tsx (which loads this file on demand).
export type Stamped<T> = { value: T; seq: number };
export type LiveVotes = { id: string; votes: number }[];

/** An item's comments as the stream last told them (issue #30): its counter and newest comment. */
export type LiveThread = { count: number; newest: string | null };

/**
 * `watched`: what the stream last said of each watched topic, by topic — `p:<poll id>` (its
 * counts), `c:post:<id>` or `c:news:<id>` (an item's comments), `f:<newest post seen>` (the
 * posts above it, on /posts).
 */
export type LiveState = {
  unread: Stamped<number> | null;
  watched: ReadonlyMap<string, Stamped<unknown>>;
};

/** The feed (newest post seen) the "n" token of the client's event id counts above. */
let countedFeed: string | undefined;

/** After a refusal (429) or a server that went away for good, try again this much later. */
const RETRY_AFTER_REFUSAL_MS = 30_000;

type StreamOptions = {
  /** What the page on screen shows now: its watched topics (p:…, c:…, f:…). */
  topics(): { signedIn: boolean; watched: string[] };
  /** What the client holds (the last event's id), kept across reopenings of the stream. */
  lastEventId: RefObject<string>;
  stamp<T>(value: T): Stamped<T>;
  setState: Dispatch<SetStateAction<LiveState>>;
};

/** The stream's address for what the page shows, or null when nothing on it can change. */
function eventsUrl(signedIn: boolean, watched: string[], feed: string | undefined, lastEventId: string): string | null {
  if (!signedIn && watched.length === 0) return null;
  const params = new URLSearchParams();
  const polls = watched.filter((topic) => topic.startsWith("p:")).map((topic) => topic.slice(2));
  // One thread per page: the last one watched (a page changing items watches the new one).
  const thread = watched.filter((topic) => topic.startsWith("c:")).pop();
  if (polls.length > 0) params.set("enquetes", polls.sort().join(","));
  if (thread) params.set("comentarios", thread.slice(2));
  if (feed !== undefined) params.set("feed", feed);
  if (lastEventId) params.set("ultimo", lastEventId);
  const query = params.toString();
  return query ? `/events?${query}` : "/events";
}

/**
 * The EventSource behind LiveProvider (live.tsx), loaded by its effect after hydration:
 * opened while the tab is visible, closed while it is hidden. Returns what closes it.
 */
export function openLiveStream({ topics, lastEventId, stamp, setState }: StreamOptions): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const take = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId.current = event.lastEventId;
    return JSON.parse(event.data) as unknown;
  };
  const close = () => {
    clearTimeout(retry);
    source?.close();
    source = null;
  };
  const open = () => {
    close();
    if (document.visibilityState !== "visible") return;
    const { signedIn, watched } = topics();
    // The feed's count is of posts above the newest one the page shows ("" : the feed was empty).
    const feed = watched.filter((topic) => topic.startsWith("f:")).pop()?.slice(2);
    if (feed !== undefined && feed !== countedFeed) {
      // What the client says it holds was counted above another post: not a value of this feed.
      lastEventId.current = lastEventId.current
        .split(".")
        .filter((token) => !token.startsWith("n"))
        .join(".");
      countedFeed = feed;
    }
    const address = eventsUrl(signedIn, watched, feed, lastEventId.current);
    if (!address) return;
    const opened = new EventSource(address);
    source = opened;
    opened.addEventListener("unread", (event) => {
      const { count } = take(event) as { count: number };
      setState((s) => ({ ...s, unread: stamp(count) }));
    });
    opened.addEventListener("feed", (event) => {
      const { count } = take(event) as { count: number };
      setState((s) => ({ ...s, watched: new Map(s.watched).set(`f:${feed}`, stamp(count)) }));
    });
    opened.addEventListener("poll", (event) => {
      const { pollId, options } = take(event) as { pollId: string; options: LiveVotes };
      setState((s) => ({ ...s, watched: new Map(s.watched).set(`p:${pollId}`, stamp(options)) }));
    });
    opened.addEventListener("thread", (event) => {
      const { thread, count, newest } = take(event) as LiveThread & { thread: string };
      setState((s) => ({ ...s, watched: new Map(s.watched).set(`c:${thread}`, stamp({ count, newest })) }));
    });
    opened.addEventListener("error", () => {
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: refused
      // (429) or not an event stream; try again later rather than never.
      if (opened.readyState === EventSource.CLOSED) retry = setTimeout(open, RETRY_AFTER_REFUSAL_MS);
    });
  };
  const onVisibility = () => (document.visibilityState === "visible" ? open() : close());
  // Deferred a tick: the page's polls, thread and feed register in the same commit, and changing
  // topics re-runs the provider's effect; the stream then opens once, with all of them.
  retry = setTimeout(open);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    close();
  };
}
