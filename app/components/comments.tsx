import { Link } from "react-router";
import { useNewest, useWatched, type LiveThread } from "~/components/live";
import { Picture } from "~/components/picture";
import { keysetPageHref, Pagination } from "~/components/pagination";
import { HiddenNotice, ReportLink } from "~/components/report-link";
import { useCurrentUser } from "~/components/user-context";
import { commentAnchor, commentFormKey } from "~/lib/comments";
import { commentCountLabel, formatLongDate, formatShortDate } from "#core/format";
import type { Refused } from "#core/refused";
import { buttonClass } from "~/components/ui/button";
import { CommentForm, Errors, messagesOf, type CommentFormProps } from "./comment-forms";

/** A comment as the page's loader sends it (server/models/comments.ts reads it). */
type Comment = {
  id: string;
  parentId: string | null;
  author: { id: string; username: string; fullName: string; avatarUrl: string | null };
  body: string;
  createdAt: Date | string;
  editedAt: Date | string | null;
  deletedAt: Date | string | null;
  moderationState: string;
};

export type CommentsProps = {
  kind: "post" | "news";
  itemPath: string;
  count: number;
  thread: { comments: (Comment & { replies: Comment[] })[]; hasMore: boolean; page: number };
  /** The viewer's comments whose edit window was open when the page was made. */
  editable: readonly string[];
  /** The page's action answer: a plain form post's refusal, shown by the form it came from. */
  actionData: unknown;
};

type Shared = Pick<CommentsProps, "itemPath" | "editable"> & { refusalFor: (key: string) => Refused | null };

/** "Responder", "Editar", "Excluir": a comment's form behind its summary, open again when the page answers it with a refusal. */
function Disclosure({ summary, shared, ...form }: { summary: string; shared: Shared } & Omit<CommentFormProps, "action" | "refused">) {
  const refused = shared.refusalFor(form.formKey);
  return (
    <details className="group text-sm" open={refused !== null}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline dark:text-brand-100">{summary}</summary>
      <CommentForm action={shared.itemPath} refused={refused} {...form} />
    </details>
  );
}

/**
 * A post's or an article's comments: the thread (oldest first, 20 per page), and the form.
 * Part of the page's own chunk, hydrated with it. It was once a lazy chunk of its own: a tap on
 * "Responder" or "Publicar comentário" before that chunk arrived made React give up the
 * server's HTML of the section (a discrete event into a boundary still suspended), so the
 * comments vanished and came back closed and empty (tests/e2e/comments.spec.ts).
 */
