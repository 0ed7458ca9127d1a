import type { Queryable } from "../db";
import { refusedOr } from "../db/errors";
import { isUuid } from "#core/uuid";

/**
 * Issue #30: reviews of businesses, services and drivers. The rules are the database's
 * (supabase/migrations/20261130000200_reviews.sql): one review per resident per listing (a
 * unique constraint), never by the listing's owner, only from a confirmed account (the trust
 * level that may report), the owner's one answer, the ratings kept by triggers. These
 * functions run with the caller's claims and turn the database's refusals into outcomes.
 */

import type { ListingKind } from "#core/item-kinds";

export type { ListingKind };

/** The newest reviews a listing's page shows (the rating counts them all). */
const REVIEWS_SHOWN = 30;

/** A listing's rating as its row keeps it (rating_count, rating_sum, rating_counts). */
export type Rating = { count: number; sum: number; counts: number[] };

export type Review = {
  id: string;
  author: { id: string; username: string; fullName: string; avatarUrl: string | null };
  stars: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  moderationState: "visible" | "hidden";
  reply: { body: string; createdAt: Date } | null;
};

const COLUMN: Record<ListingKind, string> = { business: "business_id", service: "service_id", driver: "driver_id" };
const TABLE: Record<ListingKind, string> = { business: "public.businesses", service: "public.services", driver: "public.drivers" };

/** The SQL of a listing row's rating (`alias` is the listing's table alias). */
export const RATING_SQL = (alias: string) =>
  `json_build_object('count', ${alias}.rating_count, 'sum', ${alias}.rating_sum, 'counts', ${alias}.rating_counts)`;

/**
 * A list's "4+ estrelas" condition, written into the statement (not a parameter) so the
 * planner always sees it and reads the partial indexes of top-rated rows
 * (20261201000200_top_rated.sql); nothing when the filter is off.
 */
export const TOP_RATED_SQL = (alias: string, on: boolean | undefined) => (on ? `AND ${alias}.top_rated` : "");

/**
 * A listing's newest reviews with their owner's answers, in one statement; the caller's own
 * review first whatever its date (hidden ones show for their author, marked). Found by the
 * generated listing_id, which reviews_listing_idx serves (the kind's own column has no index:
 * on the 100× town it read every review, tests/integration/city-plans.test.ts).
 */
export async function listReviews(tx: Queryable, kind: ListingKind, listingId: string, viewerId: string | null = null): Promise<Review[]> {
  if (!isUuid(listingId)) return [];
  return tx.query<Review>(
    `SELECT r.id, r.stars, r.body, r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.moderation_state AS "moderationState",
            json_build_object('id', p.id, 'username', p.username, 'fullName', p.full_name, 'avatarUrl', p.avatar_url) AS author,
            CASE WHEN a.review_id IS NULL THEN NULL ELSE json_build_object('body', a.body, 'createdAt', a.created_at) END AS reply
     FROM public.reviews r JOIN public.profiles p ON p.id = r.author_id
     LEFT JOIN public.review_replies a ON a.review_id = r.id
     WHERE r.listing_id = $1 AND r.${COLUMN[kind]} = $1
     ORDER BY r.author_id IS NOT DISTINCT FROM $3 DESC, r.updated_at DESC, r.id
     LIMIT $2`,
    [listingId, REVIEWS_SHOWN, viewerId],
  );
}

export type ReviewRefusal = "not_found" | "own_listing" | "trust" | "blocked" | "forbidden" | "answered";
export type ReviewWrite =
  | { ok: true; id: string; kind: ListingKind; listingId: string }
  | { ok: false; refusal: ReviewRefusal }
  /** A second review of the same listing: the first one's id, to edit it (409). */
  | { ok: false; refusal: "exists"; id: string };

function refusalOf(error: unknown): ReviewRefusal | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  const constraint = e.constraint ?? "";
  if (e.code === "23514") {
    if (constraint === "reviews_not_owner" || /owner of a listing/.test(e.message ?? "")) return "own_listing";
    if (constraint === "reviews_trust_level" || /trust level/.test(e.message ?? "")) return "trust";
  }
  // 42501: a restrictive policy refused the row (a blocked resident).
  if (e.code === "42501") return "blocked";
  // 23503: the listing or the review was deleted meanwhile.
  if (e.code === "23503") return "not_found";
  return null;
}

