import { getTextareaProps } from "@conform-to/react";
import { FieldError, type TextField } from "./form-field";

/** A labelled multi-line text wired to conform: its hint and error are linked by aria-describedby. */
export function TextAreaField({
  field,
  label,
  rows,
  maxLength,
  hint,
  placeholder,
}: {
  field: TextField;
  label: string;
  rows: number;
  maxLength?: number;
  hint?: string;
  placeholder?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: hintId })}
        key={field.key}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base dark:border-stone-700 dark:bg-stone-900 aria-[invalid]:border-red-600"
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
