import { formatDistance } from "#core/near";
import { NEIGHBOURHOODS, nearestNeighbourhood, TOWN_CENTRE } from "#core/town-map";
import { hrefOf } from "#core/item-kinds";
import { VEHICLE_KINDS, VEHICLE_LABELS } from "#core/drivers";
import { getEnv } from "#server/env";
import { listBusinessCategories } from "#server/models/businesses";
import { listServiceCategories } from "#server/models/services";
import { listMapPins, MAP_KINDS, type MapKind } from "#server/models/map";
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM, STAND_IN_ATTRIBUTION, STAND_IN_TILE_URL } from "#server/web/map-tiles";
import { getRequestContext } from "#server/toolkit/request-context";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { textLinkClass } from "~/components/ui/text-link";
import { useHydrated } from "~/hooks/use-hydrated";
import type { MapMarker, MapTiles, MountedMap } from "~/client/leaflet-map";
import { PageHeader } from "~/components/ui/page-header";
import { cardClass } from "~/components/ui/card";
import type { Route } from "./+types/map";

export const meta: Route.MetaFunction = () => [
  { title: "Mapa de Vila Serena · Guida" },
  { name: "description", content: "Negócios, serviços e motoristas de Vila Serena no mapa, com quem está aberto agora." },
];

const KIND_OF_ROW = { negocios: "business", servicos: "service", motoristas: "driver" } as const;

/**
 * /mapa (issue #33): the town's listings with a position, as markers (with JavaScript) and as a
 * list grouped by neighbourhood with each one's distance from the town centre (always; it is the
 * whole page without JavaScript). Filters by kind, category and "aberto agora" in a GET form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kindParam = url.searchParams.get("tipo") ?? "";
  const kind = (MAP_KINDS as readonly string[]).includes(kindParam) ? (kindParam as MapKind) : null;
  const category = url.searchParams.get("categoria")?.slice(0, 60) || undefined;
  const openNow = url.searchParams.get("aberto") === "1";
  const ctx = getRequestContext(context);
  const { pins, businessCategories, serviceCategories } = await ctx.db.asCaller(async (tx) => ({
    pins: await listMapPins(tx, { kinds: kind ? [kind] : MAP_KINDS, category, openNow, now: new Date() }),
    businessCategories: await listBusinessCategories(tx),
    serviceCategories: await listServiceCategories(tx),
  }));
  const shown: ShownPin[] = pins.map((p) => ({
    key: `${p.kind}:${p.id}`,
    name: p.name,
    category: p.kind === "motoristas" ? (VEHICLE_LABELS[p.category as keyof typeof VEHICLE_LABELS] ?? p.category) : p.category,
    href: hrefOf(KIND_OF_ROW[p.kind], p.id),
    latitude: p.latitude,
    longitude: p.longitude,
    state: p.open === null ? "none" : p.open ? "open" : "closed",
    distance: formatDistance(p.distanceM),
    neighbourhood: nearestNeighbourhood(p),
  }));
  const env = getEnv();
  const tiles = env.MAP_TILE_URL
    ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION, minZoom: MIN_TILE_ZOOM, maxZoom: 19 }
    : { url: STAND_IN_TILE_URL, attribution: STAND_IN_ATTRIBUTION, minZoom: MIN_TILE_ZOOM, maxZoom: MAX_TILE_ZOOM };
  const categories = [
    { label: "Negócios", options: businessCategories.map((c) => ({ value: c.category, label: c.category })) },
    { label: "Serviços", options: serviceCategories.map((c) => ({ value: c.category, label: c.category })) },
    { label: "Motoristas", options: VEHICLE_KINDS.map((k) => ({ value: k, label: VEHICLE_LABELS[k] })) },
  ];
  // Grouped here: the page's own script then needs no town-map code (every import is a line of the route manifest).
  const groups = NEIGHBOURHOODS.map((name) => ({ name, pins: shown.filter((p) => p.neighbourhood === name) })).filter((g) => g.pins.length > 0);
  return { groups, tiles, categories, kind: kind ?? "", category: category ?? "", openNow, centre: [TOWN_CENTRE.latitude, TOWN_CENTRE.longitude] as [number, number] };
}

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { groups, tiles, categories, kind, category, openNow, centre } = loaderData;
  const pins = useMemo(() => groups.flatMap((g) => g.pins), [groups]);
  return (
    <div className="space-y-4">
      <PageHeader title="Mapa" />
      <MapFilters categories={categories} kind={kind} category={category} openNow={openNow} />
      <TownMap pins={pins} tiles={tiles} centre={centre} />
      <section aria-labelledby="map-list" className="space-y-3">
        <h2 id="map-list" className="text-lg font-semibold">
          Lista por bairro
        </h2>
        {groups.length === 0 ? <p className="text-stone-600 dark:text-stone-300">Nada no mapa com esse filtro.</p> : null}
        {groups.map((group) => (
          <section key={group.name} aria-label={group.name} className="space-y-2">
            <h3 className="font-semibold">{group.name}</h3>
            <ul className="space-y-2">
              {group.pins.map((pin) => (
                <li key={pin.key}>
                  <Link to={pin.href} className={cardClass("block p-3", { interactive: true })}>
                    <span className="block font-semibold">{pin.name}</span>
                    <span className="block text-sm text-stone-600 dark:text-stone-300">
                      {pin.category} · {PIN_STATE_TEXT[pin.state]} · {pin.distance} do centro
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}

/** A pin as /mapa's loader sends it: the marker, its card and its line in the list. */
type ShownPin = MapMarker & { href: string; category: string; distance: string; neighbourhood: string };

