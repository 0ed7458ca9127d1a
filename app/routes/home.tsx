import { Picture } from "~/components/picture";
import { formatCount, formatShortDate } from "~/lib/format";
import { asRequestUser } from "../../server/request";
import { getLatestNews, getNewestBusinesses, getTownCounts } from "../../server/models/town";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Guida · O guia da comunidade de Vila Serena" },
  {
    name: "description",
    content: "Negócios abertos agora, serviços, mototáxis, classificados, enquetes e notícias de Vila Serena.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  return asRequestUser(request, async (tx) => ({
    counts: await getTownCounts(tx),
    news: await getLatestNews(tx, 3),
    businesses: await getNewestBusinesses(tx, 6),
  }));
}

const COUNT_LABELS = [
  ["businesses", "negócios"],
  ["services", "serviços"],
  ["drivers", "motoristas"],
  ["sellItems", "itens à venda"],
  ["posts", "posts"],
  ["news", "notícias"],
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { counts, news, businesses } = loaderData;
  return (
    <div className="space-y-8">
      <section>
        <h1 className="text-2xl font-bold">Bem-vindo a Vila Serena</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-300">
          O guia da comunidade: {formatCount(counts.users)} moradores já participam.
        </p>
        <ul className="mt-4 grid grid-cols-3 gap-2" aria-label="A cidade em números">
          {COUNT_LABELS.map(([key, label]) => (
            <li key={key} className="rounded-xl bg-white p-3 text-center shadow-sm dark:bg-stone-900">
              <span className="block text-xl font-bold text-brand-600 dark:text-brand-100">{formatCount(counts[key])}</span>
              <span className="text-xs text-stone-600 dark:text-stone-300">{label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ultimas-noticias">
        <h2 id="ultimas-noticias" className="text-lg font-semibold">Últimas notícias</h2>
        {news.length === 0 ? (
          <p className="mt-2 text-stone-600 dark:text-stone-300">Nenhuma notícia publicada ainda.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {news.map((item, i) => (
              <li key={item.id} className="flex gap-3 rounded-xl bg-white p-3 shadow-sm dark:bg-stone-900">
                <Picture image={item.coverImage} alt="" sizes="112px" priority={i === 0} className="h-16 w-28 shrink-0 rounded-lg" />
                <div className="min-w-0">
                  <h3 className="font-semibold leading-snug">{item.title}</h3>
                  <p className="text-xs text-stone-500 dark:text-stone-400">{formatShortDate(item.createdAt)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="negocios-recentes">
        <h2 id="negocios-recentes" className="text-lg font-semibold">Negócios da cidade</h2>
        {businesses.length === 0 ? (
          <p className="mt-2 text-stone-600 dark:text-stone-300">Nenhum negócio cadastrado ainda.</p>
        ) : (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {businesses.map((business) => (
              <li key={business.id} className="flex items-center gap-2 rounded-xl bg-white p-2 shadow-sm dark:bg-stone-900">
                <Picture image={business.logoUrl} alt="" sizes="40px" className="size-10 shrink-0 rounded-full" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">{business.name}</p>
                  <p className="truncate text-xs text-stone-500 dark:text-stone-400">{business.category}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
