import { getDb } from "../db";
import { getEnv } from "../env";
import { createLocalAuth } from "./local";
import type { Auth } from "./types";

export type { Auth, SessionUser } from "./types";

let auth: Promise<Auth> | undefined;

/** Supabase Auth when SUPABASE_URL and SUPABASE_ANON_KEY are set, local accounts otherwise. */
export function getAuth(): Promise<Auth> {
  auth ??= (async () => {
    const env = getEnv();
    if (env.SUPABASE_URL && env.SUPABASE_ANON_KEY) {
      const { createSupabaseAuth } = await import("./supabase");
      return createSupabaseAuth({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY, getDb });
    }
    return createLocalAuth(getDb, { maxIdleDays: env.SESSION_MAX_IDLE_DAYS });
  })();
  return auth;
}
