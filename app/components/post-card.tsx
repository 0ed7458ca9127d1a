import { Link } from "react-router";
import { commentCountLabel, formatLongDate, formatShortDate } from "#core/format";
import { cardClass } from "~/components/ui/card";
import { hrefOf } from "#core/item-kinds";
import { FavoriteButton } from "./favorites";
import { Picture } from "./picture";
import { HiddenNotice, ReportLink } from "./report-link";
import { Poll, type PollData } from "./poll";
import { useCurrentUser } from "./user-context";
import { textLinkClass } from "~/components/ui/text-link";

export type PostCardData = {
  id: string;
  content: string;
  imageUrl: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  author: { id: string; username: string; fullName: string; avatarUrl: string | null };
  poll: PollData | null;
  /** "hidden": only its author and moderators get it, marked as hidden (issue #18). */
  moderationState?: string;
  /** Visible comments (issue #30); absent where a card stands for something else (a favorite). */
  commentCount?: number;
};

type PostCardProps = {
  post: PostCardData;
  /** The route that counts votes (see Poll). */
  voteAction: string;
  /** Where a vote without JavaScript returns to. */
  voteRedirect: string;
  voteError?: string | null;
  /** In a list: long texts are cut and lead to the post's own page. */
  preview?: boolean;
  priority?: boolean;
};

// A text this long is cut in lists; the post's page shows it whole.
const PREVIEW_CHARS = 400;

/** One community post: author, text, optional image and poll, favorite, and edit for its author. */
export function PostCard({ post, voteAction, voteRedirect, voteError, preview = false, priority = false }: PostCardProps) {
  const user = useCurrentUser();
  const created = new Date(post.createdAt);
  const long = preview && post.content.length > PREVIEW_CHARS;
  const isAuthor = user?.id === post.author.id;
  return (
    <article id={`post-${post.id}`} className={cardClass("scroll-mt-20 p-4")}>
      <header className="flex items-center gap-3">
        <Picture image={post.author.avatarUrl} alt="" sizes="40px" placeholder={post.author.fullName} className="size-10 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold leading-tight">
            <Link to={`/u/${post.author.username}`} className="inline-flex min-h-6 items-center hover:underline">
              {post.author.fullName}
            </Link>
          </h2>
          <p className="text-xs text-stone-500 dark:text-stone-400">
            <Link to={hrefOf("post", post.id)} className="inline-flex min-h-6 items-center hover:underline">
              <time dateTime={created.toISOString()} title={formatLongDate(created)}>
                {formatShortDate(created)}
              </time>
            </Link>
          </p>
        </div>
        <FavoriteButton itemType="post" itemId={post.id} label={`o post de ${post.author.fullName}`} />
      </header>
      <p className={`mt-3 whitespace-pre-line break-words ${long ? "line-clamp-6" : ""}`}>{post.content}</p>
      {post.imageUrl ? (
        <Picture
          image={post.imageUrl}
          alt={`Imagem do post de ${post.author.fullName}`}
          sizes="(min-width: 768px) 704px, calc(100vw - 4rem)"
          priority={priority}
          fetchPriority={priority ? "high" : undefined}
          className="mt-3 aspect-[4/3] w-full rounded-lg"
        />
      ) : null}
      {post.poll ? <Poll postId={post.id} poll={post.poll} action={voteAction} redirectTo={voteRedirect} error={voteError} /> : null}
      <HiddenNotice state={post.moderationState} />
      <footer className="mt-2 flex flex-wrap items-center gap-x-4">
          <Link to={`${hrefOf("post", post.id)}#comentarios`} className={textLinkClass({ small: true })}>
            {post.commentCount ? commentCountLabel(post.commentCount) : "Comentar"}
          </Link>
          {long ? (
            <Link to={hrefOf("post", post.id)} className={textLinkClass({ small: true })}>
              Ler post completo
            </Link>
          ) : null}
          {isAuthor ? (
            <Link
              to={`/posts/${post.id}/edit`}
              className={textLinkClass({ small: true })}
              aria-label={`Editar post de ${formatShortDate(created)}`}
            >
              Editar
            </Link>
          ) : (
            <ReportLink kind="post" id={post.id} label={`post de ${post.author.fullName}`} />
          )}
      </footer>
    </article>
  );
}
