import { z } from "zod";
import { REVIEW_MAX_LENGTH } from "./reviews";

// The review forms' schemas (issue #30), apart from app/lib/reviews.ts so that the lists,
// which show only the average, do not carry zod to the browser.
const Stars = z.coerce
  .number({ error: "Escolha de 1 a 5 estrelas." })
  .int("Escolha de 1 a 5 estrelas.")
  .min(1, "Escolha de 1 a 5 estrelas.")
  .max(5, "Escolha de 1 a 5 estrelas.");
const Body = z
  .string({ error: "Escreva o texto da avaliação uma vez só." })
  .trim()
  .max(REVIEW_MAX_LENGTH, `O texto pode ter no máximo ${REVIEW_MAX_LENGTH.toLocaleString("pt-BR")} caracteres.`)
  .optional()
  .transform((text) => text ?? "");
const Id = z.string({ error: "Avaliação não encontrada." }).uuid("Avaliação não encontrada.");

/** A new review, an edit of one's own, the owner's answer. */
export const ReviewSchema = z.object({ stars: Stars, body: Body });
export const EditReviewSchema = z.object({ stars: Stars, body: Body, reviewId: Id });
export const AnswerReviewSchema = z.object({
  reviewId: Id,
  body: z
    .string({ error: "Escreva a resposta." })
    .trim()
    .min(1, "Escreva a resposta.")
    .max(REVIEW_MAX_LENGTH, `A resposta pode ter no máximo ${REVIEW_MAX_LENGTH.toLocaleString("pt-BR")} caracteres.`),
});
