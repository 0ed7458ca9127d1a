import { isUuid } from "#core/uuid";
import { Form, Link, useNavigation } from "react-router";
import { Picture } from "~/components/picture";
import { refusalOf } from "#core/refused";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { cardClass } from "~/components/ui/card";
import { intentOf, redirectWithFlash, replyRefused, signedInAction } from "#server/toolkit/action";
import {
  addGalleryImage,
  getBusinessOwner,
  listOwnedBusinesses,
  MAX_GALLERY_IMAGES,
  removeGalleryImage,
  replaceBusinessImage,
} from "#server/models/business-images";
import { getRequestContext, type RequestContext } from "#server/toolkit/request-context";
import { chosenFile, discard, storeUpload, writeWithImages } from "#server/images/upload-service";
import { IMAGE_REQUIRED, imageFieldLabel } from "#core/images";
import type { Route } from "./+types/update-business-images";

export const meta: Route.MetaFunction = () => [
  { title: "Fotos do seu negócio · Guida" },
  { name: "description", content: "Donos de negócios de Vila Serena trocam logo, capa e fotos da galeria." },
];

// Public route (the spec): visitors see an invitation to sign in; owners see their businesses.
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.user();
  if (!user) return { signedIn: false as const, businesses: [] };
  const businesses = await ctx.db.asCaller((tx) => listOwnedBusinesses(tx, user.id));
  return { signedIn: true as const, businesses };
}

/** A refusal about one business's form: the page shows it under that business. */
function refused(businessId: string, kind: string, message: string, status: number) {
  return replyRefused(status, message, { initialValue: { businessId, kind } });
}

const NOT_OWNER = "Só o dono do negócio pode trocar as fotos.";

/**
 * POST multipart: businessId, kind (logo | cover | gallery), image; or intent=remove with
 * businessId and imageId. Only the owner may change a business's images: checked here for
 * a clear 403, and enforced by RLS underneath.
 */
export const action = signedInAction(async ({ request }: Route.ActionArgs, { ctx, user, form }) => {
  const businessId = String(form.get("businessId") ?? "");
  const kind = String(form.get("kind") ?? "");
  if (!isUuid(businessId)) return refused(businessId, kind, "Negócio não encontrado.", 404);

  const owner = await ctx.db.asCaller((tx) => getBusinessOwner(tx, businessId));
  if (!owner) return refused(businessId, kind, "Negócio não encontrado.", 404);
  if (owner.ownerId !== user.id) return refused(businessId, kind, NOT_OWNER, 403);

  switch (intentOf(form, "upload")) {
    case "remove":
      return removeGalleryPhoto(request, ctx, businessId, String(form.get("imageId") ?? ""));
    default:
      return uploadImage(request, ctx, businessId, kind, form.get("image"));
  }
});

async function removeGalleryPhoto(request: Request, ctx: RequestContext, businessId: string, imageId: string) {
  if (!isUuid(imageId)) return refused(businessId, "gallery", "Foto não encontrada.", 404);
  const removed = await ctx.db.asCaller((tx) => removeGalleryImage(tx, businessId, imageId));
  if (!removed) return refused(businessId, "gallery", "Foto não encontrada.", 404);
  await discard(removed);
  return redirectWithFlash(request, "/update-business-images", "Foto removida da galeria.");
}

async function uploadImage(request: Request, ctx: RequestContext, businessId: string, kind: string, image: FormDataEntryValue | null) {
  if (kind !== "logo" && kind !== "cover" && kind !== "gallery") {
    return refused(businessId, kind, "Escolha se a imagem é o logo, a capa ou uma foto da galeria.", 400);
  }
  const file = chosenFile(image);
  if (!file) return refused(businessId, kind, IMAGE_REQUIRED, 400);
  const stored = await storeUpload(file, kind === "logo" ? "square" : kind === "cover" ? "wide" : "photo");
  if (!stored.ok) return refused(businessId, kind, stored.message, stored.status);

  // The files exist before the row points at them; a refused or failed write takes them with it.
  if (kind === "gallery") {
    const outcome = await writeWithImages(
      [stored.ref],
      () => ctx.db.asCaller((tx) => addGalleryImage(tx, businessId, stored.ref)),
      (outcome) => ({ committed: outcome === "ok" }),
    );
    if (outcome === "full") return refused(businessId, kind, `A galeria já tem ${MAX_GALLERY_IMAGES} fotos. Remova uma antes de adicionar outra.`, 409);
    if (outcome !== "ok") return refused(businessId, kind, NOT_OWNER, 403);
    return redirectWithFlash(request, "/update-business-images", "Foto adicionada à galeria.");
  }
  const replaced = await writeWithImages(
    [stored.ref],
    () => ctx.db.asCaller((tx) => replaceBusinessImage(tx, businessId, kind, stored.ref)),
    (replaced) => (replaced ? { committed: true, replaced: [replaced.previous] } : { committed: false }),
  );
  if (!replaced) return refused(businessId, kind, NOT_OWNER, 403);
  return redirectWithFlash(request, "/update-business-images", kind === "logo" ? "Logo atualizado." : "Capa atualizada.");
}

