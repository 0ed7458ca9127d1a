import { logLine } from "../log";
import { postgresTls } from "./tls";
import type { ListenHandlers } from "./types";

/** Waits between attempts to listen again: quick at first, then every few seconds. */
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on one dedicated session of its own (never a pooled connection: a pool hands its
 * sessions out, and a transaction pooler such as Supabase's port 6543 has no sessions at
 * all). The session reconnects by itself for as long as the server runs; `down` is called
 * when it is lost and `up` each time it listens again, so the caller can drop what it may
 * have missed in between.
 */
export async function listenOnPostgres(url: string, channel: string, on: ListenHandlers): Promise<() => Promise<void>> {
  const { default: postgres } = await import("postgres");
  const ssl = postgresTls(url);
  let stopped = false;
  let listening = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | undefined;

  // `onnotify` is postgres.js's own hook for NOTIFY on a connection (what its sql.listen is
  // built on), missing from its type declarations.
  const options = {
    ...(ssl === undefined ? {} : { ssl }),
    max: 1,
    // The session lives as long as the server: no idle or lifetime recycling.
    idle_timeout: 0,
    max_lifetime: null,
    prepare: false,
    fetch_types: false,
    connect_timeout: 5,
    onnotice: () => {},
    onnotify: (name: string, payload: string) => {
      if (name === channel) on.notify(payload);
    },
    onclose: () => {
      if (stopped) return;
      if (listening) {
        listening = false;
        logLine("error", "change listener lost its database session; reconnecting", {});
        on.down();
      }
      schedule();
    },
  };
  const sql = postgres(url, options as Parameters<typeof postgres>[1]);

  const listen = async () => {
    retry = undefined;
    if (stopped || listening) return;
    try {
      await sql.unsafe(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (stopped) return;
      listening = true;
      attempts = 0;
      on.up();
    } catch (error) {
      if (stopped) return;
      attempts += 1;
      if (attempts === 1) logLine("error", "change listener cannot listen; retrying", { code: (error as { code?: string }).code });
      schedule();
    }
  };

  function schedule() {
    if (stopped || retry) return;
    retry = setTimeout(() => void listen(), RETRY_MS[Math.min(attempts, RETRY_MS.length - 1)]);
    retry.unref();
  }

  await listen();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await sql.end({ timeout: 1 });
  };
}
