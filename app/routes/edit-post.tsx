import { useNavigation } from "react-router";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { intentOf, redirectWithFlash, replyRefused, signedInAction } from "#server/toolkit/action";
import { refusePage } from "#server/toolkit/refuse-page";
import { deletePost, getEditablePost } from "#server/models/posts";
import { getRequestContext, type RequestContext } from "#server/toolkit/request-context";
import { discard } from "#server/images/upload-service";
import { PostEditor } from "./+shared/post-editor";
import { NOT_YOURS, savePost } from "./+shared/post-editor.server";
import type { Route } from "./+types/edit-post";

// The form and its action core are shared with /create-post (./+shared/post-editor*).

export const meta: Route.MetaFunction = () => [{ title: "Editar post · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const post = await ctx.db.asCaller((tx) => getEditablePost(tx, params.id));
  if (!post) throw refusePage(404);
  // Someone else's post: the page explains, with the status a script can read.
  if (post.authorId !== user.id) {
    throw refusePage(403, { title: "Você não pode editar este post", message: NOT_YOURS, link: { to: `/posts/${post.id}`, label: "Ver o post" } });
  }
  return { post };
}

/**
 * POST /posts/{id}/edit — intent=save (multipart: content, image, removeImage, pollQuestion,
 * pollOptions; the default) or intent=delete. Only the author: a clear 403 here, RLS underneath.
 */
export const action = signedInAction(async ({ request, params }: Route.ActionArgs, { ctx, form }) => {
  const intent = intentOf(form, "save");
  switch (intent) {
    case "save":
      return savePost(request, ctx, form, params.id);
    case "delete":
      return deletePostAction(request, ctx, params.id);
    default:
      return replyRefused(400, "Ação desconhecida.", { intent });
  }
});

async function deletePostAction(request: Request, ctx: RequestContext, postId: string) {
  const user = await ctx.requireUser();
  const outcome = await ctx.db.asCaller((tx) => deletePost(tx, user.id, postId));
  if (outcome.status === "not_found") return replyRefused(404, "Post não encontrado.", { intent: "delete" });
  if (outcome.status === "forbidden") return replyRefused(403, NOT_YOURS, { intent: "delete" });
  await discard(outcome.imageUrl);
  return redirectWithFlash(request, "/my-posts", "Post excluído.");
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Editar post</h1>
      <PostEditor post={post} lastResult={actionData?.result} />
      <DeleteConfirmation
        label="Excluir post"
        warning={post.poll ? "O post, a enquete e os votos dela serão apagados para sempre." : "O post será apagado para sempre."}
        busy={busy}
      />
    </div>
  );
}
