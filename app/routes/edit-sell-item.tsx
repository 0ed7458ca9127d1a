import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormErrors, primaryButton, secondaryButton } from "~/components/form-field";
import { Picture } from "~/components/picture";
import { SellItemFields } from "~/components/sell-item-form";
import { SoldBadge } from "~/components/sold-badge";
import { hasNulCharacter, NUL_REFUSED } from "~/lib/form-data";
import { SellItemFields as Fields } from "~/lib/sell-item-schema";
import { MAX_SELL_ITEM_IMAGE_BYTES, MAX_SELL_ITEM_IMAGES, priceInputValue, uploadedFiles } from "~/lib/sell-items";
import { getDb, withUser } from "../../server/db";
import { flashCookie } from "../../server/flash";
import {
  deleteSellItem,
  getSellItem,
  getSellItemOwner,
  setSellItemStatus,
  updateSellItem,
  type WriteRefusal,
} from "../../server/models/sell-items";
import { requireUser } from "../../server/request";
import { getStorage } from "../../server/storage";
import { deleteSellItemPhotos, storeSellItemPhotos } from "../../server/storage/sell-item-photos";
import type { Route } from "./+types/edit-sell-item";

// The ad's fields (shared with /create-sell-item) plus the photos to take off the ad.
const EditSellItemSchema = z.object({
  intent: z.literal("save"),
  ...Fields,
  removeImages: z.array(z.string().max(200)).max(MAX_SELL_ITEM_IMAGES).optional(),
});

const NOT_OWNER = "Só quem publicou este anúncio pode alterá-lo ou excluí-lo.";
const NOT_FOUND = "Este anúncio não existe mais.";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData && "item" in loaderData ? `Editar: ${loaderData.item.title} · Guida` : "Editar anúncio · Guida" },
  { name: "robots", content: "noindex" },
];

