import { signedInAction } from "#server/toolkit/action";
import { residentsOnly } from "#server/toolkit/request-context";
import { PostEditor } from "./+shared/post-editor";
import { savePost } from "./+shared/post-editor.server";
import type { Route } from "./+types/create-post";

// The form and its action core are shared with /posts/{id}/edit (./+shared/post-editor*).

export const meta: Route.MetaFunction = () => [{ title: "Novo post · Guida" }, { name: "robots", content: "noindex" }];

export const loader = residentsOnly;

/** POST multipart: content, image (file, optional), pollQuestion, pollOptions (repeated). */
export const action = signedInAction(({ request }: Route.ActionArgs, { ctx, form }) => savePost(request, ctx, form));

export default function CreatePost({ actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Novo post</h1>
      <PostEditor lastResult={actionData?.result} />
    </div>
  );
}
