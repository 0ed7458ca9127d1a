/** What a body that is not a form (JSON, text/plain, broken multipart) gets back. */
export const UNREADABLE_FORM = "Não conseguimos ler o envio. Tente de novo.";

/**
 * @deprecated Use readForm / readSubmission (server/action.ts). The request's form, or null when the body is not one: a hand-made request (JSON, no
 * Content-Type, a cut-off multipart) deserves a 400 with a message, not a crash page.
 */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export const NUL_REFUSED = "O texto enviado tem um caractere inválido (o caractere nulo). Apague-o e tente de novo.";

/**
 * @deprecated readSubmission refuses NUL in its zod pass (server/action.ts). Whether any text field carries U+0000. No keyboard types it and PostgreSQL text cannot
 * store it (the write would fail halfway), so such a form is refused up front.
 */
export function hasNulCharacter(form: FormData): boolean {
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) return true;
  }
  return false;
}
