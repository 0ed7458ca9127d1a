import { getStorage, isSafeStorageKey } from "#server/storage/index";
import { seedPicturePlaceholder } from "#server/storage/placeholder";
import type { Route } from "./+types/media";

// Stored images. Each file's name carries a fresh id, so it never changes: cache for a year.
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isSafeStorageKey(key)) return new Response("Imagem não encontrada", { status: 404 });
  const file = await getStorage().get(key);
  if (!file) {
    const placeholder = seedPicturePlaceholder(key);
    if (placeholder) {
      const card = await placeholder;
      return new Response(new Uint8Array(card), {
        headers: { "Content-Type": "image/webp", "Content-Length": String(card.length), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
      });
    }
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
