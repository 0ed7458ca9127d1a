import { setImmediate as nextTurn } from "node:timers/promises";
import type { Queryable } from "../db";
import { directBody, type DirectSink } from "../web/direct-body";
import { ALL_PARTS, carries, heldTokens, PARTS_BY_TABLE, readPart, type Part } from "./parts";
import type { LiveTopics } from "./protocol";

export type { LiveTopics } from "./protocol";

/** A comment line this often keeps proxies (nginx: 60 s) and phones from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Changes arriving this close together are answered with one read per viewer. */
export const COALESCE_MS = 20;
/** A client this far behind (bytes written, not taken) is not reading: its stream is closed (it reconnects and resumes). */
const MAX_BACKLOG_BYTES = 64 * 1024;
/**
 * Streams written per turn of the event loop. Between batches the server answers other
 * requests — among them the write whose change is being fanned out, which waits for its
 * own change to be heard (server/http/pipeline.ts) but not for every stream to get it.
 */
const WRITES_PER_TURN = 500;

/** Who is listening, and how to read the database as them (their claims, so RLS decides). */
export type LiveViewer = {
  userId: string | null;
  /** The address a visitor's streams are counted by (server/toolkit/rate-limit.ts limitAddress). */
  address: string;
  read<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
};

/**
 * Something changed in the database: the table, and the residents concerned when the
 * change is theirs alone (a notification), and the item it names (a comment's post or news
 * article: only streams showing that thread read it again). table "*": anything may have
 * changed (a gap in the change channel), so every stream reads everything again.
 */
export type LiveChange = { table: string; userIds?: readonly string[] | null; id?: string | null };

export type LiveLimits = { maxStreams: number; maxPerResident: number; maxPerAddress: number };

export type OpenResult = { body: ReadableStream<Uint8Array> } | { refused: "server" | "resident" | "address" };

/**
 * Changes that end a resident's streams, on every server: a block (the trigger on
 * resident_blocks) and a sign-out (announced by POST /logout, server/live/events.ts). Their
 * browsers reconnect; a tab whose session still holds gets its stream back and resumes.
 */
const ENDS_STREAMS = new Set(["resident_blocks", "sessions"]);

/**
 * What a client holds: the token of each part's last value sent (or resumed), and the event
 * id naming them all. Never changed in place: tabs that hold the same values share one.
 */
type Held = { readonly tokens: ReadonlyMap<string, string>; readonly id: string };

type Stream = {
  viewer: LiveViewer;
  topics: LiveTopics;
  /** Whose count it takes a place in: its resident's, or its address's for a visitor. */
  readonly owner: string;
  /** Who reads and what: streams with equal keys get equal values. */
  readonly key: string;
  /** Where its bytes go (the node response), once the server writes the body; until then they wait in `queued`. */
  sink: DirectSink | null;
  queued: Uint8Array[];
  held: Held;
  pending: Set<Part>;
  closed: boolean;
};

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(":\n\n");
/** How long the browser waits before reconnecting after a drop. */
const RETRY = encoder.encode("retry: 3000\n\n");

