import { getTextareaProps } from "@conform-to/react";
import { hintIdOf, LabelledField, type TextField } from "./form-field";

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
  return (
    <LabelledField field={field} label={label} hint={hint}>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: hint ? hintIdOf(field) : undefined })}
        key={field.key}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base dark:border-stone-700 dark:bg-stone-900 aria-[invalid]:border-red-600"
      />
    </LabelledField>
  );
}
