import webpush from "web-push";
import type { Database } from "../db";
import { changes } from "../db/changes";
import { logLine } from "../log";
import { claimDuePushes, dropSubscription, finishPush, retryPushLater, type ClaimedPush } from "../models/push";
import type { VapidConfig } from "./vapid";

/**
 * The Web Push sender (issue #31). The database queues one message per device when a
 * notification is written (push_outbox, filled by a trigger); every server drains the queue
 * when it hears of a notification on the change channel, and every half minute for retries.
 * A message is claimed by one server only (claimDuePushes: FOR UPDATE SKIP LOCKED and a
 * lease), so with several servers on one PostgreSQL each is pushed once.
 *
 * web-push builds the request (RFC 8291 aes128gcm payload, RFC 8292 VAPID header); it is sent
 * with fetch, which speaks http and https alike and lets the answer decide what happens:
 * 2xx delivered, 404/410 the device is gone (its subscription deleted), 429/5xx/no answer
 * retried with backoff, anything else dropped with a log line.
 */

/** What the service worker receives (app/entry.worker.ts reads it). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export type PushSenderOptions = {
  /** Messages claimed per round trip. */
  batch?: number;
  /** How long a claimed message stays this server's before another may send it. */
  leaseSeconds?: number;
  /** Sends after which a message is given up. */
  maxAttempts?: number;
  /** How a push service is reached (tests hand the stand-in's fetch). */
  fetch?: typeof fetch;
};

/** A day: a phone off for a night still gets yesterday evening's reply; older news is no news. */
export const PUSH_TTL_SECONDS = 86_400;
const SEND_TIMEOUT_MS = 10_000;
const RETRY_EVERY_MS = 30_000;

export type PushSender = { drain(): Promise<number>; start(): void; stop(): void };

export function createPushSender(db: Database, vapid: VapidConfig, options: PushSenderOptions = {}): PushSender {
  const batch = options.batch ?? 50;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? 6;
  const send = options.fetch ?? fetch;
  let running: Promise<number> | null = null;
  let again = false;
  let stopListening: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function deliver(message: ClaimedPush): Promise<boolean> {
    const payload: PushPayload = { title: message.title, body: message.body, url: message.link ?? "/notifications", tag: message.tag };
    const request = webpush.generateRequestDetails(
      { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: "normal", contentEncoding: "aes128gcm" },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    let status: number;
    let retryAfter: string | null = null;
    try {
      const response = await send(request.endpoint, {
        method: "POST",
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      await response.body?.cancel();
    } catch (error) {
      status = 0;
      logLine("warn", "push service unreachable", { endpointHost: hostOf(message.endpoint), error: String(error) });
    }
    if (status >= 200 && status < 300) {
      await finishPush(db, message.id);
      return true;
    }
    if (status === 404 || status === 410) {
      await dropSubscription(db, message.subscriptionId);
      return false;
    }
    if ((status === 0 || status === 429 || status >= 500) && message.attempts < maxAttempts) {
      await retryPushLater(db, message.id, backoffSeconds(message.attempts, retryAfter));
      return false;
    }
    logLine("warn", "push message dropped", { endpointHost: hostOf(message.endpoint), status, attempts: message.attempts });
    await finishPush(db, message.id);
    return false;
  }

  async function drainOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimed = await claimDuePushes(db, batch, leaseSeconds);
      const results = await Promise.all(
        claimed.map((message) =>
          deliver(message).catch((error: unknown) => {
            logLine("error", "push delivery failed", { error: String(error) });
            return false;
          }),
        ),
      );
      delivered += results.filter(Boolean).length;
      if (claimed.length < batch) return delivered;
    }
  }

  /** Sends every due message; a call while a drain runs makes that drain go round once more. */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const drainQuietly = () =>
    void drain().catch((error: unknown) => logLine("error", "push queue drain failed", { error: String(error) }));

  return {
    drain,
    start() {
      stopListening = changes.subscribe((change) => {
        if (change.table === "notifications" || change.table === "*") drainQuietly();
      });
      timer = setInterval(drainQuietly, RETRY_EVERY_MS);
      timer.unref();
      drainQuietly();
    },
    stop() {
      stopListening?.();
      if (timer) clearInterval(timer);
    },
  };
}

/** Retry-After when the push service gives seconds (at most an hour), else 30 s doubling per attempt. */
export function backoffSeconds(attempts: number, retryAfter: string | null): number {
  const asked = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  if (asked !== null) return Math.min(Math.max(asked, 1), 3_600);
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3_600);
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "?";
  }
}
