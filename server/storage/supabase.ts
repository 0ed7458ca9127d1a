import type { Storage } from "./types";
import { isSafeStorageKey } from "./keys";

/**
 * Supabase Storage behind the same interface as the local disk: objects in one bucket,
 * written and read by the server with the service-role key (never sent to browsers).
 * Pages keep their /media/... URLs; the media route streams objects from here.
 */
export function supabaseStorage(options: { url: string; serviceKey: string; bucket: string; fetch?: typeof fetch }): Storage {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.url.replace(/\/$/, "")}/storage/v1/object`;
  const auth = { Authorization: `Bearer ${options.serviceKey}`, apikey: options.serviceKey };
  const objectUrl = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return `${base}/${encodeURIComponent(options.bucket)}/${key}`;
  };
  return {
    async put(key, data, contentType) {
      const response = await doFetch(objectUrl(key), {
        method: "POST",
        headers: { ...auth, "Content-Type": contentType, "x-upsert": "true", "Cache-Control": "max-age=31536000" },
        body: new Uint8Array(data),
      });
      if (!response.ok) throw new Error(`Supabase Storage upload failed: ${response.status} ${await response.text()}`);
    },
    async get(key) {
      const response = await doFetch(objectUrl(key), { headers: auth });
      // Supabase answers 400 with "not_found" for a missing object, 404 elsewhere.
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new Error(`Supabase Storage read failed: ${response.status}`);
      return {
        data: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("Content-Type") ?? "image/webp",
      };
    },
    async remove(keys) {
      if (keys.length === 0) return;
      for (const key of keys) objectUrl(key); // validates every key
      const response = await doFetch(`${base}/${encodeURIComponent(options.bucket)}`, {
        method: "DELETE",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ prefixes: keys }),
      });
      if (!response.ok) throw new Error(`Supabase Storage delete failed: ${response.status}`);
    },
  };
}
