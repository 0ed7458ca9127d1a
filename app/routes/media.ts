import { getStorage, isSafeStorageKey } from "../../server/storage";
import type { Route } from "./+types/media";

// Stored images. Each file's name carries a fresh id, so it never changes: cache for a year.
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isSafeStorageKey(key)) return new Response("Imagem não encontrada", { status: 404 });
  const file = await getStorage().get(key);
  if (!file) {
    return new Response("Imagem não encontrada", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
