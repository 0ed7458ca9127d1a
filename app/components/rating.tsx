import type { Rating } from "~/lib/reviews";

// Issue #30: a listing's stars, apart from the review forms so the lists carry only this. The
// labels live here too, not in ~/lib/reviews: a list then loads this one small chunk, not this
// and a second one for the two functions (the listing pages share both with their reviews).

/** The average to one decimal, as Brazilians write it ("4,5"); null when nobody reviewed. */
export function averageLabel(rating: Pick<Rating, "count" | "sum">): string | null {
  if (rating.count === 0) return null;
  return (Math.round((rating.sum / rating.count) * 10) / 10).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "1 avaliação", "12 avaliações". */
export function reviewCountLabel(count: number): string {
  return count === 1 ? "1 avaliação" : `${count.toLocaleString("pt-BR")} avaliações`;
}

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
