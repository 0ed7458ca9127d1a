/**
 * Poll arithmetic shared by the server (results in the feed) and the browser (optimistic
 * votes): pure, no I/O.
 */
import { formatCount } from "./format";

export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_OPTIONS = 6;
export const MAX_POLL_OPTION_LENGTH = 120;
export const MAX_POLL_QUESTION_LENGTH = 300;

/**
 * Whole percentages that add up to exactly 100 (largest remainder method), so a poll
 * never shows 33 % + 33 % + 33 %. No votes at all: every option is 0 %.
 */
export function percentages(votes: readonly number[]): number[] {
  const total = votes.reduce((sum, n) => sum + n, 0);
  if (total <= 0) return votes.map(() => 0);
  const exact = votes.map((n) => (n * 100) / total);
  const result = exact.map(Math.floor);
  let missing = 100 - result.reduce((sum, n) => sum + n, 0);
  // Largest fractional part first; ties go to the option listed first.
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    missing -= 1;
  }
  return result;
}

/** Counts with their percentages filled in. */
export function tally<T extends { votes: number }>(options: readonly T[]): (T & { percent: number })[] {
  const percents = percentages(options.map((o) => o.votes));
  return options.map((option, i) => ({ ...option, percent: percents[i]! }));
}

/**
 * The results as they will be once a vote is counted, shown while it travels: one vote per
 * user per poll, so choosing another option moves the vote instead of adding one.
 */
export function applyVote<T extends { id: string; votes: number }>(
  options: readonly T[],
  previous: string | null,
  chosen: string,
): (T & { percent: number })[] {
  if (previous === chosen || !options.some((o) => o.id === chosen)) return tally(options);
  return tally(
    options.map((option) => {
      if (option.id === chosen) return { ...option, votes: option.votes + 1 };
      if (option.id === previous) return { ...option, votes: Math.max(0, option.votes - 1) };
      return option;
    }),
  );
}

export function formatVotes(n: number): string {
  return n === 1 ? "1 voto" : `${formatCount(n)} votos`;
}
