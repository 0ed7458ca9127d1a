import { averageLabel, reviewCountLabel, type Rating } from "~/lib/reviews";

// Issue #30: a listing's stars, apart from the review forms so the lists carry only this.

/** A list card's line: "★ 4,5 (12 avaliações)", or nothing before the first review. */
export function RatingLine({ rating }: { rating: Pick<Rating, "count" | "sum"> }) {
  const average = averageLabel(rating);
  if (!average) return null;
  return (
    <span className="block text-sm text-stone-700 dark:text-stone-200">
      <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">★</span> <span className="sr-only">Nota</span> {average} ({reviewCountLabel(rating.count)})
    </span>
  );
}
