import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { LiveState, LiveVotes, Stamped } from "./live-stream";

export type { LiveVotes };

/**
 * The page's live updates: one EventSource per tab on GET /events, opened only after
 * hydration (an effect), closed while the tab is hidden, and asking only for what the page
 * on screen shows — its polls (usePollVotes) and, on /posts, the feed (useNewPosts). With
 * JavaScript off none of this exists and every page is simply as fresh as its last load.
 */

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
    // The stream's code (~1 KiB) is fetched by this effect, after hydration: no page needs
    // it to show or to answer a tap.
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("./live-stream").then(({ openLiveStream }) => {
      if (cancelled) return;
      stop = openLiveStream({
        topics: () => ({ signedIn: userId !== null, polls: [...pollWatchers.current.keys()], feed: feedWatch.current }),
        lastEventId,
        stamp: (value) => ({ value, seq: ++seq.current }),
        setState,
      });
    });
    return () => {
      cancelled = true;
      stop?.();
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
