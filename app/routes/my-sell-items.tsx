import { Link } from "react-router";
import { PagedList, pageFromUrl } from "~/components/pagination";
import { Picture } from "~/components/picture";
import { SoldBadge } from "~/components/sold-badge";
import { formatBRL, formatShortDate } from "#core/format";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { hrefOf } from "#core/item-kinds";
import { listSellItemsBySeller } from "#server/models/sell-items";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/my-sell-items";

export const meta: Route.MetaFunction = () => [{ title: "Meus anúncios · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const page = pageFromUrl(new URL(request.url));
  const list = await ctx.db.asCaller((tx) => listSellItemsBySeller(tx, user.id, page));
  return { ...list, page };
}

export default function MySellItems({ loaderData }: Route.ComponentProps) {
  const { items, hasMore, page } = loaderData;
  return (
    <div className="space-y-4">
      <PageHeader title="Meus anúncios">
        <Link to="/create-sell-item" className={buttonClass("primary", "sm", "shrink-0")}>
          Anunciar item
        </Link>
      </PageHeader>
      <PagedList
        items={items}
        label="Meus anúncios"
        className="space-y-2"
        empty="Você ainda não anunciou nada. Tem algo parado em casa? Anuncie para os vizinhos."
        emptyLater="Não há mais anúncios nesta página."
        page={page}
        hasMore={hasMore}
        href={(n) => (n > 1 ? `/my-sell-items?pagina=${n}` : "/my-sell-items")}
      >
        {(item) => {
          const sold = item.status === "sold";
          return (
            <li className={cardClass("flex items-center gap-3 p-3")}>
              <Picture image={item.image} alt="" sizes="80px" placeholder={item.title} className={`aspect-[4/3] w-20 shrink-0 rounded-lg ${sold ? "opacity-60 grayscale" : ""}`} />
              <div className="min-w-0 flex-1">
                <Link to={hrefOf("sell_item", item.id)} className="line-clamp-2 font-semibold leading-snug break-words hover:underline">
                  {item.title}
                </Link>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold">{formatBRL(item.price)}</span>
                  {sold ? (
                    <SoldBadge />
                  ) : (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50">
                      À venda
                    </span>
                  )}
                </p>
                <p className="text-xs text-stone-600 dark:text-stone-300">Publicado em {formatShortDate(item.createdAt)}</p>
              </div>
              <Link
                to={`/sell-items/${item.id}/edit`}
                aria-label={`Editar ${item.title}`}
                className={buttonClass("secondary", "sm", "shrink-0")}
              >
                Editar
              </Link>
            </li>
          );
        }}
      </PagedList>
    </div>
  );
}
