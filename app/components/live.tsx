import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { LiveState, LiveThread, LiveVotes, Stamped } from "./live-stream";

export type { LiveThread, LiveVotes };

/**
 * The page's live updates: one EventSource per tab on GET /events, opened only after
 * hydration (an effect), closed while the tab is hidden, and asking only for what the page
 * on screen shows — the topics it watches (useWatched): its polls (usePollVotes), an item's
 * comments and, on /posts, the feed (useNewPosts). With JavaScript off none of this exists
 * and every page is simply as fresh as its last load.
 */

type LiveApi = {
  state: LiveState;
  watch(topic: string): () => void;
};

const EMPTY: LiveState = { unread: null, watched: new Map() };
const LiveContext = createContext<LiveApi>({
  state: EMPTY,
  watch: () => () => {},
});

export function LiveProvider({ userId, children }: { userId: string | null; children: React.ReactNode }) {
  const [state, setState] = useState<LiveState>(EMPTY);
  const watchers = useRef(new Map<string, number>());
  // Changed whenever what the page watches changes, so the stream reopens with the new topics.
  const [topics, setTopics] = useState("");
  const seq = useRef(0);
  // What the client holds (the last event's id), kept across reopenings of the stream.
  const lastEventId = useRef("");

  const watch = useCallback((topic: string) => {
    const counts = watchers.current;
    const changed = () => setTopics([...counts.keys()].sort().join(","));
    counts.set(topic, (counts.get(topic) ?? 0) + 1);
    changed();
    return () => {
      const left = (counts.get(topic) ?? 1) - 1;
      if (left > 0) counts.set(topic, left);
      else counts.delete(topic);
      changed();
    };
  }, []);

  useEffect(() => {
    // The stream's code (~1 KiB) is fetched by this effect, after hydration: no page needs
    // it to show or to answer a tap.
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("./live-stream").then(({ openLiveStream }) => {
      if (cancelled) return;
      stop = openLiveStream({
        topics: () => ({ signedIn: userId !== null, watched: [...watchers.current.keys()] }),
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

  const api = useMemo(() => ({ state, watch }), [state, watch]);
  return <LiveContext.Provider value={api}>{children}</LiveContext.Provider>;
}

/**
 * The newer of two sources: the page's data (changes identity on each load) and the
 * stream's value (stamped when it arrived). Whichever came last is shown.
 */
export function useNewest<T>(fromPage: T, live: Stamped<T> | null | undefined): T {
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

/**
 * What the stream last said of a topic the page shows — `p:<poll>`, `c:<kind>:<item>`,
 * `f:<the feed's newest post>` — watched while it is on screen (`null`: not watched).
 */
export function useWatched<T>(topic: string | null): Stamped<T> | undefined {
  const { state, watch } = useContext(LiveContext);
  useEffect(() => (topic === null ? undefined : watch(topic)), [topic, watch]);
  return topic === null ? undefined : (state.watched.get(topic) as Stamped<T> | undefined);
}

/** A poll's counts on screen: the page's, or the stream's if newer (someone else voted). */
export function usePollVotes<T extends { id: string; votes: number }>(pollId: string, fromPage: readonly T[]): readonly T[] {
  const live = useWatched<LiveVotes>(`p:${pollId}`);
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

/**
 * How many posts appeared above the feed's newest one (newestSeen) since it was loaded. The
 * count is kept under that post: once the feed loads newer posts it watches another topic.
 */
export function useNewPosts(newestSeen: string | null, watching: boolean): number {
  return useWatched<number>(watching ? `f:${newestSeen ?? ""}` : null)?.value ?? 0;
}
