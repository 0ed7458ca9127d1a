import type { ReactNode } from "react";
import { Link } from "react-router";
import { DutyCard } from "~/components/duty-card";
import { OpenBadge } from "~/components/open-badge";
import { Picture } from "~/components/picture";
import { VEHICLE_LABELS } from "#core/drivers";
import { formatBRL, formatShortDate } from "#core/format";
import { hrefOf, type ItemKind } from "#core/item-kinds";
import { KindIcon } from "~/components/ui/kind-icon";
import { useTownNow } from "~/hooks/use-town-now";
import { cardClass } from "~/components/ui/card";
import { homeOverview } from "#server/cache/reads";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/home";
import { minuteOf } from "#server/cache/read-cache";

export const meta: Route.MetaFunction = () => [
  { title: "Guida · O guia da comunidade de Vila Serena" },
  {
    name: "description",
    content: "Negócios abertos agora, serviços, mototáxis, classificados, enquetes e notícias de Vila Serena.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const minute = minuteOf(now);
  const overview = await getRequestContext(context).db.asVisitor(homeOverview, { minute });
  return { ...overview, renderedAt: now.toISOString() };
}

/**
 * One of home's sections: its kind's icon and title, "Ver todos", then the list, or the
 * sentence it says while there is nothing to show.
 */
function Section(props: { id: string; kind: ItemKind; title: string; more: { to: string; label: string }; empty: string | false; children: ReactNode }) {
  const { id, kind, title, more, empty, children } = props;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          <KindIcon kind={kind} size={20} className="self-center text-brand-700 dark:text-brand-100" />
          {title}
        </h2>
        <Link to={more.to} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          {more.label}
        </Link>
      </div>
      {empty ? <p className="text-sm text-stone-600 dark:text-stone-300">{empty}</p> : children}
    </section>
  );
}