/**
 * Every open /events stream of this server: the caps, the heartbeat, and the fan-out of
 * changes. A change only marks which parts of which streams may be stale; each is then
 * read again as its viewer (one read per viewer and part, however many tabs), and sent
 * only if its value differs from what that client already holds.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly perOwner = new Map<string, number>();
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
    // A visitor's streams count against their address, so one address cannot take the
    // server's every place (issue #25: 5,000 streams from one IP, then everyone got 429).
    const owner = resident !== null ? `resident:${resident}` : `address:${viewer.address}`;
    const cap = resident !== null ? this.limits.maxPerResident : this.limits.maxPerAddress;
    if ((this.perOwner.get(owner) ?? 0) >= cap) return { refused: resident !== null ? "resident" : "address" };
    const thread = topics.thread ? `${topics.thread.kind}:${topics.thread.id}` : "-";
    const key = `${viewer.userId ?? "visitor"}|${topics.polls.join(",")}|${topics.feed ? (topics.feed.newestSeen ?? "") : "-"}|${thread}`;
    const tokens = heldTokens(viewer.userId, topics, lastEventId);
    const held = { tokens, id: [...tokens.values()].join(".") };
    const stream: Stream = { viewer, topics, owner, key, sink: null, queued: [], held, pending: new Set(), closed: false };
    const body = directBody(
      (sink) => this.attach(stream, sink),
      () => this.close(stream),
    );
    this.streams.add(stream);
    this.perOwner.set(owner, (this.perOwner.get(owner) ?? 0) + 1);
    signal?.addEventListener("abort", () => this.close(stream), { once: true });
    this.write(stream, RETRY);
    // The first values: whatever changed between the page's render and now (or since the
    // Last-Event-ID the browser resumes from) reaches the page; the rest is not resent.
    for (const part of ALL_PARTS) if (carries(resident, topics, part)) stream.pending.add(part);
    this.schedule();
    this.heartbeat ??= setInterval(() => void this.writeAll([...this.streams], HEARTBEAT), HEARTBEAT_MS);
    this.heartbeat.unref?.();
    return { body };
  }

  /** The change channel's listener: marks what may be stale and schedules one read round. */
  changed(change: LiveChange): void {
    if (ENDS_STREAMS.has(change.table)) {
      const residents = new Set(change.userIds ?? []);
      for (const stream of [...this.streams]) if (stream.viewer.userId !== null && residents.has(stream.viewer.userId)) this.close(stream);
      return;
    }
    const parts: readonly Part[] = change.table === "*" ? ALL_PARTS : (PARTS_BY_TABLE[change.table] ?? []);
    if (parts.length === 0) return;
    let marked = false;
    for (const stream of this.streams) {
      for (const part of parts) {
        if (!carries(stream.viewer.userId, stream.topics, part)) continue;
        if (part === "unread" && change.userIds && !change.userIds.includes(stream.viewer.userId!)) continue;
        if (part === "thread" && change.id && change.id !== stream.topics.thread!.id) continue;
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

  /**
   * One read round. Streams with the same viewer, topics, stale parts and held values would
   * get the same events: they form one group, read and encoded once, whose bytes are then
   * written to each (5,000 tabs on one poll cost one read and 5,000 writes).
   */
  private async flush(): Promise<void> {
    const groups = new Map<string, Stream[]>();
    for (const stream of this.streams) {
      if (stream.pending.size === 0) continue;
      const parts = [...stream.pending].sort().join(",");
      const key = `${stream.key}|${parts}|${stream.held.id}`;
      const group = groups.get(key);
      if (group) group.push(stream);
      else groups.set(key, [stream]);
    }
    // Reads shared within this round, by viewer: a visitor's claims are everyone's.
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(viewer: LiveViewer, what: string, fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const key = `${viewer.userId ?? "visitor"}|${what}`;
      let read = memo.get(key) as Promise<T> | undefined;
      if (!read) {
        read = viewer.read(fn);
        memo.set(key, read);
      }
      return read;
    };
    await Promise.all([...groups.values()].map((members) => this.refresh(members, once)));
  }

  private async refresh(
    members: Stream[],
    once: <T>(viewer: LiveViewer, what: string, fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  ): Promise<void> {
    const { viewer, topics, pending, held } = members[0]!;
    const parts = [...pending];
    // Changes arriving while this round reads mark them again, for the next round.
    for (const stream of members) stream.pending.clear();
    const chunks: Uint8Array[] = [];
    let holds = held;
    /** Queues the value unless the client already holds it; the event id is everything it then holds. */
    const offer = (key: string, token: string, event: string, data: unknown) => {
      if (holds.tokens.get(key) === token) return;
      const tokens = new Map(holds.tokens).set(key, token);
      holds = { tokens, id: [...tokens.values()].join(".") };
      chunks.push(encoder.encode(`id: ${holds.id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    };
    try {
      for (const part of parts) await readPart(part, viewer.userId, topics, (what, fn) => once(viewer, what, fn), offer);
    } catch (error) {
      // A failed read leaves the clients with what they have; the next change or reconnect reads again.
      console.error("[live] read failed:", error);
    }
    if (chunks.length === 0) return;
    // Encoded once for the whole group, written as one chunk to each of its streams.
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    for (const stream of members) stream.held = holds;
    await this.writeAll(members, bytes);
  }

  /** The same bytes to many streams, a batch per turn of the event loop. */
  private async writeAll(streams: Iterable<Stream>, bytes: Uint8Array): Promise<void> {
    let written = 0;
    for (const stream of streams) {
      this.write(stream, bytes);
      if (++written % WRITES_PER_TURN === 0) await nextTurn();
    }
  }

  private attach(stream: Stream, sink: DirectSink): void {
    if (stream.closed) {
      sink.end();
      return;
    }
    stream.sink = sink;
    for (const bytes of stream.queued) sink.write(bytes);
    stream.queued = [];
  }

  private write(stream: Stream, bytes: Uint8Array): void {
    if (stream.closed) return;
    if (!stream.sink) {
      stream.queued.push(bytes);
      return;
    }
    if (stream.sink.backlog() > MAX_BACKLOG_BYTES) {
      this.close(stream);
      return;
    }
    stream.sink.write(bytes);
  }

  private close(stream: Stream | undefined): void {
    if (!stream || stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    const left = (this.perOwner.get(stream.owner) ?? 1) - 1;
    if (left > 0) this.perOwner.set(stream.owner, left);
    else this.perOwner.delete(stream.owner);
    stream.queued = [];
    stream.sink?.end();
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }
}
