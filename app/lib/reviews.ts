/**
 * Issue #30's reviews as the pages read them. The database holds the same rules
 * (supabase/migrations/20261130000200_reviews.sql): 1 to 5 stars, the text's length, one
 * review per resident per listing, the owner's one answer.
 */
export const REVIEW_MAX_LENGTH = 2000;

export const REVIEW_INTENTS = ["review", "edit-review", "answer-review"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

/** A listing's rating as its row keeps it (rating_count, rating_sum, rating_counts[1..5]). */
export type Rating = { count: number; sum: number; counts: number[] };

/** The anchor of a review on its listing's page. */
export function reviewAnchor(id: string): string {
  return `avaliacao-${id}`;
}

/** "4 estrelas", "1 estrela". */
export function starsLabel(stars: number): string {
  return stars === 1 ? "1 estrela" : `${stars} estrelas`;
}

/** Which of a page's review forms a refusal belongs to (each form sends it as `form`). */
export function reviewFormKey(intent: ReviewIntent, id?: string | null): string {
  return id ? `${intent}:${id}` : intent;
}
