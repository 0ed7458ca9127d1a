import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors, primaryButton } from "~/components/form-field";
import { SellItemFields } from "~/components/sell-item-form";
import { hasNulCharacter, NUL_REFUSED } from "~/lib/form-data";
import { SellItemSchema } from "~/lib/sell-item-schema";
import { MAX_SELL_ITEM_IMAGE_BYTES, MAX_SELL_ITEM_IMAGES, uploadedFiles } from "~/lib/sell-items";
import { getDb, withUser } from "../../server/db";
import { flashCookie } from "../../server/flash";
import { createSellItem } from "../../server/models/sell-items";
import { requireUser } from "../../server/request";
import { getStorage } from "../../server/storage";
import { deleteSellItemPhotos, storeSellItemPhotos } from "../../server/storage/sell-item-photos";
import type { Route } from "./+types/create-sell-item";

// The fields and messages are shared with the edit page (app/lib/sell-item-schema.ts).
const CreateSellItemSchema = SellItemSchema;

export const meta: Route.MetaFunction = () => [{ title: "Anunciar item · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

function formError(message: string, status: number) {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [message] } };
  return data({ result }, { status });
}

/**
 * POST multipart: title, description, price, condition, category, location, images
 * (0–6 files, each ≤ 5 MB). 303 to the new ad; 400 (413 for a photo over 5 MB) with the
 * form re-rendered and its messages otherwise.
 */
export async function action({ request }: Route.ActionArgs) {
  const { user, claims } = await requireUser(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return formError("Não conseguimos ler o envio. Tente de novo.", 400);
  }
  const submission = parseWithZod(formData, { schema: CreateSellItemSchema });
  if (submission.status !== "success") {
    const tooLarge = uploadedFiles(formData.getAll("images")).some((file) => file.size > MAX_SELL_ITEM_IMAGE_BYTES);
    return data({ result: submission.reply() }, { status: tooLarge ? 413 : 400 });
  }
  if (hasNulCharacter(formData)) return data({ result: submission.reply({ formErrors: [NUL_REFUSED] }) }, { status: 400 });
  const { images = [], description, ...values } = submission.value;
  const storage = getStorage();
  const stored = await storeSellItemPhotos(storage, images);
  if (!stored.ok) return data({ result: submission.reply({ fieldErrors: { images: [stored.message] } }) }, { status: stored.status });

  // The files exist before the row points at them; if the row is refused, they go too.
  let id: string;
  try {
    const db = await getDb();
    id = await withUser(db, claims, (tx) => createSellItem(tx, user.id, { ...values, description: description ?? "" }, stored.refs));
  } catch (error) {
    await deleteSellItemPhotos(storage, stored.refs);
    throw error;
  }
  return redirect(`/sell-items/${id}`, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(request, { kind: "success", message: "Anúncio publicado." }) },
  });
}

export default function CreateSellItem({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "anuncio",
    lastResult: actionData?.result,
    constraint: getZodConstraint(CreateSellItemSchema),
    // First check on submit, then live: validating on blur shifts the layout under the
    // pointer and can swallow the click on the submit button.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateSellItemSchema }),
  });
  return (
    <div className="space-y-4">
      <div>
        <Link to="/sell-items" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          ← Vendas
        </Link>
        <h1 className="text-2xl font-bold">Anunciar item</h1>
        <p className="text-stone-600 dark:text-stone-300">Venda o que não usa mais para quem mora perto.</p>
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <SellItemFields fields={fields} photosLabel="Fotos" photoSlots={MAX_SELL_ITEM_IMAGES} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Publicando…" : "Publicar anúncio"}
        </button>
      </Form>
    </div>
  );
}
