/**
 * The text fields of a multipart form, for validation: uploads are read and checked on
 * their own, and a File must not travel back in the submission's reply (it is not JSON).
 */
export function textFields(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") copy.append(name, value);
  }
  return copy;
}

/** What a body that is not a form (JSON, text/plain, broken multipart) gets back. */
export const UNREADABLE_FORM = "Não conseguimos ler o envio. Tente de novo.";

/**
 * The request's form, or null when the body is not one: a hand-made request (JSON, no
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
 * Whether any text field carries U+0000. No keyboard types it and PostgreSQL text cannot
 * store it (the write would fail halfway), so such a form is refused up front.
 */
export function hasNulCharacter(form: FormData): boolean {
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) return true;
  }
  return false;
}
