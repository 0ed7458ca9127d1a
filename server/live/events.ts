import { getEnv } from "../env";
import { getDb, type Queryable } from "../db";
import { CHANGES_CHANNEL, changes } from "../db/changes";
import { limitAddress } from "../toolkit/rate-limit";
import { countLiveStreams } from "../metrics";
import type { RequestContext } from "../toolkit/request-context";
import { LiveHub, type LiveChange, type LiveViewer } from "./hub";
import { topicsFromUrl } from "./protocol";

// One hub per process, shared by the route that opens streams and the server that closes
// them at shutdown (under `npm run dev` Vite loads the route's modules apart from the server's).
const HUB = Symbol.for("guida.live-hub");
type WithHub = { [HUB]?: LiveHub };

function liveHub(): LiveHub {
  const holder = globalThis as WithHub;
  if (!holder[HUB]) {
    const env = getEnv();
    holder[HUB] = new LiveHub({
      maxStreams: env.EVENTS_MAX_STREAMS,
      maxPerResident: env.EVENTS_MAX_PER_RESIDENT,
      maxPerAddress: env.EVENTS_MAX_PER_ADDRESS,
    });
    const hub = holder[HUB];
    countLiveStreams(() => hub.size);
    // Every committed write, from this server or another, as the database announces it
    // (server/db/changes.ts); "*" after a gap in listening: every stream re-reads.
    changes.subscribe((change) => announceChange({ table: change.table, userIds: change.kind === "*" ? null : change.users, id: change.id }));
  }
  return holder[HUB];
}

/** The change channel's listener: what changed in the database, for the streams that show it. */
export function announceChange(change: LiveChange): void {
  (globalThis as WithHub)[HUB]?.changed(change);
}

/** At shutdown: every stream ends, so browsers reconnect (to another server, or this one once back). */
export function closeLiveStreams(): void {
  (globalThis as WithHub)[HUB]?.closeAll();
}

/**
 * A resident signed out: their open streams end on every server (the hub closes them when
 * it hears this), so a shared computer's tab stops showing their unread count at once. The
 * resident's other tabs reconnect and resume if their own sessions still hold.
 */
export async function announceSignOut(userId: string, db?: Queryable): Promise<void> {
  const payload = JSON.stringify({ kind: "session", table: "sessions", op: "delete", id: null, users: [userId] });
  await (db ?? (await getDb())).query(`SELECT pg_notify($1, $2)`, [CHANGES_CHANNEL, payload]);
}

function refusal(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...extra,
    },
  });
}

/**
 * GET /events: this tab's Server-Sent Events. The session cookie says who listens; every
 * value is read with their claims (RLS), never taken from the change that prompted it.
 */
export async function eventStreamResponse(request: Request, ctx: RequestContext): Promise<Response> {
  const url = new URL(request.url);
  const topics = topicsFromUrl(url);
  if (!topics) return refusal(400, "Endereço inválido: enquetes, feed e comentários levam identificadores de enquete, de post ou de notícia.");
  const session = await ctx.session();
  const headers = new Headers({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    // nginx would otherwise hold events back until its buffer fills.
    "X-Accel-Buffering": "no",
  });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  // The browser's own reconnection sends the header; a page reopening its stream (tab shown
  // again, other polls on screen) passes the same value as ?ultimo=.
  const lastEventId = request.headers.get("Last-Event-ID") ?? url.searchParams.get("ultimo");
  const viewer: LiveViewer = {
    userId: session.user?.id ?? null,
    address: limitAddress(ctx.clientAddress),
    read: (fn) => ctx.db.asCaller((tx) => fn(tx)),
  };
  const opened = liveHub().open(viewer, topics, lastEventId, request.signal);
  if ("refused" in opened) {
    const message = {
      resident: "Você já tem muitas abas do Guida acompanhando as novidades. Feche alguma e tente de novo.",
      address: "Há muitas conexões ao vivo a partir deste endereço. Feche alguma aba do Guida e tente de novo.",
      server: "O Guida está com muitas conexões ao vivo agora. Tente de novo em instantes.",
    }[opened.refused];
    return refusal(429, message, { "Retry-After": "30" });
  }
  return new Response(opened.body, { status: 200, headers });
}
