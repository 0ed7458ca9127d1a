import { Form, Link, useNavigation } from "react-router";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { FormErrors } from "~/components/ui/form-field";
import { SoldBadge } from "~/components/sold-badge";
import { refusalMessages } from "#core/refused";
import { refusePage } from "#server/toolkit/refuse-page";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { intentOf, redirectWithFlash, replyRefused, signedInAction } from "#server/toolkit/action";
import { deleteSellItem, getSellItem, getSellItemOwner, setSellItemStatus } from "#server/models/sell-items";
import { getRequestContext, type RequestContext } from "#server/toolkit/request-context";
import { discard } from "#server/images/upload-service";
import { SellItemEditor } from "./+shared/sell-item-editor";
import { NOT_FOUND, NOT_OWNER, refusedAd, saveSellItem } from "./+shared/sell-item-editor.server";
import type { Route } from "./+types/edit-sell-item";
import { textLinkClass } from "~/components/ui/text-link";

// The form and its action core are shared with /create-sell-item (./+shared/sell-item-editor*).

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData ? `Editar: ${loaderData.item.title} · Guida` : "Editar anúncio · Guida" },
  { name: "robots", content: "noindex" },
];

/** Owner only: a visitor goes to /login (requireUser); anyone else gets a 403 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const item = await ctx.db.asCaller((tx) => getSellItem(tx, params.id));
  if (!item) throw refusePage(404);
  if (item.sellerId !== user.id) {
    throw refusePage(403, { title: "Você não pode editar este anúncio", message: NOT_OWNER, link: { to: `/sell-items/${item.id}`, label: "Ver o anúncio" } });
  }
  return { item };
}

/**
 * POST intent=save (multipart: the fields, new `images`, `removeImages`), intent=sold
 * (optional status=available to put it back on sale) or intent=delete. The owner check
 * here gives a clear 403 before any file is stored; RLS refuses the write underneath.
 */
export const action = signedInAction(async ({ request, params }: Route.ActionArgs, { ctx, user, form }) => {
  const intent = intentOf(form);
  const owner = await ctx.db.asCaller((tx) => getSellItemOwner(tx, params.id));
  if (!owner) return replyRefused(404, NOT_FOUND, { intent });
  if (owner.sellerId !== user.id) return replyRefused(403, NOT_OWNER, { intent });

  switch (intent) {
    case "save":
      return saveSellItem(request, ctx, form, { id: params.id, images: owner.images });
    case "sold":
      return markSold(request, ctx, params.id, form.get("status") === "available" ? "available" : "sold");
    case "delete":
      return deleteAd(request, ctx, params.id);
    default:
      return replyRefused(400, "Ação desconhecida.", { intent });
  }
});

async function markSold(request: Request, ctx: RequestContext, id: string, status: "available" | "sold") {
  const outcome = await ctx.db.asCaller((tx) => setSellItemStatus(tx, id, status));
  if (outcome !== "ok") return refusedAd("sold", outcome);
  return redirectWithFlash(request, `/sell-items/${id}`, status === "sold" ? "Anúncio marcado como vendido." : "Anúncio à venda de novo.");
}

async function deleteAd(request: Request, ctx: RequestContext, id: string) {
  const outcome = await ctx.db.asCaller((tx) => deleteSellItem(tx, id));
  if (outcome.outcome !== "ok") return refusedAd("delete", outcome.outcome);
  await discard(outcome.images);
  return redirectWithFlash(request, "/my-sell-items", "Anúncio excluído.");
}

export default function EditSellItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  const busy = useNavigation().state === "submitting";
  const sold = item.status === "sold";
  return (
    <div className="space-y-6">
      <div>
        <Link to={`/sell-items/${item.id}`} className={textLinkClass({ small: true })}>
          ← Ver anúncio
        </Link>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          Editar anúncio {sold ? <SoldBadge /> : null}
        </h1>
      </div>
      <FormErrors errors={actionData && actionData.intent !== "save" ? refusalMessages(actionData) : undefined} />

      <SellItemEditor item={item} lastResult={actionData?.intent === "save" ? actionData.result : undefined} />

      <section aria-labelledby="status-anuncio" className={cardClass("space-y-2 p-4")}>
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
          <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
            {sold ? "Marcar como disponível" : "Marcar como vendido"}
          </Button>
        </Form>
      </section>

      <DeleteConfirmation
        label="Quero excluir este anúncio"
        warning="O anúncio e as fotos são apagados de vez."
        confirmLabel="Excluir de vez"
        busy={busy}
      />
    </div>
  );
}
