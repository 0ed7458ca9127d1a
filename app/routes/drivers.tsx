import { Link, data } from "react-router";
import { FavoriteButton } from "~/components/favorites";
import { cachedClientLoader } from "~/client/cached-client-loader";
import { AvailabilityBadge } from "~/components/availability-badge";
import { keysetPageHref, listPageHref, PagedList, pageFromUrl, pageRequestFromUrl } from "~/components/pagination";
import { DistanceLine, NearMe } from "~/components/near-me";
import { nearHeaders, roundedNearRedirect } from "~/lib/near-headers";
import { formatDistance, nearFromUrl } from "#core/near";
import { NEIGHBOURHOODS } from "#core/town-map";
import { listDriversNear } from "#server/models/nearby";
import { Picture } from "~/components/picture";
import { DRIVER_FILTERS, DRIVER_FILTER_LABELS, parseDriverFilter, vehicleLine, type DriverFilter } from "#core/drivers";
import { useTownNow } from "~/hooks/use-town-now";
import { cardClass } from "~/components/ui/card";
import { hrefOf } from "#core/item-kinds";
import { DirectoryHeader, TOP_RATED_LABEL, TOP_RATED_PARAM, TOP_RATED_VALUE, topRatedOf } from "~/components/list-filters";
import { driverList } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/drivers";
import { minuteOf } from "#server/cache/read-cache";
import { RatingLine } from "~/components/rating";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const filter = parseDriverFilter(params.filter);
  // An unknown filter is an unknown page: the spec's 404, before touching the database.
  if (!filter) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const near = nearFromUrl(url);
  const rounded = roundedNearRedirect(url, near);
  if (rounded) throw rounded;
  const now = new Date();
  const ctx = getRequestContext(context);
  const topRated = topRatedOf(url);
  const origin = near.origin?.position;
  // Issue #33: a "perto de" list is read for this answer alone (no shared read), answered private, no-store.
  const list = origin
    ? await ctx.db.asCaller((tx) => listDriversNear(tx, { origin, page: pageFromUrl(url), filter, topRated, now }))
    : await ctx.db.asVisitor(driverList, {
        filter,
        ...pageRequestFromUrl(url),
        // "disponiveis" compares HH:MM: one minute's answer serves the whole minute.
        availableAt: filter === "disponiveis" ? minuteOf(now) : undefined,
        ...(topRated ? { topRated } : {}),
      });
  const favoriteState = await favoriteStateOf(ctx, list.drivers.map((driver) => driver.id));
  const drivers = list.drivers.map((driver) => ({ ...driver, distance: "distanceM" in driver ? formatDistance(Number(driver.distanceM)) : "" }));
  const nearState = { param: near.param, neighbourhood: near.origin?.neighbourhood ?? null, unreadable: near.sent && !near.origin, neighbourhoods: NEIGHBOURHOODS };
  const payload = { ...list, drivers, favoriteState, filter, topRated, renderedAt: now.toISOString(), near: nearState };
  return data(payload, near.sent ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

export const headers: Route.HeadersFunction = nearHeaders;

const TITLES: Record<DriverFilter, string> = {
  all: "Motoristas e mototáxis",
  disponiveis: "Motoristas disponíveis agora",
  moto: "Mototáxis e motoboys",
  carro: "Motoristas de carro e táxis",
  van: "Vans e transporte escolar",
  frete: "Fretes e mudanças",
};

const EMPTY: Record<DriverFilter, string> = {
  all: "Nenhum motorista cadastrado ainda.",
  disponiveis: "Nenhum motorista disponível agora. Veja a lista completa e os horários de cada um.",
  moto: "Nenhum mototáxi ou motoboy cadastrado.",
  carro: "Nenhum motorista de carro cadastrado.",
  van: "Nenhuma van cadastrada.",
  frete: "Nenhum serviço de frete cadastrado.",
};

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `${TITLES[loaderData.filter]} em Vila Serena · Guida` },
        {
          name: "description",
          content: "Mototáxis, táxis, vans e fretes de Vila Serena: veja quem está disponível agora e chame por telefone ou WhatsApp.",
        },
      ]
    : [{ title: "Página não encontrada · Guida" }];

