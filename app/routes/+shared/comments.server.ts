import { redirect } from "react-router";
import { CommentSchema, DeleteCommentSchema, EditCommentSchema } from "~/lib/comment-schema";
import { commentHref } from "~/lib/comments";
import { addComment, commentOutcomeOf, editComment, removeComment, type CommentChange, type CommentItemKind } from "#server/models/comments";
import { intentOf, parseSubmission, redirectWithFlash, replyRefused } from "#server/toolkit/action";
import type { SessionUser } from "#server/auth";
import type { RequestContext } from "#server/toolkit/request-context";
import { getEnv } from "#server/env";

/** What each refusal of the database says, and its status. */
const REFUSALS: Record<string, [number, string]> = {
  not_found: [404, "Este comentário (ou o que ele responde) não existe mais."],
  parent: [409, "Não dá para responder a este comentário: ele foi removido ou já é uma resposta."],
  rate_limited: [429, "Você comentou muitas vezes em pouco tempo. Espere alguns minutos e tente de novo."],
  rate_limited_new: [
    429,
    "Contas sem e-mail confirmado podem comentar até 3 vezes por hora. Confirme um e-mail no seu perfil para comentar mais.",
  ],
  blocked: [403, "Sua conta está bloqueada pela moderação e não pode comentar."],
  edit_window: [409, "Passaram-se mais de 15 minutos: este comentário não pode mais ser editado. Você ainda pode excluí-lo."],
  removed: [409, "Este comentário foi removido."],
  forbidden: [403, "Só quem escreveu o comentário pode editá-lo ou excluí-lo."],
};

const DONE: Record<string, string> = {
  comment: "Comentário publicado.",
  "edit-comment": "Comentário editado.",
  "delete-comment": "Comentário excluído.",
};

/**
 * POST intent=comment (body, optional parentId), edit-comment (commentId, body) or
 * delete-comment (commentId) on a post's or an article's own page. Success: 303 back to the
 * item, anchored to the comment (a fetcher follows it too); a refusal re-renders the page
 * with the message next to the form it came from (`form`) and the text kept, 4xx.
 */
export async function commentAction(
  request: Request,
  { ctx, user, form }: { ctx: RequestContext; user: SessionUser | null; form: FormData },
  item: { kind: CommentItemKind; id: string },
) {
  const intent = intentOf(form);
  const itemPath = item.kind === "post" ? `/posts/${item.id}` : `/news/${item.id}`;
  const kept = (): Record<string, string> =>
    Object.fromEntries(["body", "parentId", "commentId", "form"].flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" ? [[name, value]] : [];
    }));
  if (!user) return redirect(`/login?redirectTo=${encodeURIComponent(itemPath)}`, 303);

  let outcome: CommentChange;
  if (intent === "comment") {
    const parsed = parseSubmission(form, CommentSchema);
    if (!parsed.ok) return parsed.refusal;
    const { body, parentId } = parsed.value;
    outcome = await commentOutcomeOf(ctx.db.asCaller((tx) => addComment(tx, user.id, { kind: item.kind, itemId: item.id, parentId: parentId ?? null, body }, getEnv().RATE_LIMIT_SCALE)));
  } else if (intent === "edit-comment") {
    const parsed = parseSubmission(form, EditCommentSchema);
    if (!parsed.ok) return parsed.refusal;
    outcome = await commentOutcomeOf(ctx.db.asCaller((tx) => editComment(tx, user.id, parsed.value.commentId, parsed.value.body)));
  } else if (intent === "delete-comment") {
    const parsed = parseSubmission(form, DeleteCommentSchema);
    if (!parsed.ok) return parsed.refusal;
    outcome = await commentOutcomeOf(ctx.db.asCaller((tx) => removeComment(tx, user.id, parsed.value.commentId)));
  } else {
    return replyRefused(400, "Ação desconhecida.", { intent });
  }
  if (!outcome.ok) {
    const [status, message] = REFUSALS[outcome.refusal]!;
    return replyRefused(status, message, { intent, initialValue: kept() });
  }
  // A comment of another item (a forged commentId) goes back to where it really is.
  const path = outcome.kind === "post" ? `/posts/${outcome.itemId}` : `/news/${outcome.itemId}`;
  const to = intent === "delete-comment" ? `${path}#comentarios` : commentHref(path, outcome.id);
  return redirectWithFlash(request, to, DONE[intent]!);
}
