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
