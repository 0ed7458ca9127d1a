import type { Queryable } from "../db";

export type OwnedBusiness = {
  id: string;
  name: string;
  category: string;
  logoUrl: string | null;
  coverUrl: string | null;
  gallery: { id: string; url: string }[];
};

export const MAX_GALLERY_IMAGES = 12;

export async function listOwnedBusinesses(tx: Queryable, userId: string): Promise<OwnedBusiness[]> {
  return tx.query<OwnedBusiness>(
    `SELECT b.id, b.name, b.category, b.logo_url AS "logoUrl", b.cover_url AS "coverUrl",
            coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.created_at)
                      FROM public.business_images i WHERE i.business_id = b.id), '[]'::json) AS gallery
     FROM public.businesses b WHERE b.owner_id = $1 ORDER BY b.name`,
    [userId],
  );
}

export async function getBusinessOwner(tx: Queryable, businessId: string): Promise<{ ownerId: string | null } | null> {
  const [row] = await tx.query<{ ownerId: string | null }>(`SELECT owner_id AS "ownerId" FROM public.businesses WHERE id = $1`, [
    businessId,
  ]);
  return row ?? null;
}

/**
 * Sets the logo or cover as the signed-in user. RLS updates only the owner's row: zero
 * rows back means "not yours". Returns the replaced image so its files can be removed.
 */
export async function replaceBusinessImage(
  tx: Queryable,
  businessId: string,
  kind: "logo" | "cover",
  url: string,
): Promise<{ previous: string | null } | null> {
  const column = kind === "logo" ? "logo_url" : "cover_url";
  const [before] = await tx.query<{ previous: string | null }>(
    `SELECT ${column} AS previous FROM public.businesses WHERE id = $1`,
    [businessId],
  );
  const updated = await tx.query(`UPDATE public.businesses SET ${column} = $2 WHERE id = $1 RETURNING id`, [businessId, url]);
  if (updated.length === 0) return null;
  return { previous: before?.previous ?? null };
}

/**
 * Adds a photo to the gallery as the signed-in user. Locking the business row first makes
 * uploads for one business take turns, from any number of servers: each counts only once
 * the one before it has committed, so simultaneous uploads cannot pass the 12-photo cap
 * together. (The trigger business_images_gallery_cap holds the same line for any other
 * writer, e.g. straight through Supabase's API.) RLS lets only the owner lock the row.
 */
export async function addGalleryImage(tx: Queryable, businessId: string, url: string): Promise<"ok" | "full" | "forbidden"> {
  const owned = await tx.query(`SELECT 1 FROM public.businesses WHERE id = $1 FOR UPDATE`, [businessId]);
  if (owned.length === 0) return "forbidden";
  // A statement of its own, after the lock: it sees the photos committed meanwhile.
  const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.business_images WHERE business_id = $1`, [
    businessId,
  ]);
  if ((count?.n ?? 0) >= MAX_GALLERY_IMAGES) return "full";
  await tx.query(
    `INSERT INTO public.business_images (business_id, url, position)
     VALUES ($1, $2, coalesce((SELECT max(position) + 1 FROM public.business_images WHERE business_id = $1), 0))`,
    [businessId, url],
  );
  return "ok";
}

export async function removeGalleryImage(tx: Queryable, businessId: string, imageId: string): Promise<string | null> {
  const [row] = await tx.query<{ url: string }>(
    `DELETE FROM public.business_images WHERE id = $1 AND business_id = $2 RETURNING url`,
    [imageId, businessId],
  );
  return row?.url ?? null;
}