export function CommentsSection({ kind, itemPath, count, thread, editable, actionData }: CommentsProps) {
  const user = useCurrentUser();
  const refused = actionData && typeof actionData === "object" && "result" in actionData ? (actionData as Refused) : null;
  const refusalFor = (key: string) => {
    const sent = refused?.result?.initialValue as Record<string, unknown> | undefined;
    return refused && sent?.form === key ? refused : null;
  };
  const shared: Shared = { itemPath, editable, refusalFor };
  // A refusal no form of the page claims (a hand-made post: no `form`, an unknown intent) is said here.
  const sent = refused?.result?.initialValue as Record<string, unknown> | undefined;
  const orphan = refused && !sent?.form && refused.intent !== "vote" && refused.intent !== "delete" ? messagesOf(refused) : [];
  const href = keysetPageHref(itemPath, {}, thread.page, thread.comments);
  // Live (issue #30): the stream's count once someone comments while the page is open (JS only).
  const live = useWatched<LiveThread>(`c:${kind}:${itemPath.split("/").pop()}`);
  const shown = useNewest(count, live ? { seq: live.seq, value: live.value.count } : null);
  const newest = shown > count ? live?.value.newest : null;
  return (
    <section id="comentarios" aria-labelledby="comentarios-titulo" className="scroll-mt-20 space-y-4">
      <h2 id="comentarios-titulo" className="text-lg font-semibold">
        Comentários {shown ? <span className="font-normal text-stone-600 dark:text-stone-300">({commentCountLabel(shown)})</span> : null}
      </h2>
      {/* Always there (empty until someone comments) so screen readers announce the link appearing. */}
      <p role="status" className="empty:hidden">
        {newest ? (
          <Link to={`${itemPath}?comentario=${newest}#${commentAnchor(newest)}`} className={buttonClass("primary", "sm")}>
            {shown - count === 1 ? "1 novo comentário" : `${shown - count} novos comentários`}
          </Link>
        ) : null}
      </p>
      <Errors id="comentarios-erro" messages={orphan} />
      {thread.comments.length === 0 && thread.page === 1 ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">Ninguém comentou ainda.</p>
      ) : (
        <ol className="space-y-3" aria-label="Comentários">
          {thread.comments.map((comment) => (
            <li key={comment.id}>
              <CommentView comment={comment} shared={shared} />
              {comment.replies.length ? (
                <ol className="mt-2 space-y-2 border-l-2 border-stone-200 pl-3 dark:border-stone-700" aria-label="Respostas">
                  {comment.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentView comment={reply} shared={shared} />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={thread.page} hasMore={thread.hasMore} href={(target) => `${href(target)}#comentarios`} />
      {user ? (
        <CommentForm
            action={itemPath}
            intent="comment"
            formKey={commentFormKey("comment")}
            fields={{}}
            refused={refusalFor(commentFormKey("comment"))}
            label={kind === "post" ? "Comentar este post" : "Comentar esta notícia"}
            submitLabel="Publicar comentário"
          />
      ) : (
        <p className="text-sm">
          <Link to={`/login?redirectTo=${encodeURIComponent(`${itemPath}#comentarios`)}`} className="font-semibold underline">
            Entre na sua conta
          </Link>{" "}
          para comentar.
        </p>
      )}
    </section>
  );
}

/** One comment: who, when, the text (or "comentário removido"), and what the viewer may do with it. */
function CommentView({ comment, shared }: { comment: Comment; shared: Shared }) {
  const user = useCurrentUser();
  const created = new Date(comment.createdAt);
  const removed = comment.deletedAt !== null;
  const mine = user?.id === comment.author.id;
  const editKey = commentFormKey("edit-comment", comment.id);
  const replyKey = commentFormKey("comment", comment.id);
  const deleteKey = commentFormKey("delete-comment", comment.id);
  return (
    <article id={commentAnchor(comment.id)} className="scroll-mt-20 rounded-xl bg-stone-50 p-3 dark:bg-stone-900" aria-label={`Comentário de ${comment.author.fullName}`}>
      {removed ? (
        <p className="text-sm italic text-stone-500 dark:text-stone-400">comentário removido</p>
      ) : (
        <>
          <header className="flex items-center gap-2 text-sm">
            <Picture image={comment.author.avatarUrl} alt="" sizes="28px" placeholder={comment.author.fullName} className="size-7 shrink-0 rounded-full" />
            <Link to={`/u/${comment.author.username}`} className="font-semibold hover:underline">
              {comment.author.fullName}
            </Link>
            <time dateTime={created.toISOString()} title={formatLongDate(created)} className="text-xs text-stone-500 dark:text-stone-400">
              {formatShortDate(created)}
            </time>
            {comment.editedAt ? <span className="text-xs text-stone-500 dark:text-stone-400">· editado</span> : null}
          </header>
          <HiddenNotice state={comment.moderationState} />
          <p className="mt-1 whitespace-pre-line break-words">{comment.body}</p>
        </>
      )}
      {removed || !user ? null : (
        <div className="mt-1 flex flex-wrap items-start gap-x-4">
          {!comment.parentId ? (
            <Disclosure summary="Responder" shared={shared} intent="comment" formKey={replyKey} fields={{ parentId: comment.id }}
              label={`Responder a ${comment.author.fullName}`} submitLabel="Publicar resposta" />
          ) : null}
          {mine && shared.editable.includes(comment.id) ? (
            <Disclosure summary="Editar" shared={shared} intent="edit-comment" formKey={editKey} fields={{ commentId: comment.id }}
              label="Editar comentário" submitLabel="Salvar" defaultBody={comment.body} />
          ) : null}
          {mine ? (
            <Disclosure summary="Excluir" shared={shared} intent="delete-comment" formKey={deleteKey} fields={{ commentId: comment.id }}
              label={`Excluir comentário de ${formatShortDate(created)}`} />
          ) : null}
          {mine ? null : <ReportLink kind="comment" id={comment.id} label={`comentário de ${comment.author.fullName}`} />}
        </div>
      )}
    </article>
  );
}
