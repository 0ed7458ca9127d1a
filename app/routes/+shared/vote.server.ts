import { isUuid } from "#core/uuid";
import { redirect } from "react-router";
import { redirectWithFlash, replyRefused, type VisitorWrite } from "#server/toolkit/action";
import { vote } from "#server/models/posts";

/**
 * POST intent=vote, postId, optionId (and optional redirectTo): the feed (/posts) and a
 * post's own page (/posts/{id}) both answer it, through visitorAction (the form, the sender,
 * where to go back). A plain form post gets a 303 back to where it came from; a fetcher (the
 * form says via=fetcher once hydrated) gets data, since a redirect would navigate away from
 * the optimistic result. A refusal names the post it is about (result.initialValue.postId),
 * so the feed shows it under the right poll. `postId`: a post's own page answers for that post only.
 */
export async function voteAction(request: Request, { ctx, user, form, intent, back, viaFetcher }: VisitorWrite, options: { postId?: string } = {}) {
  const postId = String(form.get("postId") ?? "");
  const fail = (status: number, message: string) =>
    replyRefused(status, message, { intent: "vote", initialValue: { postId: options.postId ?? postId } });
  if (intent !== "vote") return fail(400, "Ação desconhecida.");
  if (options.postId !== undefined && postId !== options.postId) return fail(404, "Enquete não encontrada.");

  const optionId = String(form.get("optionId") ?? "");
  if (!user) {
    if (viaFetcher) return fail(401, "Entre na sua conta para votar.");
    return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
  }
  if (!isUuid(postId)) return fail(404, "Enquete não encontrada.");
  if (!optionId) return fail(400, "Escolha uma das opções para votar.");

  const result = await ctx.db.asCaller((tx) => vote(tx, user.id, postId, optionId));
  if (result === "no_poll") return fail(404, "Enquete não encontrada. Talvez o post tenha sido excluído.");
  if (result === "invalid_option") return fail(400, "Essa opção não faz parte desta enquete.");

  if (viaFetcher) return null;
  return redirectWithFlash(request, back, result === "changed" ? "Voto alterado." : "Voto registrado.");
}
