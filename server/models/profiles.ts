import { formatBrazilianPhone } from "#core/phone";
import type { Queryable } from "../db";
import { keysetPage, nameOrderPage, type PageRequest } from "./keyset";

export type PublicProfile = {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  bio: string;
  createdAt: Date;
  sellItems: number;
  posts: number;
  news: number;
};

export type PrivateProfile = { phone: string | null; birthDate: string | null };

const PROFILE_COLUMNS = `p.id, p.username, p.full_name AS "fullName", p.avatar_url AS "avatarUrl", p.bio,
  p.created_at AS "createdAt",
  (SELECT count(*) FROM public.sell_items s WHERE s.seller_id = p.id)::int AS "sellItems",
  (SELECT count(*) FROM public.posts po WHERE po.author_id = p.id)::int AS posts,
  (SELECT count(*) FROM public.news n WHERE n.author_id = p.id)::int AS news`;

/**
 * Profiles stay readable to every query (a post shows its author's name), so a profile the
 * moderation hid is left out here, of its own pages and of /users: shown only to itself and
 * to moderators (issue #18).
 */
const SHOWN = `(p.moderation_state = 'visible' OR p.id = auth.uid() OR public.is_moderator())`;

export async function getProfileById(tx: Queryable, id: string): Promise<PublicProfile | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await tx.query<PublicProfile>(`SELECT ${PROFILE_COLUMNS} FROM public.profiles p WHERE p.id = $1 AND ${SHOWN}`, [id]);
  return row ?? null;
}

export async function getProfileByUsername(tx: Queryable, username: string): Promise<PublicProfile | null> {
  const [row] = await tx.query<PublicProfile>(
    `SELECT ${PROFILE_COLUMNS} FROM public.profiles p WHERE lower(p.username) = lower($1) AND ${SHOWN}`,
    [username],
  );
  return row ?? null;
}

/** RLS returns the row only to its owner: anyone else gets null. Both fields as the form shows them. */
export async function getPrivateProfile(tx: Queryable, id: string): Promise<PrivateProfile | null> {
  const [row] = await tx.query<PrivateProfile>(
    `SELECT phone, to_char(birth_date, 'DD/MM/YYYY') AS "birthDate" FROM public.profile_private WHERE user_id = $1`,
    [id],
  );
  return row ? { ...row, phone: row.phone ? formatBrazilianPhone(row.phone) : null } : null;
}

export type UserListItem = { id: string; username: string; fullName: string; avatarUrl: string | null; bio: string };

export const USERS_PAGE_SIZE = 20;

/** Residents in name order; keyset pages (keyset.ts). */
export async function listUsers(
  tx: Queryable,
  options: PageRequest & { query?: string },
): Promise<{ users: UserListItem[]; hasMore: boolean; page: number }> {
  const query = options.query?.trim() ?? "";
  const page = nameOrderPage("public.profiles", "p", "full_name", options, "$4", USERS_PAGE_SIZE);
  const rows = await tx.query<UserListItem>(
    `SELECT id, username, full_name AS "fullName", avatar_url AS "avatarUrl", bio
     FROM public.profiles p
     WHERE ($1 = '' OR lower(full_name) LIKE '%' || lower($1) || '%' OR lower(username) LIKE '%' || lower($1) || '%')
       AND ${SHOWN} AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $2 OFFSET $3`,
    [query.replace(/[%_\\]/g, (c) => `\\${c}`), USERS_PAGE_SIZE + 1, page.offset, page.cursor],
  );
  const { rows: users, ...rest } = keysetPage(rows, options, USERS_PAGE_SIZE);
  return { users, ...rest };
}

export type ProfileListing = { id: string; title: string; subtitle: string; createdAt: Date; image: string | null };

/** A profile's public activity, each list bounded: three statements, whatever the counts. */
export async function getProfileActivity(tx: Queryable, userId: string, limit = 6) {
  const [sellItems, posts, news] = [
    await tx.query<ProfileListing & { price: string; status: string }>(
      `SELECT id, title, category AS subtitle, price::text AS price, status, created_at AS "createdAt", images[1] AS image
       FROM public.sell_items WHERE seller_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    ),
    await tx.query<ProfileListing>(
      `SELECT id, left(content, 140) AS title, '' AS subtitle, created_at AS "createdAt", image_url AS image
       FROM public.posts WHERE author_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    ),
    await tx.query<ProfileListing>(
      `SELECT id, title, summary AS subtitle, created_at AS "createdAt", cover_image AS image
       FROM public.news WHERE author_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    ),
  ];
  return { sellItems, posts, news };
}

export type ProfileUpdate = { fullName: string; username: string; bio: string; phone: string | null; birthDate: string | null };

/** Updates as the signed-in user: RLS lets a user change only their own rows. */
export async function updateOwnProfile(tx: Queryable, userId: string, update: ProfileUpdate): Promise<"ok" | "username_taken"> {
  const [taken] = await tx.query(`SELECT 1 FROM public.profiles WHERE lower(username) = lower($1) AND id <> $2`, [
    update.username,
    userId,
  ]);
  if (taken) return "username_taken";
  await tx.query(`UPDATE public.profiles SET full_name = $2, username = $3, bio = $4 WHERE id = $1`, [
    userId,
    update.fullName,
    update.username,
    update.bio,
  ]);
  await tx.query(`UPDATE public.profile_private SET phone = $2, birth_date = $3 WHERE user_id = $1`, [
    userId,
    update.phone,
    update.birthDate,
  ]);
  return "ok";
}

export async function setOwnAvatar(tx: Queryable, userId: string, avatarUrl: string): Promise<string | null> {
  const [previous] = await tx.query<{ avatarUrl: string | null }>(
    `SELECT avatar_url AS "avatarUrl" FROM public.profiles WHERE id = $1`,
    [userId],
  );
  await tx.query(`UPDATE public.profiles SET avatar_url = $2 WHERE id = $1`, [userId, avatarUrl]);
  return previous?.avatarUrl ?? null;
}
