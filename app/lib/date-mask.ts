/**
 * The spec's date mask: digits only, shaped DD/MM/YYYY with at most 2, 2 and 4 digits.
 * Pure, so the input (while typing) and the server (on submit) agree.
 */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 8);
  const day = digits.slice(0, 2);
  const month = digits.slice(2, 4);
  const year = digits.slice(4, 8);
  return [day, month, year].filter((part) => part.length > 0).join("/");
}

/** "DD/MM/YYYY" → "YYYY-MM-DD" for a real calendar date, else null. */
export function parseMaskedDate(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}
