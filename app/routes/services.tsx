import { data } from "react-router";
import { FavoriteButton } from "~/components/favorites";
import { cachedClientLoader } from "~/client/cached-client-loader";
import { CategoryFilter, DirectoryHeader, TOP_RATED_VALUE, TopRatedCheckbox, topRatedOf } from "~/components/list-filters";
import { keysetPageHref, listPageHref, PagedList, pageFromUrl, pageRequestFromUrl } from "~/components/pagination";
import { DistanceLine, NearMe } from "~/components/near-me";
import { nearHeaders, roundedNearRedirect } from "~/lib/near-headers";
import { formatDistance, nearFromUrl } from "#core/near";
import { NEIGHBOURHOODS } from "#core/town-map";
import { listServiceCategories } from "#server/models/services";
import { listServicesNear } from "#server/models/nearby";
import { Picture } from "~/components/picture";
import { serviceWhatsAppMessage, telHref, whatsAppChatHref } from "~/lib/contact-links";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ItemTitle } from "~/components/ui/item-title";
import { serviceList } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/services";
import { RatingLine } from "~/components/rating";

export const meta: Route.MetaFunction = () => [
  { title: "Serviços em Vila Serena · Guida" },
  {
    name: "description",
    content: "Eletricistas, encanadores, diaristas, professores particulares e outros profissionais de Vila Serena, com preço e contato direto.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get("categoria")?.slice(0, 60) || undefined;
  const topRated = topRatedOf(url);
  const near = nearFromUrl(url);
  const rounded = roundedNearRedirect(url, near);
  if (rounded) throw rounded;
  const ctx = getRequestContext(context);
  const nearState = { param: near.param, neighbourhood: near.origin?.neighbourhood ?? null, unreadable: near.sent && !near.origin, neighbourhoods: NEIGHBOURHOODS };
  const origin = near.origin?.position;
  // Issue #33: a "perto de" list is read for this answer alone (no shared read), answered private, no-store.
  const { categories, list } = origin
    ? await ctx.db.asCaller(async (tx) => ({
        categories: await listServiceCategories(tx),
        list: await listServicesNear(tx, { origin, page: pageFromUrl(url), category, topRated }),
      }))
    : await ctx.db.asVisitor(serviceList, { category, ...pageRequestFromUrl(url), ...(topRated ? { topRated } : {}) });
  const favoriteState = await favoriteStateOf(ctx, list.services.map((service) => service.id));
  // The contact links are written here: the list's first view then does not carry the phone
  // number rules (core/phone.ts) that build them (issue #29's budget).
  const services = list.services.map((service) => ({
    ...service,
    callHref: service.phone ? telHref(service.phone) : null,
    whatsAppHref: service.whatsapp ? whatsAppChatHref(service.whatsapp, serviceWhatsAppMessage(service.name)) : null,
    distance: "distanceM" in service ? formatDistance(Number(service.distanceM)) : "",
  }));
  const payload = { ...list, services, favoriteState, categories, category: category ?? "", topRated, near: nearState };
  return data(payload, near.sent ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

export const headers: Route.HeadersFunction = nearHeaders;

// Repeat visits within 5 minutes come from the in-memory loader cache (app/lib/loader-cache.ts).
export const clientLoader = (args: Route.ClientLoaderArgs) => cachedClientLoader(args);

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services, hasMore, categories, category, topRated, page, near } = loaderData;
  const filters = { categoria: category || undefined, estrelas: topRated ? TOP_RATED_VALUE : undefined };
  const href = near.param
    ? (target: number) => listPageHref("/services", { ...filters, perto: near.param }, target)
    : keysetPageHref("/services", filters, page, services);
  return (
    <div className="space-y-4">
      <DirectoryHeader title="Serviços" propose="servico" />
      <CategoryFilter label="Filtrar serviços" categories={categories} selected={category}>
        <TopRatedCheckbox checked={topRated} />
        {near.param ? <input type="hidden" name="perto" value={near.param} /> : null}
      </CategoryFilter>
      <NearMe path="/services" filters={filters} near={near} />
      <PagedList
        items={services}
        label="Serviços"
        className="space-y-3"
        empty={topRated ? "Nenhum serviço com nota 4 ou mais com esse filtro." : category ? "Nenhum serviço encontrado nessa categoria." : "Nenhum serviço cadastrado ainda."}
        page={page}
        hasMore={hasMore}
        href={href}
      >
        {(service, i) => (
          <li className={cardClass("p-3")}>
            <article aria-labelledby={`servico-${service.id}`}>
              <div className="flex gap-3">
                <Picture image={service.imageUrl} alt="" sizes="64px" priority={i < 4} placeholder={service.name} className="size-16 shrink-0 rounded-xl" />
                <div className="min-w-0 flex-1">
                  <ItemTitle kind="service" id={service.id} title={service.name} headingId={`servico-${service.id}`} className="font-semibold leading-snug" />
                  <p className="text-sm text-stone-600 dark:text-stone-300">
                    {service.category}
                    {service.neighbourhood ? ` · ${service.neighbourhood}` : null}
                  </p>
                  <DistanceLine distance={service.distance} />
                  <RatingLine rating={service.rating} />
                  {service.priceInfo ? (
                    <p className="mt-0.5 text-sm font-medium text-brand-700 dark:text-brand-100">{service.priceInfo}</p>
                  ) : null}
                </div>
                <FavoriteButton itemType="service" itemId={service.id} label={service.name} />
              </div>
              {service.description ? <p className="mt-2 line-clamp-3 text-sm">{service.description}</p> : null}
              {service.callHref || service.whatsAppHref ? (
                <div className="mt-3 flex gap-2">
                  {service.callHref ? (
                    <a href={service.callHref} className={buttonClass("primary", "sm", "flex-1")}>
                      Ligar<span className="sr-only"> para {service.name}</span>
                    </a>
                  ) : null}
                  {service.whatsAppHref ? (
                    <a
                      href={service.whatsAppHref}
                      className={buttonClass("whatsapp", "sm", "flex-1")}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      WhatsApp<span className="sr-only"> de {service.name}</span>
                    </a>
                  ) : null}
                </div>
              ) : null}
            </article>
          </li>
        )}
      </PagedList>
    </div>
  );
}
