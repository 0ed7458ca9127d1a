import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "./comments";

// The comment forms' schemas (issue #30), apart from app/lib/comments.ts so that the lists,
// which show only counts, do not carry zod to the browser.
const Body = z
  .string({ error: "Escreva o comentário." })
  .trim()
  .min(1, "Escreva o comentário.")
  .max(COMMENT_MAX_LENGTH, `O comentário pode ter no máximo ${COMMENT_MAX_LENGTH.toLocaleString("pt-BR")} caracteres.`);
const Id = z.string({ error: "Comentário não encontrado." }).uuid("Comentário não encontrado.");

/** The page's comment forms: a comment or a reply (parentId), an edit, a removal. */
export const CommentSchema = z.object({ body: Body, parentId: Id.optional() });
export const EditCommentSchema = z.object({ body: Body, commentId: Id });
export const DeleteCommentSchema = z.object({ commentId: Id });

