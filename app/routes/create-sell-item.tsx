import { Link } from "react-router";
import { signedInAction } from "#server/toolkit/action";
import { residentsOnly } from "#server/toolkit/request-context";
import { SellItemEditor } from "./+shared/sell-item-editor";
import { saveSellItem } from "./+shared/sell-item-editor.server";
import type { Route } from "./+types/create-sell-item";
import { textLinkClass } from "~/components/ui/text-link";

// The form and its action core are shared with /sell-items/{id}/edit (./+shared/sell-item-editor*).

export const meta: Route.MetaFunction = () => [{ title: "Anunciar item · Guida" }, { name: "robots", content: "noindex" }];

export const loader = residentsOnly;

/** POST multipart: title, description, price, condition, category, location, images. */
export const action = signedInAction(({ request }: Route.ActionArgs, { ctx, form }) => saveSellItem(request, ctx, form));

export default function CreateSellItem({ actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <div>
        <Link to="/sell-items" className={textLinkClass({ small: true })}>
          ← Vendas
        </Link>
        <h1 className="text-2xl font-bold">Anunciar item</h1>
        <p className="text-stone-600 dark:text-stone-300">Venda o que não usa mais para quem mora perto.</p>
      </div>
      <SellItemEditor lastResult={actionData?.result} />
    </div>
  );
}