/** The outcome of a review write, its transaction included (as commentOutcomeOf). */
export function reviewOutcomeOf<T extends ReviewWrite>(work: Promise<T>): Promise<T | { ok: false; refusal: ReviewRefusal }> {
  return refusedOr(work, refusalOf);
}

/** The caller's review of a listing, if any (their own, hidden or not). */
async function ownReviewId(tx: Queryable, authorId: string, kind: ListingKind, listingId: string): Promise<string | null> {
  if (!isUuid(listingId)) return null;
  const [row] = await tx.query<{ id: string }>(`SELECT id FROM public.reviews WHERE ${COLUMN[kind]} = $1 AND author_id = $2`, [listingId, authorId]);
  return row?.id ?? null;
}

/**
 * A new review. A second one of the same listing — another tab, a double tap, a race — does
 * nothing (ON CONFLICT: the database's unique constraint decides, whoever commits first) and
 * answers with the existing review's id.
 */
export async function addReview(
  tx: Queryable,
  authorId: string,
  input: { kind: ListingKind; listingId: string; stars: number; body: string },
): Promise<ReviewWrite> {
  if (!isUuid(input.listingId)) return { ok: false, refusal: "not_found" };
  const [listing] = await tx.query(`SELECT 1 FROM ${TABLE[input.kind]} WHERE id = $1`, [input.listingId]);
  if (!listing) return { ok: false, refusal: "not_found" };
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO public.reviews (${COLUMN[input.kind]}, author_id, stars, body) VALUES ($1, $2, $3, $4)
     ON CONFLICT ON CONSTRAINT reviews_one_per_resident DO NOTHING RETURNING id`,
    [input.listingId, authorId, input.stars, input.body],
  );
  if (row) return { ok: true, id: row.id, kind: input.kind, listingId: input.listingId };
  const existing = await ownReviewId(tx, authorId, input.kind, input.listingId);
  return existing ? { ok: false, refusal: "exists", id: existing } : { ok: false, refusal: "not_found" };
}

async function reviewOf(tx: Queryable, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<{ authorId: string; kind: ListingKind; listingId: string }>(
    `SELECT author_id AS "authorId", listing_kind AS kind, listing_id AS "listingId" FROM public.reviews WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** New stars and text (the database dates the review anew). Only its author's. */
export async function editReview(tx: Queryable, authorId: string, id: string, input: { stars: number; body: string }): Promise<ReviewWrite> {
  const review = await reviewOf(tx, id);
  if (!review) return { ok: false, refusal: "not_found" };
  if (review.authorId !== authorId) return { ok: false, refusal: "forbidden" };
  const rows = await tx.query(`UPDATE public.reviews SET stars = $2, body = $3 WHERE id = $1 RETURNING id`, [id, input.stars, input.body]);
  if (rows.length === 0) return { ok: false, refusal: "not_found" };
  return { ok: true, id, kind: review.kind, listingId: review.listingId };
}

/** The listing owner's one public answer to a review. */
export async function answerReview(tx: Queryable, ownerId: string, reviewId: string, body: string): Promise<ReviewWrite> {
  const review = await reviewOf(tx, reviewId);
  if (!review) return { ok: false, refusal: "not_found" };
  const [owns] = await tx.query<{ owns: boolean }>(`SELECT public.owns_listing($1, $2) AS owns`, [review.kind, review.listingId]);
  if (!owns?.owns) return { ok: false, refusal: "forbidden" };
  const rows = await tx.query(
    `INSERT INTO public.review_replies (review_id, author_id, body) VALUES ($1, $2, $3) ON CONFLICT (review_id) DO NOTHING RETURNING review_id`,
    [reviewId, ownerId, body],
  );
  if (rows.length === 0) return { ok: false, refusal: "answered" };
  return { ok: true, id: reviewId, kind: review.kind, listingId: review.listingId };
}
