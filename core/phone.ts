/**
 * Brazilian phone numbers. Stored in E.164 (+55 DDD number) so one number has one
 * spelling: phone sign-in finds exactly one account, and tel:/WhatsApp links dial from
 * anywhere. The same rule lives in SQL (public.normalize_br_phone) for rows written
 * outside this code; keep both in step.
 */

/**
 * "+55 (35) 99876-5432", "(35) 99876-5432", "35998765432", "035 3333-4444" → "+5535998765432".
 * Null when it is not a Brazilian number with its area code (DDD).
 */
export function normalizeBrazilianPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    if (!digits.startsWith("55")) return null;
    digits = digits.slice(2);
  } else if (digits.length >= 12 && digits.startsWith("55")) {
    digits = digits.slice(2);
  } else if (digits.length >= 11 && digits.startsWith("0")) {
    // The long-distance prefix people still type: 0 + DDD + number.
    digits = digits.slice(1);
  }
  // DDD (two digits, no zero) + a mobile (9 + 8 digits) or a landline (2–5 + 7 digits).
  if (!/^[1-9]{2}(9\d{8}|[2-5]\d{7})$/.test(digits)) return null;
  return `+55${digits}`;
}

/** "+5535998765432" → "(35) 99876-5432"; anything else is shown as it is. */
export function formatBrazilianPhone(phone: string): string {
  const e164 = normalizeBrazilianPhone(phone);
  if (!e164) return phone;
  const national = e164.slice(3);
  const ddd = national.slice(0, 2);
  const number = national.slice(2);
  const split = number.length - 4;
  return `(${ddd}) ${number.slice(0, split)}-${number.slice(split)}`;
}
