import { Link } from "react-router";
import { cachedClientLoader } from "~/client/cached-client-loader";
import { CategoryFilter, DirectoryHeader, TOP_RATED_VALUE, TopRatedCheckbox, topRatedOf } from "~/components/list-filters";
import { OpenBadge } from "~/components/open-badge";
import { keysetPageHref, PagedList, pageRequestFromUrl } from "~/components/pagination";
import { Picture } from "~/components/picture";
import { useTownNow } from "~/hooks/use-town-now";
import { cardClass } from "~/components/ui/card";
import { hrefOf } from "#core/item-kinds";
import { businessList } from "#server/cache/reads";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/businesses";
import { minuteOf } from "#server/cache/read-cache";
import { RatingLine } from "~/components/rating";

export const meta: Route.MetaFunction = () => [
  { title: "Negócios de Vila Serena · Guida" },
  { name: "description", content: "Padarias, mercados, farmácias, bares e lojas de Vila Serena, com horário e quem está aberto agora." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get("categoria")?.slice(0, 60) || undefined;
  const openNow = url.searchParams.get("aberto") === "1";
  const topRated = topRatedOf(url);
  const pageRequest = pageRequestFromUrl(url);
  const now = new Date();
  // The open-now filter compares HH:MM: one minute's answer serves the whole minute.
  const at = minuteOf(now);
  const { categories, list } = await getRequestContext(context).db.asVisitor(businessList, {
    category,
    ...pageRequest,
    openAt: openNow ? at : undefined,
    ...(topRated ? { topRated } : {}),
  });
  return { ...list, categories, category: category ?? "", openNow, topRated, renderedAt: now.toISOString() };
}

// Repeat visits within 5 minutes come from the in-memory loader cache (app/lib/loader-cache.ts).
export const clientLoader = (args: Route.ClientLoaderArgs) => cachedClientLoader(args);

export default function Businesses({ loaderData }: Route.ComponentProps) {
  const { businesses, townHolidays, hasMore, categories, category, openNow, topRated, page, renderedAt } = loaderData;
  const now = useTownNow(renderedAt);
  const href = keysetPageHref("/businesses", { categoria: category, aberto: openNow ? "1" : undefined, estrelas: topRated ? TOP_RATED_VALUE : undefined }, page, businesses);
  return (
    <div className="space-y-4">
      <DirectoryHeader title="Negócios" propose="negocio" />
      <CategoryFilter label="Filtrar negócios" categories={categories} selected={category}>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="aberto" value="1" defaultChecked={openNow} className="size-5" />
          Aberto agora
        </label>
        <TopRatedCheckbox checked={topRated} />
      </CategoryFilter>
      <PagedList
        items={businesses}
        className="space-y-2"
        empty={openNow ? "Nenhum negócio aberto agora com esse filtro." : topRated ? "Nenhum negócio com nota 4 ou mais com esse filtro." : "Nenhum negócio encontrado com esse filtro."}
        page={page}
        hasMore={hasMore}
        href={href}
      >
        {(business, i) => (
          <li>
            <Link to={hrefOf("business", business.id)} className={cardClass("flex items-center gap-3 p-3", { interactive: true })}>
              <Picture image={business.logoUrl} alt="" sizes="56px" priority={i < 4} placeholder={business.name} className="size-14 shrink-0 rounded-xl" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{business.name}</span>
                <span className="block truncate text-sm text-stone-600 dark:text-stone-300">
                  {business.category} · {business.neighbourhood}
                </span>
                <RatingLine rating={business.rating} />
                {/* Under the name, so "Fechado · abre amanhã às 7:00" never squeezes it on a phone. */}
                <span className="mt-1 block">
                  <OpenBadge hours={business.openingHours} now={now} calendar={{ ...business, townHolidays }} />
                </span>
              </span>
            </Link>
          </li>
        )}
      </PagedList>
    </div>
  );
}
