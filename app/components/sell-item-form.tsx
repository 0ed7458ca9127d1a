import { getInputProps, getSelectProps } from "@conform-to/react";
import { controlClass, FieldError, FormField, LabelledField, type TextField } from "./ui/form-field";
import { TextAreaField } from "./ui/textarea-field";
import { IMAGE_FILE_RULE } from "#core/images";
import { CONDITION_LABELS, MAX_SELL_ITEM_IMAGES, SELL_ITEM_CATEGORIES, SELL_ITEM_CONDITIONS } from "#core/sell-items";

/** The photo list's own errors and each photo's ("images[2]"), shown together. */
function allErrorsOf(field: TextField): string[] {
  return [...new Set(Object.values((field.allErrors ?? {}) as Record<string, string[]>).flat())];
}

type Fields = {
  title: TextField;
  description: TextField;
  price: TextField;
  condition: TextField;
  category: TextField;
  location: TextField;
  images: TextField;
};

/**
 * The ad's fields, shared by /create-sell-item and /sell-items/{id}/edit. Each error
 * is shown under its field and linked with aria-describedby; the typed values come
 * back from the server when JavaScript is off (files cannot: the browser forbids it).
 */
export function SellItemFields({ fields, photosLabel, photoSlots }: { fields: Fields; photosLabel: string; photoSlots: number }) {
  return (
    <>
      <FormField field={fields.title} label="Título" placeholder="Ex.: Bicicleta aro 29" />
      <TextAreaField field={fields.description} label="Descrição" rows={4} placeholder="Estado, tamanho, marca, por que está vendendo…" />
      <FormField field={fields.price} label="Preço (R$)" inputMode="decimal" placeholder="0,00" hint="Como você escreveria: 1.234,56 ou 35. Use 0 para doação." />
      <div className="grid grid-cols-2 gap-3">
        <LabelledField field={fields.condition} label="Estado">
          <select {...getSelectProps(fields.condition)} key={fields.condition.key} className={controlClass}>
            <option value="">Escolha…</option>
            {SELL_ITEM_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField field={fields.category} label="Categoria">
          <select {...getSelectProps(fields.category)} key={fields.category.key} className={controlClass}>
            <option value="">Escolha…</option>
            {SELL_ITEM_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </LabelledField>
      </div>
      <FormField field={fields.location} label="Bairro" autoComplete="address-level3" placeholder="Ex.: Centro" />
      <div className="space-y-1">
        <label htmlFor={fields.images.id} className="block text-sm font-medium">
          {photosLabel}
        </label>
        <input
          {...getInputProps(fields.images, { type: "file" })}
          key={fields.images.key}
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-invalid={Object.keys(fields.images.allErrors ?? {}).length > 0 ? true : undefined}
          aria-describedby={[`${fields.images.id}-hint`, Object.keys(fields.images.allErrors ?? {}).length > 0 ? fields.images.errorId : ""].filter(Boolean).join(" ")}
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-700 dark:file:bg-brand-900 dark:file:text-brand-100"
        />
        <p id={`${fields.images.id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
          {photoSlots <= 0
            ? `O anúncio já tem ${MAX_SELL_ITEM_IMAGES} fotos: para enviar outras, marque acima as que quer remover.`
            : `Até ${photoSlots} ${photoSlots === 1 ? "foto" : "fotos"} (${IMAGE_FILE_RULE} cada).`}
        </p>
        <FieldError id={fields.images.errorId} errors={allErrorsOf(fields.images)} />
      </div>
    </>
  );
}
