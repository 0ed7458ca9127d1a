import { Link } from "react-router";
import { Pagination, pageFromUrl } from "~/components/pagination";
import { Picture } from "~/components/picture";
import { SoldBadge } from "~/components/sold-badge";
import { formatBRL, formatShortDate } from "~/lib/format";
import { listSellItemsBySeller } from "../../server/models/sell-items";
import { getRequestContext } from "../../server/request-context";
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
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Meus anúncios</h1>
        <Link
          to="/create-sell-item"
          className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Anunciar item
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-stone-600 shadow-sm dark:bg-stone-900 dark:text-stone-300">
          {page > 1 ? "Não há mais anúncios nesta página." : "Você ainda não anunciou nada. Tem algo parado em casa? Anuncie para os vizinhos."}
        </p>
      ) : (
        <ul aria-label="Meus anúncios" className="space-y-2">
          {items.map((item) => {
            const sold = item.status === "sold";
            return (
              <li key={item.id} className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm dark:bg-stone-900">
                <Picture image={item.image} alt="" sizes="80px" className={`aspect-[4/3] w-20 shrink-0 rounded-lg ${sold ? "opacity-60 grayscale" : ""}`} />
                <div className="min-w-0 flex-1">
                  <Link to={`/sell-items/${item.id}`} className="line-clamp-2 font-semibold leading-snug break-words hover:underline">
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
                  className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800"
                >
                  Editar
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} hasMore={hasMore} href={(n) => (n > 1 ? `/my-sell-items?pagina=${n}` : "/my-sell-items")} />
    </div>
  );
}