/** Owner only: a visitor goes to /login (requireUser); anyone else gets a 403 page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, claims } = await requireUser(request);
  const db = await getDb();
  const item = await withUser(db, claims, (tx) => getSellItem(tx, params.id));
  if (!item) throw data(null, { status: 404 });
  if (item.sellerId !== user.id) {
    return data({ forbidden: true as const, id: item.id, title: item.title }, { status: 403 });
  }
  return { forbidden: false as const, item };
}

type ActionData = { intent: string; result: SubmissionResult<string[]> };

function fail(intent: string, message: string, status: number) {
  return data<ActionData>({ intent, result: { status: "error", error: { "": [message] } } }, { status });
}

function refused(intent: string, refusal: WriteRefusal) {
  return refusal === "forbidden" ? fail(intent, NOT_OWNER, 403) : fail(intent, NOT_FOUND, 404);
}

function done(request: Request, to: string, message: string) {
  return redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(request, { kind: "success", message }) } });
}

/**
 * POST intent=save (multipart: the fields, new `images`, `removeImages`), intent=sold
 * (optional status=available to put it back on sale) or intent=delete. The owner check
 * here gives a clear 403 before any file is stored; RLS refuses the write underneath.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { user, claims } = await requireUser(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return fail("", "Não conseguimos ler o envio. Tente de novo.", 400);
  }
  const intent = String(formData.get("intent") ?? "");
  const db = await getDb();
  const owner = await withUser(db, claims, (tx) => getSellItemOwner(tx, params.id));
  if (!owner) return fail(intent, NOT_FOUND, 404);
  if (owner.sellerId !== user.id) return fail(intent, NOT_OWNER, 403);
  const id = params.id;
  const storage = getStorage();

  if (intent === "sold") {
    const status = formData.get("status") === "available" ? "available" : "sold";
    const outcome = await withUser(db, claims, (tx) => setSellItemStatus(tx, id, status));
    if (outcome !== "ok") return refused(intent, outcome);
    return done(request, `/sell-items/${id}`, status === "sold" ? "Anúncio marcado como vendido." : "Anúncio à venda de novo.");
  }

  if (intent === "delete") {
    const outcome = await withUser(db, claims, (tx) => deleteSellItem(tx, id));
    if (outcome.outcome !== "ok") return refused(intent, outcome.outcome);
    await deleteSellItemPhotos(storage, outcome.images);
    return done(request, "/my-sell-items", "Anúncio excluído.");
  }

  if (intent !== "save") return fail(intent, "Ação desconhecida.", 400);

  const submission = parseWithZod(formData, { schema: EditSellItemSchema });
  if (submission.status !== "success") {
    const tooLarge = uploadedFiles(formData.getAll("images")).some((file) => file.size > MAX_SELL_ITEM_IMAGE_BYTES);
    return data<ActionData>({ intent, result: submission.reply() }, { status: tooLarge ? 413 : 400 });
  }
  if (hasNulCharacter(formData)) return data<ActionData>({ intent, result: submission.reply({ formErrors: [NUL_REFUSED] }) }, { status: 400 });
  const { images: newFiles = [], removeImages = [], description, intent: _intent, ...values } = submission.value;
  const imagesError = (message: string, status: number) =>
    data<ActionData>({ intent, result: submission.reply({ fieldErrors: { images: [message] } }) }, { status });

  // Counted before storing anything, so a refused form costs no decoding.
  const keptCount = owner.images.filter((ref) => !removeImages.includes(ref)).length;
  if (keptCount + newFiles.length > MAX_SELL_ITEM_IMAGES) {
    return imagesError(tooManyPhotos(keptCount), 400);
  }
  const stored = await storeSellItemPhotos(storage, newFiles);
  if (!stored.ok) return imagesError(stored.message, stored.status);

  try {
    const outcome = await withUser(db, claims, (tx) =>
      updateSellItem(
        tx,
        id,
        { ...values, description: description ?? "" },
        { removeImages, addImages: stored.refs, maxImages: MAX_SELL_ITEM_IMAGES },
      ),
    );
    if (outcome.outcome !== "ok") {
      await deleteSellItemPhotos(storage, stored.refs);
      // Another save changed the photos between our count and the write.
      if (outcome.outcome === "too_many_images") return imagesError(tooManyPhotos(outcome.kept), 409);
      return refused(intent, outcome.outcome);
    }
    await deleteSellItemPhotos(storage, outcome.removedImages);
  } catch (error) {
    await deleteSellItemPhotos(storage, stored.refs);
    throw error;
  }
  return done(request, `/sell-items/${id}`, "Anúncio atualizado.");
}

function tooManyPhotos(kept: number): string {
  const room = MAX_SELL_ITEM_IMAGES - kept;
  return room <= 0
    ? `Um anúncio pode ter no máximo ${MAX_SELL_ITEM_IMAGES} fotos e este já tem ${kept}. Marque as que quer remover para enviar outras.`
    : `Um anúncio pode ter no máximo ${MAX_SELL_ITEM_IMAGES} fotos: este tem ${kept}, então envie no máximo ${room}.`;
}

export default function EditSellItem({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden) {
    return (
      <div className="space-y-4 py-6 text-center">
        <h1 className="text-2xl font-bold">Você não pode editar este anúncio</h1>
        <p className="text-stone-600 dark:text-stone-300">{NOT_OWNER}</p>
        <Link to={`/sell-items/${loaderData.id}`} className={`${primaryButton} mx-auto max-w-xs`}>
          Ver o anúncio
        </Link>
      </div>
    );
  }
  return <EditForm item={loaderData.item} actionData={actionData} />;
}

type EditFormProps = {
  item: Extract<Route.ComponentProps["loaderData"], { forbidden: false }>["item"];
  actionData: Route.ComponentProps["actionData"];
};

function EditForm({ item, actionData }: EditFormProps) {
  const busy = useNavigation().state === "submitting";
  const last = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const [form, fields] = useForm({
    id: `editar-${item.id}`,
    lastResult: last("save"),
    constraint: getZodConstraint(EditSellItemSchema),
    // First check on submit, then live: validating on blur shifts the layout under the
    // pointer and can swallow the click on the submit button.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      title: item.title,
      description: item.description,
      price: priceInputValue(item.price),
      condition: item.condition,
      category: item.category,
      location: item.location,
      removeImages: [],
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EditSellItemSchema }),
  });
  const marked = fields.removeImages.initialValue;
  const toRemove = new Set(Array.isArray(marked) ? marked.map(String) : marked ? [String(marked)] : []);
  const otherError = actionData && actionData.intent !== "save" ? actionData.result.error?.[""] : undefined;
  const sold = item.status === "sold";

  return (
    <div className="space-y-6">
      <div>
        <Link to={`/sell-items/${item.id}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          ← Ver anúncio
        </Link>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          Editar anúncio {sold ? <SoldBadge /> : null}
        </h1>
      </div>
      <FormErrors errors={otherError} />

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        <FormErrors errors={form.errors} id={form.errorId} />
        {item.images.length > 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Fotos atuais</legend>
            <ul className="grid grid-cols-3 gap-2">
              {item.images.map((ref, i) => (
                <li key={ref} className="space-y-1">
                  <Picture image={ref} alt={`Foto ${i + 1}`} sizes="120px" className="aspect-[4/3] w-full rounded-lg" />
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <input type="checkbox" name={fields.removeImages.name} value={ref} defaultChecked={toRemove.has(ref)} className="size-5" />
                    Remover foto {i + 1}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <SellItemFields
          fields={fields}
          photosLabel="Adicionar fotos"
          photoSlots={MAX_SELL_ITEM_IMAGES - item.images.length}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          Salvar alterações
        </button>
      </Form>

      <section aria-labelledby="status-anuncio" className="space-y-2 rounded-xl bg-white p-4 shadow-sm dark:bg-stone-900">
        <h2 id="status-anuncio" className="text-lg font-semibold">
          {sold ? "Este item foi vendido" : "Vendeu?"}
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {sold
            ? "O anúncio continua visível com a marca “Vendido”. Se a venda não deu certo, coloque-o à venda de novo."
            : "Marque como vendido: o anúncio fica com a marca “Vendido” e ninguém mais consegue pô-lo no carrinho."}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="sold" />
          <input type="hidden" name="status" value={sold ? "available" : "sold"} />
          <button type="submit" className={secondaryButton} disabled={busy}>
            {sold ? "Marcar como disponível" : "Marcar como vendido"}
          </button>
        </Form>
      </section>

      <section aria-labelledby="excluir-anuncio" className="space-y-2 rounded-xl border border-red-200 p-4 dark:border-red-900">
        <h2 id="excluir-anuncio" className="text-lg font-semibold">
          Excluir anúncio
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">O anúncio e as fotos são apagados de vez.</p>
        {/* A second step without JavaScript: the button appears only after opening this. */}
        <details className="group">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-red-700 underline dark:text-red-300">
            Quero excluir este anúncio
          </summary>
          <Form method="post" className="pt-2">
            <input type="hidden" name="intent" value="delete" />
            <button
              type="submit"
              disabled={busy}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-red-700 px-6 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              Excluir de vez
            </button>
          </Form>
        </details>
      </section>
    </div>
  );
}