const PIN_STATE_TEXT: Record<MapMarker["state"], string> = { open: "Aberto agora", closed: "Fechado agora", none: "Sem horário" };

const KIND_OPTIONS = [
  { value: "", label: "Tudo" },
  { value: "negocios", label: "Negócios" },
  { value: "servicos", label: "Serviços" },
  { value: "motoristas", label: "Motoristas" },
];
const inputClass = "mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base dark:border-stone-700 dark:bg-stone-900";

/** The map's filters, a plain GET form (the same with and without JavaScript). */
function MapFilters(props: {
  categories: { label: string; options: { value: string; label: string }[] }[];
  kind: string;
  category: string;
  openNow: boolean;
}) {
  return (
    <Form method="get" action="/mapa" className="grid grid-cols-2 items-end gap-2" aria-label="Filtrar o mapa">
      <label className="block text-sm font-medium">
        Tipo
        <select name="tipo" defaultValue={props.kind} className={inputClass}>
          {KIND_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Categoria
        <select name="categoria" defaultValue={props.category} className={inputClass}>
          <option value="">Todas</option>
          {props.categories.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((o) => (
                <option key={`${group.label}:${o.value}`} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="aberto" value="1" defaultChecked={props.openNow} className="size-5" />
        Aberto agora
      </label>
      <Button type="submit" variant="primary" size="md">
        Filtrar
      </Button>
    </Form>
  );
}

const DOT = { open: "bg-green-700", closed: "bg-red-700", none: "bg-blue-700" } as const;

/**
 * The map itself, only once the page is hydrated: Leaflet arrives in its own chunk (no other
 * page downloads it) and draws the pins; a tap on one shows its card under the map. Without
 * JavaScript nothing is drawn here and the list below is the page.
 */
function TownMap({ pins, tiles, centre }: { pins: ShownPin[]; tiles: MapTiles; centre: [number, number] }) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MountedMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!hydrated || !element) return;
    let cancelled = false;
    let mounted: MountedMap | null = null;
    import("~/client/leaflet-map")
      .then(({ mountMap }) => {
        if (cancelled) return;
        mounted = mountMap(element, { centre, tiles, onSelect: setSelected });
        setMap(mounted);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      mounted?.remove();
    };
    // The map is made once; new pins go through show() below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
  useEffect(() => {
    map?.show(pins);
    setSelected(null);
  }, [map, pins]);
  if (!hydrated) return null;
  const pin = selected ? pins.find((p) => p.key === selected) : undefined;
  return (
    <section aria-label="Mapa da cidade" className="space-y-2">
      <div ref={box} className="h-[60vh] min-h-80 w-full overflow-hidden rounded-xl border border-stone-300 dark:border-stone-700" data-testid="town-map" />
      {failed ? <p role="alert">Não foi possível abrir o mapa agora. A lista abaixo tem os mesmos lugares.</p> : null}
      <p className="flex flex-wrap gap-3 text-sm" aria-label="Legenda">
        {(["open", "closed", "none"] as const).map((state) => (
          <span key={state} className="flex items-center gap-1">
            <span aria-hidden className={`inline-block size-3 rounded-full ${DOT[state]}`} />
            {PIN_STATE_TEXT[state]}
          </span>
        ))}
      </p>
      {pin ? (
        <div role="region" aria-label={pin.name} className="rounded-xl border border-stone-300 bg-white p-3 shadow dark:border-stone-700 dark:bg-stone-900">
          <p className="font-semibold">{pin.name}</p>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {pin.category} · {PIN_STATE_TEXT[pin.state]} · {pin.neighbourhood}
          </p>
          <div className="mt-2 flex items-center justify-between gap-2">
            <Link to={pin.href} className={textLinkClass()}>
              Ver página
            </Link>
            <button type="button" className="min-h-11 px-2 text-sm underline" onClick={() => setSelected(null)}>
              Fechar
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
