import { data, redirect } from "react-router";
import { safeRedirectPath } from "../app/lib/redirects";
import { getDb, withUser } from "./db";
import { flashCookie } from "./flash";
import { isUuid } from "./models/businesses";
import { vote } from "./models/posts";
import { getRequestSession } from "./request";

export type VoteActionData = { vote: { postId: string; error: string | null } };

/**
 * POST intent=vote, postId, optionId (and optional redirectTo): the feed (/posts) and a
 * post's own page (/posts/{id}) both answer it. A plain form post gets a 303 back to where
 * it came from; a fetcher (the form says via=fetcher once hydrated) gets data, since a
 * redirect would navigate away from the optimistic result.
 */
export async function voteAction(request: Request, form: FormData, fallback: string) {
  const postId = String(form.get("postId") ?? "");
  const optionId = String(form.get("optionId") ?? "");
  const back = safeRedirectPath(form.get("redirectTo"), fallback);
  const viaFetcher = form.get("via") === "fetcher";
  const fail = (error: string, status: number) => data<VoteActionData>({ vote: { postId, error } }, { status });

  const session = await getRequestSession(request);
  if (!session.user) {
    if (viaFetcher) return fail("Entre na sua conta para votar.", 401);
    return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
  }
  if (!isUuid(postId)) return fail("Enquete não encontrada.", 404);
  if (!optionId) return fail("Escolha uma das opções para votar.", 400);

  const db = await getDb();
  const result = await withUser(db, session.claims, (tx) => vote(tx, session.user!.id, postId, optionId));
  if (result === "no_poll") return fail("Enquete não encontrada. Talvez o post tenha sido excluído.", 404);
  if (result === "invalid_option") return fail("Essa opção não faz parte desta enquete.", 400);

  if (viaFetcher) return data<VoteActionData>({ vote: { postId, error: null } });
  const message = result === "changed" ? "Voto alterado." : "Voto registrado.";
  return redirect(back, { status: 303, headers: { "Set-Cookie": flashCookie(request, { kind: "success", message }) } });
}
