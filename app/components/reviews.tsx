import { Link } from "react-router";
import { HiddenNotice, ReportLink } from "~/components/report-link";
import { useCurrentUser } from "~/components/user-context";
import { reviewAnchor, reviewFormKey, starsLabel, type Rating } from "~/lib/reviews";
import { formatLongDate, formatShortDate } from "#core/format";
import type { Refused } from "#core/refused";
import { ReviewForm } from "./review-forms";
import type { ListingKind } from "#core/item-kinds";

/** A review as the page's loader sends it (server/models/reviews.ts reads it). */
type Review = {
  id: string;
  author: { id: string; username: string; fullName: string; avatarUrl: string | null };
  stars: number;
  body: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  moderationState: string;
  reply: { body: string; createdAt: Date | string } | null;
};

export type ReviewsProps = {
  kind: ListingKind;
  /** The listing's page, where the forms post. */
  path: string;
  ownerId: string | null;
  rating: Rating;
  /**
   * The average and the count as the page says them ("4,5", "12 avaliações"), written by the
   * loader (reviewSummary): the lists' small rating chunk then stays off the listing's page.
   */
  summary: { average: string | null; count: string };
  reviews: Review[];
  /** The page's action answer: a plain form post's refusal, shown by the form it came from. */
  actionData: unknown;
};

/** "★★★★☆", read aloud as "4 de 5 estrelas". */
function Stars({ stars, className = "" }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={`${stars} de 5 estrelas`} className={`text-amber-600 dark:text-amber-400 ${className}`}>
      {"★".repeat(stars)}
      <span className="text-stone-300 dark:text-stone-600">{"★".repeat(5 - stars)}</span>
    </span>
  );
}

const NOUN = { business: "este negócio", service: "este serviço", driver: "este motorista" } as const;
const summary = "inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline dark:text-brand-100";

/**
 * A listing's reviews: the average, the count and the distribution (kept by the database),
 * the resident's form (a new review, or theirs to edit), the newest reviews with the owner's
 * answers. Part of the page's own chunk (a lazy boundary over server HTML loses taps).
 */
