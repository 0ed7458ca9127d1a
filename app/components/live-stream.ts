import type { Dispatch, RefObject, SetStateAction } from "react";

// The live state's shapes, shared with live.tsx (which loads this file on demand).
export type Stamped<T> = { value: T; seq: number };
export type LiveVotes = { id: string; votes: number }[];

export type LiveState = {
  unread: Stamped<number> | null;
  feed: Stamped<number> | null;
  polls: ReadonlyMap<string, Stamped<LiveVotes>>;
};

/** After a refusal (429) or a server that went away for good, try again this much later. */
const RETRY_AFTER_REFUSAL_MS = 30_000;

type StreamOptions = {
  /** What the page on screen shows now: its polls, and the feed's newest post (undefined: no feed). */
  topics(): { signedIn: boolean; polls: string[]; feed: string | null | undefined };
  /** What the client holds (the last event's id), kept across reopenings of the stream. */
  lastEventId: RefObject<string>;
  stamp<T>(value: T): Stamped<T>;
  setState: Dispatch<SetStateAction<LiveState>>;
};

/** The stream's address for what the page shows, or null when nothing on it can change. */
function eventsUrl(signedIn: boolean, polls: string[], feed: string | null | undefined, lastEventId: string): string | null {
  if (!signedIn && polls.length === 0 && feed === undefined) return null;
  const params = new URLSearchParams();
  if (polls.length > 0) params.set("enquetes", [...polls].sort().join(","));
  if (feed !== undefined) params.set("feed", feed ?? "");
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
    const { signedIn, polls, feed } = topics();
    const address = eventsUrl(signedIn, polls, feed, lastEventId.current);
    if (!address) return;
    const opened = new EventSource(address);
    source = opened;
    opened.addEventListener("unread", (event) => {
      const { count } = take(event) as { count: number };
      setState((s) => ({ ...s, unread: stamp(count) }));
    });
    opened.addEventListener("feed", (event) => {
      const { count } = take(event) as { count: number };
      setState((s) => ({ ...s, feed: stamp(count) }));
    });
    opened.addEventListener("poll", (event) => {
      const { pollId, options } = take(event) as { pollId: string; options: LiveVotes };
      setState((s) => ({ ...s, polls: new Map(s.polls).set(pollId, stamp(options)) }));
    });
    opened.addEventListener("error", () => {
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: refused
      // (429) or not an event stream; try again later rather than never.
      if (opened.readyState === EventSource.CLOSED) retry = setTimeout(open, RETRY_AFTER_REFUSAL_MS);
    });
  };
  const onVisibility = () => (document.visibilityState === "visible" ? open() : close());
  // Deferred a tick: the page's polls and feed register in the same commit, and changing
  // topics re-runs the provider's effect; the stream then opens once, with all of them.
  retry = setTimeout(open);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    close();
  };
}
