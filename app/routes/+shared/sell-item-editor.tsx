import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "~/components/ui/form-field";
import { Picture } from "~/components/picture";
import { SellItemFields } from "~/components/sell-item-form";
import { EditSellItemSchema, SellItemSchema } from "~/lib/sell-item-schema";
import { MAX_SELL_ITEM_IMAGES, priceInputValue } from "#core/sell-items";
import { Button } from "~/components/ui/button";
import type { SellItemValues } from "#server/models/sell-items";

/** An ad as the edit form starts from: the values the model saves, plus its id and photos. */
export type EditedSellItem = SellItemValues & { id: string; images: string[] };

/**
 * The ad form, for a new ad (/create-sell-item) and for editing one (/sell-items/{id}/edit):
 * the same fields, checks and messages; editing starts from the ad and lists its photos,
 * each with a box to take it off.
 */
export function SellItemEditor({ item, lastResult }: { item?: EditedSellItem; lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().state === "submitting";
  // A new ad has no photos to take off: the edit schema without removeImages is the create one.
  const schema = item ? EditSellItemSchema : (SellItemSchema as typeof EditSellItemSchema);
  const [form, fields] = useForm({
    id: item ? `editar-${item.id}` : "anuncio",
    lastResult,
    constraint: getZodConstraint(schema),
    // First check on submit, then live: validating on blur shifts the layout under the
    // pointer and can swallow the click on the submit button.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: item
      ? {
          title: item.title,
          description: item.description,
          price: priceInputValue(item.price),
          condition: item.condition,
          category: item.category,
          location: item.location,
          removeImages: [],
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const marked = fields.removeImages.initialValue;
  const toRemove = new Set(Array.isArray(marked) ? marked.map(String) : marked ? [String(marked)] : []);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      {item ? <input type="hidden" name="intent" value="save" /> : null}
      <FormErrors errors={form.errors} id={form.errorId} />
      {item && item.images.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Fotos atuais</legend>
          <ul className="grid grid-cols-3 gap-2">
            {item.images.map((ref, i) => (
              <li key={ref} className="space-y-1">
                <Picture image={ref} alt={`Foto ${i + 1}`} sizes="120px" className="aspect-[4/3] w-full rounded-lg" />
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="removeImages" value={ref} defaultChecked={toRemove.has(ref)} className="size-5" />
                  Remover foto {i + 1}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <SellItemFields
        fields={fields}
        photosLabel={item ? "Adicionar fotos" : "Fotos"}
        photoSlots={MAX_SELL_ITEM_IMAGES - (item?.images.length ?? 0)}
      />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
        {item ? "Salvar alterações" : busy ? "Publicando…" : "Publicar anúncio"}
      </Button>
    </Form>
  );
}