export function ReviewsSection({ kind, path, ownerId, rating, summary: { average, count }, reviews, actionData }: ReviewsProps) {
  const user = useCurrentUser();
  const refused = actionData && typeof actionData === "object" && "result" in actionData ? (actionData as Refused) : null;
  const refusalFor = (key: string) => ((refused?.result?.initialValue as Record<string, unknown> | undefined)?.form === key ? refused : null);
  const mine = user ? reviews.find((r) => r.author.id === user.id) : undefined;
  const writes = user !== null && user.id !== ownerId && !mine;
  // A refusal no form on the page claims (a hand-made post; a second review sent from another
  // tab, whose form this page no longer shows) is said at the top of the section.
  const claimed = new Set([
    ...(writes ? [reviewFormKey("review")] : []),
    ...(mine ? [reviewFormKey("edit-review", mine.id)] : []),
    ...(user && user.id === ownerId ? reviews.filter((r) => !r.reply).map((r) => reviewFormKey("answer-review", r.id)) : []),
  ]);
  const sent = (refused?.result?.initialValue ?? {}) as Record<string, string>;
  // Every action of a listing's page is a review's, so any refusal is the section's to say.
  const orphan = refused && !claimed.has(sent.form ?? "")
    ? Object.values((refused.result?.error ?? {}) as Record<string, string[] | null>).flatMap((list) => list ?? [])
    : [];
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className="scroll-mt-20 space-y-4">
      <h2 id="avaliacoes-titulo" className="text-lg font-semibold">Avaliações</h2>
      {orphan.length ? (
        <div role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {orphan.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {sent.existingId ? (
            <p>
              <a href={`#${reviewAnchor(sent.existingId)}`} className="font-semibold underline">Ver e editar a sua avaliação</a>
            </p>
          ) : null}
        </div>
      ) : null}
      {average ? (
        <div className="flex items-center gap-4">
          <p className="text-center">
            <span className="block text-4xl font-bold" data-testid="nota-media">{average}</span>
            <Stars stars={Math.round(rating.sum / rating.count)} />
            <span className="block text-sm text-stone-600 dark:text-stone-300" data-testid="total-avaliacoes">{count}</span>
          </p>
          <dl className="flex-1 space-y-1 text-sm" aria-label="Distribuição das notas">
            {[5, 4, 3, 2, 1].map((n) => (
              <div key={n} className="flex items-center gap-2">
                <dt className="w-16 shrink-0">{starsLabel(n)}</dt>
                <dd className="flex flex-1 items-center gap-2">
                  <span className="h-2 flex-1 rounded-full bg-stone-200 dark:bg-stone-800">
                    <span className="block h-2 rounded-full bg-amber-500" style={{ width: `${Math.round((100 * (rating.counts[n - 1] ?? 0)) / rating.count)}%` }} />
                  </span>
                  <span className="w-6 text-right">{rating.counts[n - 1] ?? 0}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-300">Ninguém avaliou {NOUN[kind]} ainda.</p>
      )}
      {!user ? (
        <p className="text-sm">
          <Link to={`/login?redirectTo=${encodeURIComponent(`${path}#avaliacoes`)}`} className="font-semibold underline">
            Entre na sua conta
          </Link>{" "}
          para avaliar.
        </p>
      ) : !writes ? null : (
        <ReviewForm action={path} intent="review" formKey={reviewFormKey("review")} fields={{}} refused={refusalFor(reviewFormKey("review"))}
          label={`Sua nota para ${NOUN[kind]}`} submitLabel="Publicar avaliação" />
      )}
      {reviews.length ? (
        <ol className="space-y-3" aria-label="Avaliações">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewView review={review} path={path} kind={kind} ownerId={ownerId} refusalFor={refusalFor} />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function ReviewView({ review, path, kind, ownerId, refusalFor }: {
  review: Review; path: string; kind: ReviewsProps["kind"]; ownerId: string | null; refusalFor: (key: string) => Refused | null;
}) {
  const user = useCurrentUser();
  const mine = user?.id === review.author.id;
  const updated = new Date(review.updatedAt);
  // A second apart at least: the database stamps both at once on the first writing.
  const edited = updated.getTime() - new Date(review.createdAt).getTime() > 1000;
  const editKey = reviewFormKey("edit-review", review.id);
  const answerKey = reviewFormKey("answer-review", review.id);
  return (
    <article id={reviewAnchor(review.id)} className="scroll-mt-20 rounded-xl bg-stone-50 p-3 dark:bg-stone-900" aria-label={`Avaliação de ${review.author.fullName}`}>
      <header className="flex flex-wrap items-center gap-x-2 text-sm">
        <Link to={`/u/${review.author.username}`} className="font-semibold hover:underline">{review.author.fullName}</Link>
        <Stars stars={review.stars} />
        <time dateTime={updated.toISOString()} title={formatLongDate(updated)} className="text-xs text-stone-500 dark:text-stone-400">
          {edited ? `editada em ${formatShortDate(updated)}` : formatShortDate(updated)}
        </time>
      </header>
      <HiddenNotice state={review.moderationState} />
      {review.body ? <p className="mt-1 whitespace-pre-line break-words">{review.body}</p> : null}
      {review.reply ? (
        <div className="mt-2 border-l-2 border-brand-500 pl-3 text-sm">
          <p className="font-semibold">Resposta do dono</p>
          <p className="whitespace-pre-line break-words">{review.reply.body}</p>
        </div>
      ) : null}
      {user ? (
        <div className="mt-1 flex flex-wrap items-start gap-x-4">
          {mine ? (
            <details className="group text-sm" open={refusalFor(editKey) !== null}>
              <summary className={summary}>Editar avaliação</summary>
              <ReviewForm action={path} intent="edit-review" formKey={editKey} fields={{ reviewId: review.id }} refused={refusalFor(editKey)}
                label={`Sua nota para ${NOUN[kind]}`} submitLabel="Salvar avaliação" defaults={{ stars: review.stars, body: review.body }} />
            </details>
          ) : null}
          {user.id === ownerId && !review.reply ? (
            <details className="group text-sm" open={refusalFor(answerKey) !== null}>
              <summary className={summary}>Responder</summary>
              <ReviewForm action={path} intent="answer-review" formKey={answerKey} fields={{ reviewId: review.id }} refused={refusalFor(answerKey)}
                label={`Resposta pública a ${review.author.fullName}`} submitLabel="Publicar resposta" />
            </details>
          ) : null}
          {mine ? null : <ReportLink kind="review" id={review.id} label={`avaliação de ${review.author.fullName}`} />}
        </div>
      ) : null}
    </article>
  );
}
