import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { useEffect, type ReactNode } from "react";

// Conform infers unknown for preprocessed (optional) fields; every field here renders as text.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TextField = FieldMetadata<any, any, any>;

export function fieldErrors(errors: unknown): string[] | undefined {
  return Array.isArray(errors) && errors.length ? errors.map(String) : undefined;
}

/** The look every one-line input and select of a form shares; aria-invalid turns its border red. */
export const controlClass =
  "block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base dark:border-stone-700 dark:bg-stone-900 aria-[invalid]:border-red-600";

/** A field's errors under it, with the id its control's aria-describedby names. */
export function FieldError({ id, errors }: { id: string; errors: unknown }) {
  const list = fieldErrors(errors);
  return list ? (
    <p id={id} className="text-sm text-red-700 dark:text-red-300">
      {list.join(" ")}
    </p>
  ) : null;
}

type FieldProps = {
  field: TextField;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "search" | "url" | "datetime-local";
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  hint?: string;
  placeholder?: string;
};

/** The id of a field's hint, for its control's aria-describedby. */
export const hintIdOf = (field: TextField) => `${field.id}-hint`;

/**
 * One field of a form: its label, the control (the children), an optional hint and the
 * field's errors, stacked. The control names the hint with aria-describedby (hintIdOf);
 * conform names the errors.
 */
export function LabelledField({ field, label, hint, children }: { field: TextField; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintIdOf(field)} className="text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled input wired to conform: its error is announced and linked by aria-describedby. */
export function FormField({ field, label, type = "text", autoComplete, inputMode, hint, placeholder }: FieldProps) {
  return (
    <LabelledField field={field} label={label} hint={hint}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? hintIdOf(field) : undefined })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        className={controlClass}
      />
    </LabelledField>
  );
}

export function FormErrors({ errors: raw, id }: { errors: unknown; id?: string }) {
  const errors = fieldErrors(raw);
  if (!errors) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
      {errors.join(" ")}
    </div>
  );
}

/**
 * The server never sends a password back (hideFields), but with JavaScript the form is not
 * re-rendered from the server: empty the password fields whenever a new answer arrives.
 */
export function useEmptyPasswordOnReply(lastResult: unknown, ...passwordIds: string[]) {
  const ids = passwordIds.join(" ");
  useEffect(() => {
    if (!lastResult) return;
    for (const id of ids.split(" ")) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, ids]);
}
