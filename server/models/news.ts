import { isUuid } from "#core/uuid";
import type { Queryable } from "../db";
import { keysetPage, newestOrderPage, type PageRequest } from "./keyset";

export const NEWS_PAGE_SIZE = 10;

export type NewsCard = {
  id: string;
  title: string;
  summary: string;
  coverImage: string | null;
  createdAt: Date;
  /** Visible comments, kept by a trigger (issue #30): no count per row. */
  commentCount: number;
};

export type NewsArticle = NewsCard & {
  content: string;
  updatedAt: Date;
  author: { id: string; username: string; fullName: string; avatarUrl: string | null };
};

/** Newest first; id breaks ties so paging never repeats or skips an article. Keyset pages (keyset.ts). */
export async function listNews(tx: Queryable, options: PageRequest): Promise<{ news: NewsCard[]; hasMore: boolean; page: number }> {
  const page = newestOrderPage("public.news", "n", options, "$3", NEWS_PAGE_SIZE);
  const rows = await tx.query<NewsCard>(
    `SELECT n.id, n.title, n.summary, n.cover_image AS "coverImage", n.created_at AS "createdAt", n.comment_count AS "commentCount"
     FROM public.news n
     WHERE ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $1 OFFSET $2`,
    [NEWS_PAGE_SIZE + 1, page.offset, page.cursor],
  );
  const { rows: news, ...rest } = keysetPage(rows, options, NEWS_PAGE_SIZE);
  return { news, ...rest };
}

/** The article with its author's public profile, joined in the same statement. */
export async function getNewsArticle(tx: Queryable, id: string): Promise<NewsArticle | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<NewsArticle>(
    `SELECT n.id, n.title, n.summary, n.content, n.cover_image AS "coverImage",
            n.created_at AS "createdAt", n.updated_at AS "updatedAt", n.comment_count AS "commentCount",
            json_build_object('id', p.id, 'username', p.username, 'fullName', p.full_name, 'avatarUrl', p.avatar_url) AS author
     FROM public.news n
     JOIN public.profiles p ON p.id = n.author_id
     WHERE n.id = $1`,
    [id],
  );
  return row ?? null;
}

export type NewsInput = { title: string; summary: string; content: string; coverImage: string | null };

/** RLS makes the author the caller: an article cannot be published in someone else's name. */
export async function createNews(tx: Queryable, authorId: string, input: NewsInput): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO public.news (author_id, title, summary, content, cover_image) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [authorId, input.title, input.summary, input.content, input.coverImage],
  );
  return row!.id;
}

export type DeleteNewsResult = { status: "not_found" } | { status: "forbidden" } | { status: "deleted"; coverImage: string | null };

/**
 * Only the author may delete an article: checked here so the route can say so (403),
 * and enforced by RLS underneath (someone else's DELETE matches no row).
 */
export async function deleteNews(tx: Queryable, userId: string, id: string): Promise<DeleteNewsResult> {
  if (!isUuid(id)) return { status: "not_found" };
  const [row] = await tx.query<{ authorId: string }>(`SELECT author_id AS "authorId" FROM public.news WHERE id = $1`, [id]);
  if (!row) return { status: "not_found" };
  if (row.authorId !== userId) return { status: "forbidden" };
  const [deleted] = await tx.query<{ coverImage: string | null }>(
    `DELETE FROM public.news WHERE id = $1 RETURNING cover_image AS "coverImage"`,
    [id],
  );
  return deleted ? { status: "deleted", coverImage: deleted.coverImage } : { status: "forbidden" };
}