type HomeDriver = Route.ComponentProps["loaderData"]["drivers"][number];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { openBusinesses, openBusinessCount, townHolidays, dutyNow, sellItems, news, posts, drivers, renderedAt } = loaderData;
  const now = useTownNow(renderedAt);
  // The page's first listing image (its largest paint) is fetched first: the first open
  // business's logo, or the first available driver's photo when no business is open.
  const lead = openBusinesses.length > 0 ? "business" : drivers.length > 0 ? "driver" : "sell-item";
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Bem-vindo a Vila Serena</h1>
        <p className="text-stone-600 dark:text-stone-300">O que está acontecendo na cidade agora.</p>
        <p className="mt-2 text-sm">
          <Link to="/agenda" className="font-semibold text-brand-700 underline dark:text-brand-100">
            Agenda da cidade
          </Link>
          : festas, feiras e o que acontece neste fim de semana.
        </p>
      </div>

      <Section id="abertos-agora" kind="business" title={`Abertos agora (${openBusinessCount})`} more={{ to: "/businesses?aberto=1", label: "Ver todos" }} empty={openBusinesses.length === 0 && "Nenhum negócio aberto neste momento."}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {openBusinesses.map((b, i) => (
            <li key={b.id}>
              <Link to={hrefOf("business", b.id)} className={cardClass("flex h-full flex-col gap-2 p-3", { interactive: true })}>
                {/* The name has the card's whole width: beside the logo, at 360 px, a word as long
                    as "Churrascaria" (~95 px) was broken in the middle to fit the ~88 px left. */}
                <span className="line-clamp-2 break-words text-sm font-semibold leading-tight">{b.name}</span>
                <span className="flex items-center gap-2">
                  <Picture image={b.logoUrl} alt="" sizes="40px" priority={i < 2} fetchPriority={lead === "business" && i === 0 ? "high" : undefined} placeholder={b.name} className="size-10 shrink-0 rounded-lg" />
                  <span className="min-w-0 truncate text-xs text-stone-600 dark:text-stone-300">{b.category}</span>
                </span>
                <OpenBadge hours={b.openingHours} now={now} calendar={{ ...b, townHolidays }} />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="farmacia-de-plantao" kind="business" title="Farmácia de plantão" more={{ to: "/farmacias-de-plantao", label: "Ver o rodízio" }} empty={dutyNow.length === 0 && "Nenhuma farmácia de plantão neste momento."}>
        <div className="space-y-2">
          {dutyNow.map((turn) => (
            <DutyCard key={turn.id} turn={turn} now={now} />
          ))}
        </div>
      </Section>

      <AvailableDrivers drivers={drivers} lead={lead === "driver"} />

      <Section id="a-venda" kind="sell_item" title="Novidades à venda" more={{ to: "/sell-items", label: "Ver todos" }} empty={sellItems.length === 0 && "Nenhum item à venda ainda."}>
        <ul className="grid grid-cols-2 gap-2">
          {sellItems.map((item, i) => (
            <li key={item.id} className={cardClass("overflow-hidden")}>
              <Link to={hrefOf("sell_item", item.id)} className="block hover:bg-stone-100 dark:hover:bg-stone-800">
                <Picture
                  image={item.image}
                  alt=""
                  sizes="(min-width: 768px) 384px, 50vw"
                  fetchPriority={lead === "sell-item" && i === 0 ? "high" : undefined}
                  placeholder={item.title}
                  className="aspect-[4/3] w-full"
                />
                <div className="p-2">
                  <p className="truncate text-sm font-semibold">{item.title}</p>
                  <p className="text-sm font-bold text-brand-700 dark:text-brand-100">{formatBRL(item.price)}</p>
                  <p className="truncate text-xs text-stone-600 dark:text-stone-300">{item.location}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="ultimas-noticias" kind="news" title="Últimas notícias" more={{ to: "/news", label: "Ver todas" }} empty={news.length === 0 && "Nenhuma notícia publicada ainda."}>
        <ul className="space-y-2">
          {news.map((item) => (
            <li key={item.id}>
              <Link to={hrefOf("news", item.id)} className={cardClass("flex gap-3 p-3", { interactive: true })}>
                <Picture image={item.coverImage} alt="" sizes="112px" placeholder={item.title} className="h-16 w-28 shrink-0 rounded-lg" />
                <span className="min-w-0">
                  <span className="line-clamp-2 font-semibold leading-snug">{item.title}</span>
                  <span className="text-xs text-stone-500 dark:text-stone-400">{formatShortDate(item.createdAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="ultimos-posts" kind="post" title="Da comunidade" more={{ to: "/posts", label: "Ver todos" }} empty={posts.length === 0 && "Ninguém postou ainda."}>
        <ul className="space-y-2">
          {posts.map((post) => (
            <li key={post.id} className={cardClass("p-3")}>
              <Link to={hrefOf("post", post.id)} className="line-clamp-3 text-sm hover:underline">
                {post.content}
              </Link>
              <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">
                <Link to={`/u/${post.authorUsername}`} className="underline">
                  {post.authorName}
                </Link>{" "}
                · {formatShortDate(post.createdAt)}
                {post.hasPoll ? " · enquete" : ""}
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

/** Home's available drivers: each card names the driver in full (two lines at most), not a first word. */
function AvailableDrivers({ drivers, lead }: { drivers: HomeDriver[]; lead: boolean }) {
  return (
    <Section id="motoristas-agora" kind="driver" title="Motoristas disponíveis" more={{ to: "/drivers/disponiveis", label: "Ver todos" }} empty={drivers.length === 0 && "Nenhum motorista disponível agora."}>
      <ul className="flex gap-3 overflow-x-auto pb-1">
        {drivers.map((d, i) => (
          <li key={d.id} className="shrink-0">
            <Link to={hrefOf("driver", d.id)} className={cardClass("flex w-28 flex-col items-center gap-1 p-3 text-center", { interactive: true })}>
              <Picture
                image={d.photoUrl}
                alt=""
                sizes="56px"
                fetchPriority={lead && i === 0 ? "high" : undefined}
                placeholder={d.name}
                className="size-14 rounded-full"
              />
              <span className="line-clamp-2 w-full break-words text-sm font-semibold leading-tight">{d.name}</span>
              <span className="text-xs text-stone-600 dark:text-stone-300">{VEHICLE_LABELS[d.vehicleKind]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
