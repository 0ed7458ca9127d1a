import { Picture } from "../picture";
import { FieldError } from "./form-field";

/** An optional image upload; on edit, the current image with a way to remove it. */
export function ImageField({
  name,
  label,
  errors,
  current,
  currentAlt,
}: {
  name: string;
  label: string;
  errors?: string[];
  current?: string | null;
  currentAlt?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="space-y-2">
      {current ? (
        <div className="flex items-center gap-3">
          <Picture image={current} alt={currentAlt ?? "Imagem atual"} sizes="96px" className="aspect-[4/3] w-24 shrink-0 rounded-lg" />
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="removeImage" value="1" className="size-5" />
            Remover a imagem
          </label>
        </div>
      ) : null}
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-stone-200 file:px-4 file:font-semibold dark:file:bg-stone-700 dark:file:text-stone-100"
      />
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
