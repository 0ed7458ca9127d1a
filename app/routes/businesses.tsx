import { data, Link } from "react-router";
import { cachedClientLoader } from "~/client/cached-client-loader";
import { CategoryFilter, DirectoryHeader, TOP_RATED_VALUE, TopRatedCheckbox, topRatedOf } from "~/components/list-filters";
import { OpenBadge } from "~/components/open-badge";
import { keysetPageHref, listPageHref, PagedList, pageFromUrl, pageRequestFromUrl } from "~/components/pagination";
import { DistanceLine, NearMe } from "~/components/near-me";
import { nearHeaders, roundedNearRedirect } from "~/lib/near-headers";
import { formatDistance, nearFromUrl } from "#core/near";
import { NEIGHBOURHOODS } from "#core/town-map";
import { listBusinessCategories } from "#server/models/businesses";
import { listBusinessesNear } from "#server/models/nearby";
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
  const near = nearFromUrl(url);
  const rounded = roundedNearRedirect(url, near);
  if (rounded) throw rounded;
  const now = new Date();
  const ctx = getRequestContext(context);
  const shown = { category: category ?? "", openNow, topRated, renderedAt: now.toISOString() };
  const nearState = { param: near.param, neighbourhood: near.origin?.neighbourhood ?? null, unreadable: near.sent && !near.origin, neighbourhoods: NEIGHBOURHOODS };
  if (near.origin) {
    // Issue #33: read for this answer alone (no shared read), and answered private, no-store.
    const origin = near.origin.position;
    const { categories, list } = await ctx.db.asCaller(async (tx) => ({
      categories: await listBusinessCategories(tx),
      list: await listBusinessesNear(tx, { origin, page: pageFromUrl(url), category, openNow, topRated, now }),
    }));
    const businesses = list.businesses.map((b) => ({ ...b, distance: formatDistance(b.distanceM) }));
    return data({ ...list, businesses, categories, ...shown, near: nearState }, { headers: PRIVATE });
  }
  // The open-now filter compares HH:MM: one minute's answer serves the whole minute.
  const { categories, list } = await ctx.db.asVisitor(businessList, {
    category,
    ...pageRequestFromUrl(url),
    openAt: openNow ? minuteOf(now) : undefined,
    ...(topRated ? { topRated } : {}),
  });
  const businesses = list.businesses.map((b) => ({ ...b, distance: "" }));
  return data({ ...list, businesses, categories, ...shown, near: nearState }, near.sent ? { headers: PRIVATE } : undefined);
}

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = nearHeaders;

// Repeat visits within 5 minutes come from the in-memory loader cache (app/lib/loader-cache.ts).
export const clientLoader = (args: Route.ClientLoaderArgs) => cachedClientLoader(args);

export default function Businesses({ loaderData }: Route.ComponentProps) {
  const { businesses, townHolidays, hasMore, categories, category, openNow, topRated, page, renderedAt, near } = loaderData;
  const now = useTownNow(renderedAt);
  const filters = { categoria: category || undefined, aberto: openNow ? "1" : undefined, estrelas: topRated ? TOP_RATED_VALUE : undefined };
  const href = near.param
    ? (target: number) => listPageHref("/businesses", { ...filters, perto: near.param }, target)
    : keysetPageHref("/businesses", filters, page, businesses);
  return (
    <div className="space-y-4">
      <DirectoryHeader title="Negócios" propose="negocio" />
      <CategoryFilter label="Filtrar negócios" categories={categories} selected={category}>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="aberto" value="1" defaultChecked={openNow} className="size-5" />
          Aberto agora
        </label>
        <TopRatedCheckbox checked={topRated} />
        {near.param ? <input type="hidden" name="perto" value={near.param} /> : null}
      </CategoryFilter>
      <NearMe path="/businesses" filters={filters} near={near} />
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
                <DistanceLine distance={business.distance} />
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
