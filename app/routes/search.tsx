import { Link } from "react-router";
import { Picture } from "~/components/picture";
import { hrefOf, ITEM_KIND_LABELS, ITEM_KINDS } from "#core/item-kinds";
import { EmptyState } from "~/components/ui/empty-state";
import { KindIcon } from "~/components/ui/kind-icon";
import { cardClass } from "~/components/ui/card";
import { searchTown, type SearchHit } from "#server/models/search";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData?.query ? `“${loaderData.query}” · Busca · Guida` : "Busca · Guida" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const hits = query ? await getRequestContext(context).db.asCaller((tx) => searchTown(tx, query)) : [];
  return { query, hits };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, hits } = loaderData;
  const groups = ITEM_KINDS.map((kind) => ({ kind, hits: hits.filter((h: SearchHit) => h.kind === kind) })).filter((g) => g.hits.length);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{query ? `Resultados para “${query}”` : "Buscar em Vila Serena"}</h1>
      {!query ? (
        <p className="text-stone-600 dark:text-stone-300">Digite o que procura na barra de busca: um negócio, um serviço, um item à venda…</p>
      ) : groups.length === 0 ? (
        <EmptyState>
          Nada encontrado para “{query}”. Tente outras palavras.
        </EmptyState>
      ) : (
        groups.map((group) => (
          <section key={group.kind} aria-labelledby={`busca-${group.kind}`}>
            <h2 id={`busca-${group.kind}`} className="flex items-center gap-2 text-lg font-semibold">
              <KindIcon kind={group.kind} size={20} />
              {ITEM_KIND_LABELS[group.kind]} <span className="text-sm font-normal text-stone-600 dark:text-stone-400">({group.hits.length})</span>
            </h2>
            <ul className="mt-2 space-y-2">
              {group.hits.map((hit) => (
                <li key={hit.id}>
                  <Link to={hrefOf(hit.kind, hit.id)} className={cardClass("flex items-center gap-3 p-3", { interactive: true })}>
                    <Picture image={hit.image} alt="" sizes="48px" placeholder={hit.title} className="size-12 shrink-0 rounded-lg" />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{hit.title}</span>
                      <span className="block truncate text-sm text-stone-600 dark:text-stone-300">{hit.subtitle}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