// Repeat visits within 5 minutes come from the in-memory loader cache (app/lib/loader-cache.ts).
export const clientLoader = (args: Route.ClientLoaderArgs) => cachedClientLoader(args);

const pillClass = (current: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
    current
      ? "border-brand-600 bg-brand-600 text-white"
      : "border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800"
  }`;

export default function Drivers({ loaderData }: Route.ComponentProps) {
  const { drivers, hasMore, filter, topRated, page, renderedAt, near } = loaderData;
  const now = useTownNow(renderedAt);
  // Links, not a form: each filter keeps the others ("Mototáxis" with "4+ estrelas" stays
  // top-rated, and a "perto de" order stays).
  const stars = topRated ? TOP_RATED_VALUE : undefined;
  const href = near.param
    ? (target: number) => listPageHref(`/drivers/${filter}`, { [TOP_RATED_PARAM]: stars, perto: near.param }, target)
    : keysetPageHref(`/drivers/${filter}`, { [TOP_RATED_PARAM]: stars }, page, drivers);
  return (
    <div className="space-y-4">
      <DirectoryHeader title={TITLES[filter]} propose="motorista" />
      <nav aria-label="Filtrar motoristas">
        <ul className="flex flex-wrap gap-2">
          {DRIVER_FILTERS.map((f) => {
            const current = f === filter;
            return (
              <li key={f}>
                <Link to={listPageHref(`/drivers/${f}`, { [TOP_RATED_PARAM]: stars, perto: near.param }, 1)} aria-current={current ? "page" : undefined} className={pillClass(current)}>
                  {DRIVER_FILTER_LABELS[f]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* The chosen note is the current one of its pair ("true"), not another current page: the vehicle filter's
          link names the page (a screen reader heard two "página atual" on /drivers). */}
      <nav aria-label="Filtrar por nota">
        <ul className="flex flex-wrap gap-2">
          {[false, true].map((on) => (
            <li key={String(on)}>
              <Link to={listPageHref(`/drivers/${filter}`, { [TOP_RATED_PARAM]: on ? TOP_RATED_VALUE : undefined, perto: near.param }, 1)} aria-current={on === topRated ? "true" : undefined} className={pillClass(on === topRated)}>
                {on ? TOP_RATED_LABEL : "Todas as notas"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <NearMe path={`/drivers/${filter}`} filters={{ [TOP_RATED_PARAM]: stars }} near={near} />
      <PagedList items={drivers} label="Motoristas" className="space-y-2" empty={topRated ? "Nenhum motorista com nota 4 ou mais nesse filtro." : EMPTY[filter]} page={page} hasMore={hasMore} href={href}>
        {(driver, i) => (
          // The card is the item: the link fills it and the heart sits inside, on its right edge
          // (at 360 px a heart beside the card looked like part of the next row).
          <li className={cardClass("flex items-center gap-1 pr-2")}>
            <Link to={hrefOf("driver", driver.id)} className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-3 hover:bg-stone-100 dark:hover:bg-stone-800">
              <Picture image={driver.photoUrl} alt="" sizes="56px" priority={i < 4} placeholder={driver.name} className="size-14 shrink-0 rounded-full" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold leading-snug">{driver.name}</span>
                <span className="line-clamp-2 text-sm text-stone-600 dark:text-stone-300">
                  {vehicleLine(driver.vehicleKind, driver.vehicleDescription)}
                </span>
                <DistanceLine distance={driver.distance} />
                <RatingLine rating={driver.rating} />
                <span className="mt-1 block">
                  <AvailabilityBadge hours={driver.workingHours} now={now} />
                </span>
              </span>
            </Link>
            <FavoriteButton itemType="driver" itemId={driver.id} label={driver.name} />
          </li>
        )}
      </PagedList>
    </div>
  );
}
