import type { Queryable } from "../db";
import { newPostsCount, pollCounts, unreadCount } from "../models/live";
import { parseLastEventId, pollToken, type LiveEvent } from "./protocol";

/** A comment line this often keeps proxies (nginx: 60 s) and phones from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Changes arriving this close together are answered with one read per viewer. */
export const COALESCE_MS = 20;
/** A client this many events behind is not reading: its stream is closed (it reconnects and resumes). */
const MAX_QUEUED_EVENTS = 64;

/** Who is listening, and how to read the database as them (their claims, so RLS decides). */
export type LiveViewer = {
  userId: string | null;
  read<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
};

/** What the page on screen shows that can change: its polls, and the feed's newest post (/posts). */
export type LiveTopics = {
  polls: readonly string[];
  feed: { newestSeen: string | null } | null;
};

/**
 * Something changed in the database: the table, and the residents concerned when the
 * change is theirs alone (a notification). table "*": anything may have changed (a gap in
 * the change channel), so every stream reads everything again.
 */
export type LiveChange = { table: string; userIds?: readonly string[] | null };

export type LiveLimits = { maxStreams: number; maxPerResident: number };

export type OpenResult = { body: ReadableStream<Uint8Array> } | { refused: "server" | "resident" };

type Part = "unread" | "polls" | "feed";

type Stream = {
  viewer: LiveViewer;
  topics: LiveTopics;
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** What the client holds, by part: the tokens of the last values sent (or resumed). */
  sent: Map<string, string>;
  pending: Set<Part>;
  closed: boolean;
};

/** The tables whose changes move each part. Posts count for polls too: a hidden or deleted post takes its poll along. */
const PARTS_BY_TABLE: Record<string, Part[]> = {
  notifications: ["unread"],
  poll_votes: ["polls"],
  poll_options: ["polls"],
  polls: ["polls"],
  posts: ["feed", "polls"],
};

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(":\n\n");

/** One read round's encoded events, by event id and value: thousands of tabs following the same poll share the bytes. */
type Encoded = Map<string, Uint8Array>;

