import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "../env";
import { isSafeStorageKey } from "./keys";
import { supabaseStorage } from "./supabase";

/**
 * One storage interface for uploaded and generated files. Local disk under DATA_DIR by
 * default; a Supabase Storage adapter plugs in behind the same three calls.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  remove(keys: string[]): Promise<void>;
}

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
      const tmp = `${file}.${process.pid}.tmp`;
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
      storage = localStorage(path.join(env.DATA_DIR, "media"));
    }
  }
  return storage;
}
