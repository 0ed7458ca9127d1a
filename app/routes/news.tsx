import { Link } from "react-router";
import { cachedClientLoader } from "~/client/loader-cache";
import { Pagination, pageFromUrl } from "~/components/pagination";
import { Picture } from "~/components/picture";
import { formatLongDate } from "~/lib/format";
import { newsList } from "../../server/reads";
import { getRequestContext } from "../../server/request-context";
import type { Route } from "./+types/news";

export const meta: Route.MetaFunction = () => [
  { title: "Notícias de Vila Serena · Guida" },
  { name: "description", content: "O que está acontecendo em Vila Serena: obras, festas, saúde, esporte e cultura, contado pelos moradores." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(new URL(request.url));
  const list = await getRequestContext(context).db.asVisitor(newsList, { page });
  return { ...list, page };
}

// Repeat visits within 5 minutes come from the in-memory loader cache (app/lib/loader-cache.ts).
export const clientLoader = (args: Route.ClientLoaderArgs) => cachedClientLoader(args);

export default function News({ loaderData }: Route.ComponentProps) {
  const { news, hasMore, page } = loaderData;
  const href = (n: number) => (n > 1 ? `/news?pagina=${n}` : "/news");
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Notícias</h1>
        <Link
          to="/create-news"
          className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Publicar notícia
        </Link>
      </div>
      {news.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-stone-600 shadow-sm dark:bg-stone-900 dark:text-stone-300">
          {page > 1 ? "Não há mais notícias." : "Nenhuma notícia publicada ainda."}
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Notícias">
          {news.map((item, i) => (
            <li key={item.id}>
              <article className="overflow-hidden rounded-xl bg-white shadow-sm dark:bg-stone-900">
                <Picture
                  image={item.coverImage}
                  alt=""
                  sizes="(min-width: 768px) 736px, calc(100vw - 2rem)"
                  priority={i === 0}
                  className="aspect-video w-full"
                />
                <div className="space-y-1 p-3">
                  <h2 className="text-lg font-semibold leading-snug">
                    <Link to={`/news/${item.id}`} className="hover:underline">
                      {item.title}
                    </Link>
                  </h2>
                  <p className="text-xs text-stone-500 dark:text-stone-400">
                    <time dateTime={new Date(item.createdAt).toISOString()}>{formatLongDate(item.createdAt)}</time>
                  </p>
                  {item.summary ? <p className="text-sm text-stone-700 dark:text-stone-300">{item.summary}</p> : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} hasMore={hasMore} href={href} />
    </div>
  );
}
