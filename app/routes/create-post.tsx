import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors, fieldErrors, primaryButton } from "~/components/form-field";
import { PostFields } from "~/components/post-form";
import { hasNulCharacter, NUL_REFUSED, textFields } from "~/lib/form-data";
import { PostSchema, toPostInput } from "~/lib/post-form";
import { getDb, withUser } from "../../server/db";
import { flashCookie } from "../../server/flash";
import { createPost } from "../../server/models/posts";
import { requireUser } from "../../server/request";
import { discardImage, storeOptionalUpload } from "../../server/uploads";
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
  const { user, claims } = await requireUser(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ result: { status: "error" as const, error: { "": ["Não conseguimos ler o envio. Tente de novo."] } } }, { status: 400 });
  }
  const submission = parseWithZod(textFields(form), { schema: PostSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (hasNulCharacter(form)) return data({ result: submission.reply({ formErrors: [NUL_REFUSED] }) }, { status: 400 });

  const upload = await storeOptionalUpload(form.get("image"), "photo");
  if (!upload.ok) return data({ result: submission.reply({ fieldErrors: { image: [upload.message] } }) }, { status: upload.status });

  const db = await getDb();
  let id: string;
  try {
    id = await withUser(db, claims, (tx) => createPost(tx, user.id, { ...toPostInput(submission.value), imageUrl: upload.ref }));
  } catch (error) {
    // The transaction left nothing behind; neither may the image stored for it.
    await discardImage(upload.ref);
    throw error;
  }
  return redirect(`/posts/${id}`, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(request, { kind: "success", message: "Post publicado." }) },
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
