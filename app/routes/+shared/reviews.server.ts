import { redirect } from "react-router";
import { AnswerReviewSchema, EditReviewSchema, ReviewSchema } from "~/lib/review-schema";
import { reviewAnchor, type Rating } from "~/lib/reviews";
import { averageLabel, reviewCountLabel } from "~/components/rating";
import { reviewList } from "#server/cache/reads";
import { addReview, answerReview, editReview, listReviews, reviewOutcomeOf, type ListingKind, type ReviewWrite } from "#server/models/reviews";
import { intentOf, parseSubmission, redirectWithFlash, replyRefused } from "#server/toolkit/action";
import type { RequestContext } from "#server/toolkit/request-context";

const NOUN: Record<ListingKind, string> = { business: "este negócio", service: "este serviço", driver: "este motorista" };

/** What each refusal of the database says, and its status. */
function refusalMessage(refusal: string, kind: ListingKind): [number, string] {
  switch (refusal) {
    case "not_found":
      return [404, "Esta avaliação (ou o cadastro avaliado) não existe mais."];
    case "exists":
      return [409, `Você já avaliou ${NOUN[kind]}. Cada morador avalia uma vez: edite a sua avaliação.`];
    case "own_listing":
      return [403, "Quem é dono do cadastro não pode avaliá-lo."];
    case "trust":
      return [403, "Para avaliar, confirme um e-mail no seu perfil."];
    case "blocked":
      return [403, "Sua conta está bloqueada pela moderação e não pode avaliar."];
    case "forbidden":
      return [403, "Só quem escreveu a avaliação pode editá-la, e só o dono do cadastro pode respondê-la."];
    default:
      return [409, "Esta avaliação já tem uma resposta do dono."];
  }
}

const DONE: Record<string, string> = {
  review: "Avaliação publicada.",
  "edit-review": "Avaliação atualizada.",
  "answer-review": "Resposta publicada.",
};

/** The average and count a listing's ReviewsSection shows, written on the server. */
export function reviewSummary(rating: Rating): { average: string | null; count: string } {
  return { average: averageLabel(rating), count: reviewCountLabel(rating.count) };
}

/**
 * A listing's reviews: a visitor's from the shared cache (dropped by a review of this
 * listing), a resident's read with their claims (their own first, hidden or not).
 */
export function reviewsFor(ctx: RequestContext, kind: ListingKind, listingId: string, userId: string | null) {
  return userId
    ? ctx.db.asCaller((tx) => listReviews(tx, kind, listingId, userId))
    : ctx.db.asVisitor(reviewList, { kind, listingId });
}

/**
 * POST intent=review (stars, body), edit-review (reviewId, stars, body) or answer-review
 * (reviewId, body) on a listing's own page. Success: 303 back to the review; a refusal
 * re-renders the page with the message next to its form and the values kept, 4xx. A second
 * review is a 409 whose message links the existing one (`reviewId` in the answer's values).
 */
export async function reviewAction(request: Request, ctx: RequestContext, form: FormData, listing: { kind: ListingKind; id: string; path: string }) {
  const intent = intentOf(form);
  const kept = (extra: Record<string, string> = {}): Record<string, string> => ({
    ...Object.fromEntries(["stars", "body", "reviewId", "form"].flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" ? [[name, value]] : [];
    })),
    ...extra,
  });
  const user = await ctx.user();
  if (!user) return redirect(`/login?redirectTo=${encodeURIComponent(listing.path)}`, 303);

  let outcome: ReviewWrite;
  if (intent === "review") {
    const parsed = parseSubmission(form, ReviewSchema);
    if (!parsed.ok) return parsed.refusal;
    outcome = await reviewOutcomeOf(ctx.db.asCaller((tx) => addReview(tx, user.id, { kind: listing.kind, listingId: listing.id, ...parsed.value })));
  } else if (intent === "edit-review") {
    const parsed = parseSubmission(form, EditReviewSchema);
    if (!parsed.ok) return parsed.refusal;
    const { reviewId, ...change } = parsed.value;
    outcome = await reviewOutcomeOf(ctx.db.asCaller((tx) => editReview(tx, user.id, reviewId, change)));
  } else if (intent === "answer-review") {
    const parsed = parseSubmission(form, AnswerReviewSchema);
    if (!parsed.ok) return parsed.refusal;
    outcome = await reviewOutcomeOf(ctx.db.asCaller((tx) => answerReview(tx, user.id, parsed.value.reviewId, parsed.value.body)));
  } else {
    return replyRefused(400, "Ação desconhecida.", { intent });
  }
  if (!outcome.ok) {
    const [status, message] = refusalMessage(outcome.refusal, listing.kind);
    const existing: Record<string, string> = "id" in outcome ? { existingId: outcome.id } : {};
    return replyRefused(status, message, { intent, initialValue: kept(existing) });
  }
  // A review of another listing (a forged reviewId) goes back to where it really is.
  return redirectWithFlash(request, `/${outcome.kind}/${outcome.listingId}#${reviewAnchor(outcome.id)}`, DONE[intent]!);
}
