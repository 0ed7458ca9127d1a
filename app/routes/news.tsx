import { Link } from "react-router";
import { FavoriteButton } from "~/components/favorites";
import { cachedClientLoader } from "~/client/cached-client-loader";
import { keysetPageHref, PagedList, pageRequestFromUrl } from "~/components/pagination";
import { Picture } from "~/components/picture";
import { commentCountLabel, formatLongDate } from "#core/format";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { ItemTitle } from "~/components/ui/item-title";
import { newsList } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/news";

export const meta: Route.MetaFunction = () => [
  { title: "Notícias de Vila Serena · Guida" },
  { name: "description", content: "O que está acontecendo em Vila Serena: obras, festas, saúde, esporte e cultura, contado pelos moradores." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const list = await ctx.db.asVisitor(newsList, pageRequestFromUrl(new URL(request.url)));
  return { ...list, favoriteState: await favoriteStateOf(ctx, list.news.map((item) => item.id)) };
}

// Repeat visits within 5 minutes come from the in-memory loader cache (app/lib/loader-cache.ts).
export const clientLoader = (args: Route.ClientLoaderArgs) => cachedClientLoader(args);

export default function News({ loaderData }: Route.ComponentProps) {
  const { news, hasMore, page } = loaderData;
  // The first cover is the page's largest paint: it loads first, not lazily.
  const leadImage = news.findIndex((item) => item.coverImage);
  const href = keysetPageHref("/news", {}, page, news);
  return (
    <div className="space-y-4">
      <PageHeader title="Notícias">
        <Link to="/create-news" className={buttonClass("primary", "sm")}>
          Publicar notícia
        </Link>
      </PageHeader>
      <PagedList
        items={news}
        label="Notícias"
        className="space-y-4"
        empty="Nenhuma notícia publicada ainda."
        emptyLater="Não há mais notícias."
        page={page}
        hasMore={hasMore}
        href={href}
      >
        {(item, i) => (
          <li>
            <article className={cardClass("overflow-hidden")}>
              <Picture
                image={item.coverImage}
                alt=""
                sizes="(min-width: 768px) 736px, calc(100vw - 2rem)"
                priority={i === leadImage}
                fetchPriority={i === leadImage ? "high" : undefined}
                placeholder={item.title}
                className="aspect-video w-full"
              />
              <div className="space-y-1 p-3">
                <div className="flex items-start justify-between gap-2">
                  <ItemTitle kind="news" id={item.id} title={item.title} className="min-w-0 text-lg font-semibold leading-snug" />
                  <FavoriteButton itemType="news" itemId={item.id} label={item.title} />
                </div>
                <p className="text-xs text-stone-500 dark:text-stone-400">
                  <time dateTime={new Date(item.createdAt).toISOString()}>{formatLongDate(item.createdAt)}</time>
                  {item.commentCount ? (
                    <>
                      {" · "}
                      <Link to={`/news/${item.id}#comentarios`} className="underline">
                        {commentCountLabel(item.commentCount)}
                      </Link>
                    </>
                  ) : null}
                </p>
                {item.summary ? <p className="text-sm text-stone-700 dark:text-stone-300">{item.summary}</p> : null}
              </div>
            </article>
          </li>
        )}
      </PagedList>
    </div>
  );
}
