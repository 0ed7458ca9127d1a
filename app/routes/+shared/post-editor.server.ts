import { PostSchema, toPostInput } from "#core/post-form";
import { replyRefused } from "#server/toolkit/action";
import { createPost, getEditablePost, PollLockedError, updatePost } from "#server/models/posts";
import type { RequestContext } from "#server/toolkit/request-context";
import { publishWithImage } from "./publish-with-image.server";

export const NOT_YOURS = "Só quem publicou o post pode editá-lo ou excluí-lo.";
const POLL_LOCKED = "Esta enquete já recebeu votos: a pergunta e as opções não podem mais mudar.";

/**
 * The post form's action core, for /create-post (no postId) and /posts/{id}/edit: content,
 * image (file, optional; removeImage=1 drops the current one on edit), pollQuestion,
 * pollOptions (repeated). 303 to the post; 400/413 re-render the form with what was typed;
 * on edit, only the author (403, checked before anything is read or stored; RLS underneath),
 * and a poll that got votes meanwhile is a 409.
 */
export async function savePost(request: Request, ctx: RequestContext, form: FormData, postId?: string) {
  const user = await ctx.requireUser();
  if (postId !== undefined) {
    // Ownership before validation: someone else's post gets a 403 whatever they sent.
    const current = await ctx.db.asCaller((tx) => getEditablePost(tx, postId));
    if (!current) return replyRefused(404, "Post não encontrado.", { intent: "save" });
    if (current.authorId !== user.id) return replyRefused(403, NOT_YOURS, { intent: "save" });
  }
  return publishWithImage(request, ctx, form, {
    schema: PostSchema,
    image: { field: "image", shape: "photo" },
    save: async (tx, author, value, imageUrl) => {
      if (postId === undefined) {
        const id = await createPost(tx, author.id, { ...toPostInput(value), imageUrl });
        return { ok: true, location: `/posts/${id}`, message: "Post publicado." };
      }
      const image = imageUrl ?? (form.get("removeImage") === "1" ? null : undefined);
      const outcome = await updatePost(tx, author.id, postId, { ...toPostInput(value), image });
      switch (outcome.status) {
        case "updated":
          return { ok: true, location: `/posts/${postId}`, message: "Post atualizado.", replacedImage: outcome.replacedImage };
        case "poll_locked":
          return { ok: false, status: 409, errors: { fieldErrors: { pollOptions: [POLL_LOCKED] } } };
        case "not_found":
          return { ok: false, status: 404, errors: { formErrors: ["Post não encontrado."] } };
        default:
          return { ok: false, status: 403, errors: { formErrors: [NOT_YOURS] } };
      }
    },
    // A vote arrived between reading the poll and changing it: everything was rolled back.
    refusalFor: (error) => (error instanceof PollLockedError ? { status: 409, errors: { fieldErrors: { pollOptions: [POLL_LOCKED] } } } : null),
  });
}
