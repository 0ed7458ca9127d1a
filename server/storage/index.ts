import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "../env";
import { isSafeStorageKey } from "./keys";
import { supabaseStorage } from "./supabase";
import type { Storage } from "./types";

export type { Storage } from "./types";

export { isSafeStorageKey } from "./keys";

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash never leaves a half-written image under its real name.
      // The temporary name is unique across the servers that may share this folder.
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return { data: await fs.readFile(resolve(key)), contentType: "image/webp" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(resolve(key), { force: true })));
    },
  };
}

let storage: Storage | undefined;

/** Supabase Storage when the project's service key is configured, local disk otherwise. */
export function getStorage(): Storage {
  if (!storage) {
    const env = getEnv();
    if (env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY) {
      storage = supabaseStorage({ url: env.SUPABASE_URL, serviceKey: env.SUPABASE_SERVICE_ROLE_KEY, bucket: env.SUPABASE_STORAGE_BUCKET });
    } else {
      storage = localStorage(localMediaDir());
    }
  }
  return storage;
}

/** The folder pictures live in without Supabase Storage: MEDIA_DIR, shared by every server, or DATA_DIR/media. */
export function localMediaDir(): string {
  const env = getEnv();
  return env.MEDIA_DIR ?? path.join(env.DATA_DIR, "media");
}

/**
 * What the boot log says about pictures, or null when all is well: a server on PostgreSQL
 * (which other servers may share) with pictures in a folder of its own would answer 404 to
 * pictures uploaded through the others.
 */
export function mediaWarning(): string | null {
  const env = getEnv();
  if (!env.DATABASE_URL || (env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY) || env.MEDIA_DIR) return null;
  return (
    `pictures are kept in ${path.join(env.DATA_DIR, "media")}, a folder of this server only: with several servers on this ` +
    "PostgreSQL database, set MEDIA_DIR to a folder they all share, or use Supabase Storage (SUPABASE_SERVICE_ROLE_KEY)"
  );
}
