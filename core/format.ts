/** Text formats a Brazilian reader expects; the time zone is the town's, on server and client alike. */
export const TOWN_TIME_ZONE = "America/Sao_Paulo";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const longDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: TOWN_TIME_ZONE });
const shortDate = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "short", timeZone: TOWN_TIME_ZONE });
const count = new Intl.NumberFormat("pt-BR");

export function formatBRL(value: number | string): string {
  return brl.format(typeof value === "string" ? Number(value) : value);
}

export function formatLongDate(date: Date | string): string {
  return longDate.format(new Date(date));
}

export function formatShortDate(date: Date | string): string {
  return shortDate.format(new Date(date));
}

export function formatCount(value: number): string {
  return count.format(value);
}

// Words too small to stand for a name in its initials ("Bolo de Fubá" is "BF", not "BD").
const LINKING_WORDS = new Set(["a", "o", "as", "os", "e", "de", "da", "do", "das", "dos", "em", "na", "no", "para", "com"]);

/** Up to two initials of a name or title, for the placeholder of a missing photo: "Bolo de Fubá" → "BF". */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const significant = words.filter((w) => !LINKING_WORDS.has(w.toLowerCase()));
  return (significant.length > 0 ? significant : words)
    .slice(0, 2)
    .map((w) => w[0]!.toLocaleUpperCase("pt-BR"))
    .join("");
}

/** "1 comentário", "3 comentários" (issue #30: the counters of /posts and /news). */
export function commentCountLabel(count: number): string {
  return count === 1 ? "1 comentário" : `${count.toLocaleString("pt-BR")} comentários`;
}
