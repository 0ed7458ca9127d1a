import { Link, data, useNavigation } from "react-router";
import { ReportLink } from "~/components/report-link";
import { FavoriteButton } from "~/components/favorites";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { Picture } from "~/components/picture";
import { useCurrentUser } from "~/components/user-context";
import { whatsAppShareHref } from "~/lib/contact-links";
import { formatLongDate } from "#core/format";
import { refusalOf } from "#core/refused";
import { buttonClass } from "~/components/ui/button";
import { intentOf, redirectWithFlash, replyRefused, signedInAction } from "#server/toolkit/action";
import { deleteNews } from "#server/models/news";
import { publicOrigin } from "#server/web/origin";
import { newsArticle } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import { discard } from "#server/images/upload-service";
import { commentAction } from "./+shared/comments.server";
import { commentsFor, editableOf } from "./+shared/comments-loader.server";
import { CommentsSection } from "~/components/comments";
import type { Route } from "./+types/news-detail";
import { textLinkClass } from "~/components/ui/text-link";
import { shareMeta } from "~/lib/share-meta";
import { canonicalOrigin } from "#server/web/origin";
import type { MetaDescriptor } from "react-router";
import type { NewsArticle } from "#server/models/news";
import { breadcrumbJsonLd, newsJsonLd } from "~/lib/structured-data";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const article = await ctx.db.asVisitor(newsArticle, { id: params.id });
  if (!article) throw data(null, { status: 404 });
  // Issue #30: a visitor's thread comes from the shared cache; a resident's is read with their claims.
  const user = await ctx.user();
  const comments = user ? await ctx.db.asCaller((tx) => commentsFor(ctx, request, article.id, tx)) : await commentsFor(ctx, request, article.id);
  return {
    article,
    comments,
    editable: editableOf(comments.comments, user?.id ?? null),
    favoriteState: await favoriteStateOf(ctx, [article.id]),
    pageUrl: `${publicOrigin()}/news/${article.id}`,
    head: headOf(article, canonicalOrigin()),
  };
}

/**
 * POST intent=delete: only the author deletes an article — a clear 403 for anyone else
 * here, RLS underneath. 303 to /news with "Notícia excluída.". The comment intents
 * (comment, edit-comment, delete-comment) are commentAction's.
 */
export const action = signedInAction(async ({ request, params }: Route.ActionArgs, { ctx, user, form }) => {
  const intent = intentOf(form);
  if (intent !== "delete") return commentAction(request, { ctx, user, form }, { kind: "news", id: params.id });
  const outcome = await ctx.db.asCaller((tx) => deleteNews(tx, user.id, params.id));
  if (outcome.status === "not_found") return replyRefused(404, "Notícia não encontrada.", { intent });
  if (outcome.status === "forbidden") return replyRefused(403, "Só quem publicou a notícia pode excluí-la.", { intent });
  await discard(outcome.coverImage);
  return redirectWithFlash(request, "/news", "Notícia excluída.");
});

/** What the page's head says to link previews and search engines (issue #31), made here on the server. */
function headOf(article: NewsArticle, origin: string | null) {
  const path = `/news/${article.id}`;
  return shareMeta(
    {
      title: `${article.title} · Notícias de Vila Serena · Guida`,
      headline: article.title,
      description: article.summary || article.content,
      path,
      card: `/og/news/${article.id}`,
      cardAlt: article.title,
      type: "article",
      structuredData: [
        newsJsonLd(article, origin),
        breadcrumbJsonLd(origin, [{ name: "Notícias", path: "/news" }, { name: article.title, path }]),
      ].filter((entry) => entry !== null),
    },
    origin,
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? (loaderData.head as MetaDescriptor[]) : [{ title: "Notícia não encontrada · Guida" }]);

/**
 * The body is plain text written by residents: paragraphs are separated by blank lines and
 * each one becomes a React text node, so any markup in it shows as text, never as HTML.
 */
function paragraphs(content: string): string[] {
  return content
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export default function NewsDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { article, pageUrl, comments, editable } = loaderData;
  const published = new Date(article.createdAt);
  const user = useCurrentUser();
  const busy = useNavigation().state === "submitting";
  return (
    <article className="space-y-4">
      {/* Residents' articles may have no cover: no empty box then. */}
      {article.coverImage ? (
        <div className="-mx-4 -mt-4">
          <Picture image={article.coverImage} alt="" sizes="(min-width: 768px) 768px, 100vw" priority className="aspect-video w-full" />
        </div>
      ) : null}
      <header className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold leading-tight">{article.title}</h1>
          <FavoriteButton itemType="news" itemId={article.id} label={article.title} />
        </div>
        {article.summary ? <p className="text-lg text-stone-700 dark:text-stone-300">{article.summary}</p> : null}
        <div className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-300">
          <Picture image={article.author.avatarUrl} alt="" sizes="32px" placeholder={article.author.fullName} className="size-8 shrink-0 rounded-full" />
          <p>
            Por{" "}
            <Link to={`/u/${article.author.username}`} className="font-semibold underline">
              {article.author.fullName}
            </Link>
            {" · "}
            <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
          </p>
        </div>
      </header>
      <div className="space-y-4 leading-relaxed">
        {paragraphs(article.content).map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <a
        href={whatsAppShareHref(`${article.title} — ${pageUrl}`)}
        className={buttonClass("whatsapp", "md", "w-full")}
        rel="noopener noreferrer"
        target="_blank"
      >
        Compartilhar no WhatsApp
      </a>
      {refusalOf(actionData, "delete") ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {refusalOf(actionData, "delete")}
        </p>
      ) : null}
      {user?.id === article.author.id ? (
        <DeleteConfirmation label="Excluir notícia" warning="A notícia será apagada para sempre." busy={busy} />
      ) : null}
      <p>
        <Link to="/news" className={textLinkClass()}>
          ← Todas as notícias
        </Link>
      </p>
      {user?.id === article.author.id ? null : <ReportLink kind="news" id={article.id} label={article.title} />}
      <CommentsSection kind="news" itemPath={`/news/${article.id}`} count={article.commentCount} thread={comments} editable={editable} actionData={actionData} />
    </article>
  );
}
