import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "../env";

/**
 * One storage interface for uploaded and generated files. Local disk under DATA_DIR by
 * default; a Supabase Storage adapter plugs in behind the same three calls.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  remove(keys: string[]): Promise<void>;
}

const SAFE_KEY = /^[a-z]+\/[A-Za-z0-9_-]{1,80}-[0-9]{2,4}\.webp$/;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

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

export function getStorage(): Storage {
  storage ??= localStorage(path.join(getEnv().DATA_DIR, "media"));
  return storage;
}