const KIND_LABELS = { logo: "Logo", cover: "Capa", gallery: "Nova foto da galeria" } as const;

export default function UpdateBusinessImages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.signedIn) {
    return (
      <div className="space-y-4 py-6 text-center">
        <h1 className="text-2xl font-bold">Fotos do seu negócio</h1>
        <p className="text-stone-600 dark:text-stone-300">
          Tem um negócio em Vila Serena? Entre na sua conta para trocar o logo, a capa e as fotos da galeria.
        </p>
        <Link to="/login?redirectTo=%2Fupdate-business-images" className={buttonClass("primary", "lg", "mx-auto w-full max-w-xs")}>
          Entrar para continuar
        </Link>
      </div>
    );
  }
  // A refusal about a business not listed here (someone else's, an id of nothing, a body
  // that could not be read) has no section to appear in: it goes above them all.
  const refusedFor = actionData?.result.initialValue?.businessId;
  const stray = actionData && !loaderData.businesses.some((b) => b.id === refusedFor) ? refusalOf(actionData) : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Fotos do seu negócio</h1>
      {stray ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {stray}
        </p>
      ) : null}
      {loaderData.businesses.length === 0 ? (
        <EmptyState>
          Nenhum negócio está no seu nome. Se você é dono de um negócio do Guida, fale com a equipe para vinculá-lo à sua conta.
        </EmptyState>
      ) : (
        loaderData.businesses.map((business) => {
          const error = actionData && refusedFor === business.id ? refusalOf(actionData) : null;
          return (
            <section key={business.id} aria-labelledby={`negocio-${business.id}`} className={cardClass("space-y-4 p-4")}>
              <h2 id={`negocio-${business.id}`} className="text-lg font-semibold">
                <Link to={`/business/${business.id}`} className="underline">
                  {business.name}
                </Link>
              </h2>
              {error ? (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
                  {error}
                </p>
              ) : null}
              <div className="flex gap-3">
                <Picture image={business.logoUrl} alt="Logo atual" sizes="64px" className="size-16 rounded-xl" />
                <Picture image={business.coverUrl} alt="Capa atual" sizes="160px" className="aspect-video w-40 rounded-xl" />
              </div>
              {(["logo", "cover", "gallery"] as const).map((kind) => (
                <Form key={kind} method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="businessId" value={business.id} />
                  <input type="hidden" name="kind" value={kind} />
                  <div className="min-w-0 flex-1">
                    <label htmlFor={`${business.id}-${kind}`} className="block text-sm font-medium">
                      {imageFieldLabel(KIND_LABELS[kind])}
                    </label>
                    <input id={`${business.id}-${kind}`} name="image" type="file" accept="image/*" required className="mt-1 block w-full text-sm" />
                  </div>
                  <Button type="submit" disabled={busy} variant="primary" size="md">
                    Enviar
                  </Button>
                </Form>
              ))}
              {business.gallery.length > 0 ? (
                <ul className="grid grid-cols-3 gap-2" aria-label="Galeria">
                  {business.gallery.map((image, i) => (
                    <li key={image.id} className="space-y-1">
                      <Picture image={image.url} alt={`Foto ${i + 1} da galeria`} sizes="120px" className="aspect-[4/3] w-full rounded-lg" />
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="businessId" value={business.id} />
                        <input type="hidden" name="imageId" value={image.id} />
                        <button type="submit" className="min-h-11 w-full rounded-full border border-stone-300 text-sm dark:border-stone-700" aria-label={`Remover foto ${i + 1}`}>
                          Remover
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })
      )}
    </div>
  );
}
