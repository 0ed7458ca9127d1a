import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Env } from "../env";

/** The server's identity towards push services (RFC 8292): its key pair and a contact. */
export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

export const VAPID_FILE = "vapid.json";

/**
 * The VAPID keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (or VAPID_PRIVATE_KEY_FILE) when set;
 * otherwise a pair generated once into DATA_DIR/vapid.json, so the two-command start pushes
 * too. Devices subscribe to the public key: a new pair would silence every one of them, so
 * the file is never rewritten, and several servers on one PostgreSQL need the same pair set
 * in the configuration (each would otherwise make its own; `notice` says so).
 */
export function resolveVapid(env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "DATA_DIR" | "PUBLIC_URL" | "ADMIN_EMAIL" | "DATABASE_URL">): {
  config: VapidConfig;
  notice: string | null;
} {
  const subject = env.VAPID_SUBJECT ?? defaultSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { config: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }, notice: null };
  }
  const file = path.join(env.DATA_DIR, VAPID_FILE);
  const shared = env.DATABASE_URL
    ? "; with several servers on one PostgreSQL set the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY on every one"
    : "";
  const stored = readPair(file);
  if (stored) return { config: { ...stored, subject }, notice: null };
  const generated = webpush.generateVAPIDKeys();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  try {
    // "wx": a second process of the same server (WEB_CONCURRENCY) that lost the race reads the winner's.
    fs.writeFileSync(file, `${JSON.stringify(generated)}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = readPair(file);
    if (winner) return { config: { ...winner, subject }, notice: null };
    throw error;
  }
  return {
    config: { ...generated, subject },
    notice: `web push: VAPID keys generated into ${file} (public key ${generated.publicKey}); keep that file, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY${shared}`,
  };
}

function readPair(file: string): { publicKey: string; privateKey: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const pair = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof pair.publicKey !== "string" || typeof pair.privateKey !== "string") throw new Error(`${file}: not a VAPID key pair`);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** Push services want a way to reach the sender: the public site (https) or the first admin. */
function defaultSubject(env: Pick<Env, "PUBLIC_URL" | "ADMIN_EMAIL">): string {
  if (env.PUBLIC_URL?.startsWith("https://")) return env.PUBLIC_URL;
  return `mailto:${env.ADMIN_EMAIL ?? "guida@localhost"}`;
}

// On globalThis: under `npm run dev` Vite loads the routes' copy of this module apart from the server's.
const vapidKey = Symbol.for("guida.vapid");
type GlobalWithVapid = typeof globalThis & { [vapidKey]?: VapidConfig };

/** Set once at start-up (http/start-up.ts); the /notifications page hands the public key to the browser. */
export function setVapid(config: VapidConfig): void {
  (globalThis as GlobalWithVapid)[vapidKey] = config;
}

/** The public key devices subscribe with, or null before start-up set it (push is then off). */
export function vapidPublicKey(): string | null {
  return (globalThis as GlobalWithVapid)[vapidKey]?.publicKey ?? null;
}
