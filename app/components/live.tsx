import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

/**
 * The page's live updates: one EventSource per tab on GET /events, opened only after
 * hydration (an effect), closed while the tab is hidden, and asking only for what the page
 * on screen shows — its polls (usePollVotes) and, on /posts, the feed (useNewPosts). With
 * JavaScript off none of this exists and every page is simply as fresh as its last load.
 */

type Stamped<T> = { value: T; seq: number };
export type LiveVotes = { id: string; votes: number }[];

type LiveState = {
  unread: Stamped<number> | null;
  feed: Stamped<number> | null;
  polls: ReadonlyMap<string, Stamped<LiveVotes>>;
};

type LiveApi = {
  state: LiveState;
  watchPoll(pollId: string): () => void;
  watchFeed(newestSeen: string | null): () => void;
};

const EMPTY: LiveState = { unread: null, feed: null, polls: new Map() };
const LiveContext = createContext<LiveApi>({
  state: EMPTY,
  watchPoll: () => () => {},
  watchFeed: () => () => {},
});

/** After a refusal (429) or a server that went away for good, try again this much later. */
const RETRY_AFTER_REFUSAL_MS = 30_000;

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

export function LiveProvider({ userId, children }: { userId: string | null; children: React.ReactNode }) {
  const [state, setState] = useState<LiveState>(EMPTY);
  const pollWatchers = useRef(new Map<string, number>());
  const feedWatch = useRef<string | null | undefined>(undefined);
  // Bumped whenever what the page watches changes, so the stream reopens with the new topics.
  const [topics, setTopics] = useState("");
  const seq = useRef(0);
  // What the client holds (the last event's id), kept across reopenings of the stream.
  const lastEventId = useRef("");

  const topicsChanged = useCallback(() => {
    setTopics(`${[...pollWatchers.current.keys()].sort().join(",")}|${feedWatch.current ?? "-"}`);
  }, []);

  const watchPoll = useCallback(
    (pollId: string) => {
      const watchers = pollWatchers.current;
      watchers.set(pollId, (watchers.get(pollId) ?? 0) + 1);
      topicsChanged();
      return () => {
        const left = (watchers.get(pollId) ?? 1) - 1;
        if (left > 0) watchers.set(pollId, left);
        else watchers.delete(pollId);
        topicsChanged();
      };
    },
    [topicsChanged],
  );

  const watchFeed = useCallback(
    (newestSeen: string | null) => {
      feedWatch.current = newestSeen;
      // The count was of posts newer than the old top of the feed: forget it, here and in
      // what the client says it holds.
      setState((s) => (s.feed ? { ...s, feed: null } : s));
      lastEventId.current = lastEventId.current
        .split(".")
        .filter((token) => !token.startsWith("n"))
        .join(".");
      topicsChanged();
      return () => {
        if (feedWatch.current === newestSeen) feedWatch.current = undefined;
        topicsChanged();
      };
    },
    [topicsChanged],
  );

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const stamp = <T,>(value: T): Stamped<T> => ({ value, seq: ++seq.current });
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
      const url = eventsUrl(userId !== null, [...pollWatchers.current.keys()], feedWatch.current, lastEventId.current);
      if (!url) return;
      const opened = new EventSource(url);
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
        const { pollId, options } = take(event) as {
          pollId: string;
          options: LiveVotes;
        };
        setState((s) => ({
          ...s,
          polls: new Map(s.polls).set(pollId, stamp(options)),
        }));
      });
      opened.addEventListener("error", () => {
        // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: refused
        // (429) or not an event stream; try again later rather than never.
        if (opened.readyState === EventSource.CLOSED) retry = setTimeout(open, RETRY_AFTER_REFUSAL_MS);
      });
    };
    const onVisibility = () => (document.visibilityState === "visible" ? open() : close());
    // Deferred a tick: the page's polls and feed register in the same commit, and changing
    // topics re-runs this effect; the stream then opens once, with all of them.
    retry = setTimeout(open);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      close();
    };
  }, [userId, topics]);

  const api = useMemo(() => ({ state, watchPoll, watchFeed }), [state, watchPoll, watchFeed]);
  return <LiveContext.Provider value={api}>{children}</LiveContext.Provider>;
}

/**
 * The newer of two sources: the page's data (changes identity on each load) and the
 * stream's value (stamped when it arrived). Whichever came last is shown.
 */
function useNewest<T>(fromPage: T, live: Stamped<T> | null | undefined): T {
  const [page, setPage] = useState({
    value: fromPage,
    seqAtLoad: live?.seq ?? 0,
  });
  if (page.value !== fromPage) setPage({ value: fromPage, seqAtLoad: live?.seq ?? 0 });
  return live && live.seq > page.seqAtLoad ? live.value : fromPage;
}

/** The unread notifications count: the root loader's, or the stream's if newer. */
export function useUnreadCount(fromPage: number): number {
  return useNewest(fromPage, useContext(LiveContext).state.unread);
}

/** A poll's counts on screen: the page's, or the stream's if newer (someone else voted). */
export function usePollVotes<T extends { id: string; votes: number }>(pollId: string, fromPage: readonly T[]): readonly T[] {
  const { state, watchPoll } = useContext(LiveContext);
  useEffect(() => watchPoll(pollId), [pollId, watchPoll]);
  const live = state.polls.get(pollId);
  const merged = useMemo(() => {
    if (!live) return null;
    const votes = new Map(live.value.map((o) => [o.id, o.votes]));
    return {
      seq: live.seq,
      value: fromPage.map((o) => ({ ...o, votes: votes.get(o.id) ?? o.votes })),
    };
  }, [live, fromPage]);
  return useNewest(fromPage, merged);
}

/** How many posts appeared above the feed's newest one (newestSeen) since it was loaded. */
export function useNewPosts(newestSeen: string | null, watching: boolean): number {
  const { state, watchFeed } = useContext(LiveContext);
  useEffect(() => (watching ? watchFeed(newestSeen) : undefined), [newestSeen, watching, watchFeed]);
  return watching ? (state.feed?.value ?? 0) : 0;
}