/**
 * Every open /events stream of this server: the caps, the heartbeat, and the fan-out of
 * changes. A change only marks which parts of which streams may be stale; each is then
 * read again as its viewer (one read per viewer and part, however many tabs), and sent
 * only if its value differs from what that client already holds.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly perResident = new Map<string, number>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly limits: LiveLimits) {}

  get size(): number {
    return this.streams.size;
  }

  open(viewer: LiveViewer, topics: LiveTopics, lastEventId: string | null, signal?: AbortSignal): OpenResult {
    if (this.streams.size >= this.limits.maxStreams) return { refused: "server" };
    const resident = viewer.userId;
    if (resident !== null && (this.perResident.get(resident) ?? 0) >= this.limits.maxPerResident) return { refused: "resident" };
    let stream!: Stream;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = {
          viewer,
          topics,
          controller,
          sent: heldFor(viewer, topics, lastEventId),
          pending: new Set(),
          closed: false,
        };
      },
      cancel: () => this.close(stream),
    });
    this.streams.add(stream);
    if (resident !== null) this.perResident.set(resident, (this.perResident.get(resident) ?? 0) + 1);
    signal?.addEventListener("abort", () => this.close(stream), { once: true });
    // How long the browser waits before reconnecting after a drop.
    this.write(stream, encoder.encode("retry: 3000\n\n"));
    // The first values: whatever changed between the page's render and now (or since the
    // Last-Event-ID the browser resumes from) reaches the page; the rest is not resent.
    if (resident !== null) stream.pending.add("unread");
    if (topics.polls.length > 0) stream.pending.add("polls");
    if (topics.feed) stream.pending.add("feed");
    this.schedule();
    this.heartbeat ??= setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref?.();
    return { body };
  }

  /** The change channel's listener: marks what may be stale and schedules one read round. */
  changed(change: LiveChange): void {
    const parts: Part[] = change.table === "*" ? ["unread", "polls", "feed"] : (PARTS_BY_TABLE[change.table] ?? []);
    if (parts.length === 0) return;
    let marked = false;
    for (const stream of this.streams) {
      for (const part of parts) {
        if (!this.wants(stream, part)) continue;
        if (part === "unread" && change.userIds && !change.userIds.includes(stream.viewer.userId!)) continue;
        stream.pending.add(part);
        marked = true;
      }
    }
    if (marked) this.schedule();
  }

  /** Shutdown: every stream ends now, so the browsers reconnect to a server that stays. */
  closeAll(): void {
    for (const stream of [...this.streams]) this.close(stream);
  }

  private wants(stream: Stream, part: Part): boolean {
    if (part === "unread") return stream.viewer.userId !== null;
    if (part === "polls") return stream.topics.polls.length > 0;
    return stream.topics.feed !== null;
  }

  private schedule(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      // One round at a time: a later round must never be overtaken by an earlier one's reads.
      const run = async () => {
        await this.flushing;
        await this.flush();
      };
      const round = run().finally(() => {
        if (this.flushing === round) this.flushing = null;
      });
      this.flushing = round;
    }, COALESCE_MS);
    this.flushTimer.unref?.();
  }

  private async flush(): Promise<void> {
    // Reads shared within this round, by viewer: a visitor's claims are everyone's.
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(stream: Stream, what: string, fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const key = `${stream.viewer.userId ?? "visitor"}|${what}`;
      let read = memo.get(key) as Promise<T> | undefined;
      if (!read) {
        read = stream.viewer.read(fn);
        memo.set(key, read);
      }
      return read;
    };
    const encoded: Encoded = new Map();
    const due = [...this.streams].filter((stream) => stream.pending.size > 0);
    await Promise.all(due.map((stream) => this.refresh(stream, once, encoded)));
  }

  private async refresh(
    stream: Stream,
    once: <T>(stream: Stream, what: string, fn: (tx: Queryable) => Promise<T>) => Promise<T>,
    encoded: Encoded,
  ): Promise<void> {
    const parts = [...stream.pending];
    stream.pending.clear();
    try {
      for (const part of parts) {
        if (stream.closed) return;
        if (part === "unread") {
          const userId = stream.viewer.userId!;
          const count = await once(stream, "unread", (tx) => unreadCount(tx, userId));
          this.offer(stream, "u", `u${count}`, { event: "unread", data: { count } }, encoded);
        } else if (part === "feed") {
          const newestSeen = stream.topics.feed!.newestSeen;
          const count = await once(stream, `feed:${newestSeen}`, (tx) => newPostsCount(tx, newestSeen));
          this.offer(stream, "n", `n${count}`, { event: "feed", data: { count } }, encoded);
        } else {
          const ids = stream.topics.polls;
          const results = await once(stream, `polls:${ids.join(",")}`, (tx) => pollCounts(tx, ids));
          for (const poll of results) this.offer(stream, `p${poll.pollId}`, pollToken(poll), { event: "poll", data: poll }, encoded);
        }
      }
    } catch (error) {
      // A failed read leaves the client with what it has; the next change or reconnect reads again.
      console.error("[live] read failed:", error);
    }
  }

  /** Sends the value unless the client already holds it; the event id is everything it then holds. */
  private offer(stream: Stream, key: string, token: string, event: Omit<LiveEvent, "id">, encoded: Encoded): void {
    if (stream.sent.get(key) === token) return;
    stream.sent.set(key, token);
    const id = [...stream.sent.values()].join(".");
    // The id names the value (token) too: equal ids and tokens are equal events.
    const cacheKey = `${id}|${token}`;
    let bytes = encoded.get(cacheKey);
    if (!bytes) {
      bytes = encoder.encode(`id: ${id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
      encoded.set(cacheKey, bytes);
    }
    this.write(stream, bytes);
  }

  private beat(): void {
    for (const stream of this.streams) this.write(stream, HEARTBEAT);
  }

  private write(stream: Stream, bytes: Uint8Array): void {
    if (stream.closed) return;
    if ((stream.controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) {
      this.close(stream);
      return;
    }
    stream.controller.enqueue(bytes);
  }

  private close(stream: Stream | undefined): void {
    if (!stream || stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    const resident = stream.viewer.userId;
    if (resident !== null) {
      const left = (this.perResident.get(resident) ?? 1) - 1;
      if (left > 0) this.perResident.set(resident, left);
      else this.perResident.delete(resident);
    }
    try {
      stream.controller.close();
    } catch {
      // Already closed by the reader going away.
    }
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }
}

/** What the client says it holds, for the parts this stream carries (the rest would only lengthen its ids). */
function heldFor(viewer: LiveViewer, topics: LiveTopics, lastEventId: string | null): Map<string, string> {
  const held = parseLastEventId(lastEventId);
  const polls = new Set(topics.polls.map((id) => `p${id}`));
  for (const key of held.keys()) {
    const keep = key === "u" ? viewer.userId !== null : key === "n" ? topics.feed !== null : polls.has(key);
    if (!keep) held.delete(key);
  }
  return held;
}
