import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, fieldErrors, primaryButton } from "~/components/form-field";
import { PostFields } from "~/components/post-form";
import { PostSchema, toPostInput } from "~/lib/post-form";
import { createPost } from "../../server/models/posts";
import { publishWithImage } from "../../server/publish-with-image";
import { requireUser } from "../../server/request";
import type { Route } from "./+types/create-post";

// The schema (PostSchema) is shared with /posts/{id}/edit: app/lib/post-form.ts.

export const meta: Route.MetaFunction = () => [{ title: "Novo post · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

/**
 * POST multipart: content, image (file, optional), pollQuestion, pollOptions (repeated).
 * 303 to the new post's page; 400 (invalid), 413 (image too large) re-render the form
 * with what was typed.
 */
export async function action({ request }: Route.ActionArgs) {
  return publishWithImage(request, {
    schema: PostSchema,
    image: { field: "image", shape: "photo" },
    insert: (tx, userId, value, imageUrl) => createPost(tx, userId, { ...toPostInput(value), imageUrl }),
    published: (id) => ({ location: `/posts/${id}`, message: "Post publicado." }),
  });
}

export default function CreatePost({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "create-post",
    lastResult: actionData?.result,
    constraint: getZodConstraint(PostSchema),
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostSchema }),
  });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Novo post</h1>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <PostFields fields={fields} imageErrors={fieldErrors(form.allErrors.image)} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Publicando..." : "Publicar"}
        </button>
        <Link to="/posts" className="flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          Cancelar
        </Link>
      </Form>
    </div>
  );
}
