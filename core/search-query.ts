/**
 * Turns what a resident typed into a PostgreSQL tsquery: accents and case dropped (the
 * database unaccents the text the same way), every word a prefix match, all required.
 * Returns null when nothing searchable is left.
 */
export const SEARCH_MAX_WORDS = 8;

export function toPrefixTsQuery(input: string): string | null {
  const words = input
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  if (!words) return null;
  const unique = [...new Set(words.filter((w) => w.length >= 2 || /\d/.test(w)))].slice(0, SEARCH_MAX_WORDS);
  if (unique.length === 0) return null;
  return unique.map((w) => `${w}:*`).join(" & ");
}
