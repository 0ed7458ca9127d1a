import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors, fieldErrors, primaryButton } from "~/components/form-field";
import { DeleteConfirmation } from "~/components/delete-confirmation";
import { PostFields } from "~/components/post-form";
import { hasNulCharacter, NUL_REFUSED, textFields } from "~/lib/form-data";
import { PostSchema, toPostInput } from "~/lib/post-form";
import { getDb, withUser } from "../../server/db";
import { flashCookie } from "../../server/flash";
import { deletePost, getEditablePost, PollLockedError, updatePost } from "../../server/models/posts";
import { requireUser } from "../../server/request";
import { discardImage, storeOptionalUpload } from "../../server/uploads";
import type { Route } from "./+types/edit-post";

// The schema (PostSchema) is shared with /create-post: app/lib/post-form.ts.

const NOT_YOURS = "Só quem publicou o post pode editá-lo ou excluí-lo.";
const POLL_LOCKED = "Esta enquete já recebeu votos: a pergunta e as opções não podem mais mudar.";

export const meta: Route.MetaFunction = () => [{ title: "Editar post · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, claims } = await requireUser(request);
  const db = await getDb();
  const post = await withUser(db, claims, (tx) => getEditablePost(tx, params.id));
  if (!post) throw data(null, { status: 404 });
  // Someone else's post: the page explains, with the status a script can read.
  if (post.authorId !== user.id) return data({ forbidden: true as const, postId: post.id, post: null }, { status: 403 });
  return { forbidden: false as const, postId: post.id, post };
}

function flashRedirect(request: Request, to: string, message: string) {
  return redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(request, { kind: "success", message }) } });
}

/**
 * POST /posts/{id}/edit — intent=save (multipart: content, image, removeImage, pollQuestion,
 * pollOptions) or intent=delete. Only the author: a clear 403 here, RLS underneath.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { user, claims } = await requireUser(request);
  const fail = (message: string, status: number) =>
    data({ result: { status: "error" as const, error: { "": [message] } } }, { status });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail("Não conseguimos ler o envio. Tente de novo.", 400);
  }
  const intent = String(form.get("intent") ?? "save");
  const db = await getDb();

  if (intent === "delete") {
    const outcome = await withUser(db, claims, (tx) => deletePost(tx, user.id, params.id));
    if (outcome.status === "not_found") return fail("Post não encontrado.", 404);
    if (outcome.status === "forbidden") return fail(NOT_YOURS, 403);
    await discardImage(outcome.imageUrl);
    return flashRedirect(request, "/my-posts", "Post excluído.");
  }
  if (intent !== "save") return fail("Ação desconhecida.", 400);

  // Ownership before validation: someone else's post gets a 403 whatever they sent.
  const current = await withUser(db, claims, (tx) => getEditablePost(tx, params.id));
  if (!current) return fail("Post não encontrado.", 404);
  if (current.authorId !== user.id) return fail(NOT_YOURS, 403);

  const submission = parseWithZod(textFields(form), { schema: PostSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (hasNulCharacter(form)) return data({ result: submission.reply({ formErrors: [NUL_REFUSED] }) }, { status: 400 });

  const upload = await storeOptionalUpload(form.get("image"), "photo");
  if (!upload.ok) return data({ result: submission.reply({ fieldErrors: { image: [upload.message] } }) }, { status: upload.status });
  const image = upload.ref ?? (form.get("removeImage") === "1" ? null : undefined);

  let outcome;
  try {
    outcome = await withUser(db, claims, (tx) => updatePost(tx, user.id, params.id, { ...toPostInput(submission.value), image }));
  } catch (error) {
    await discardImage(upload.ref);
    // A vote arrived between reading the poll and changing it: everything was rolled back.
    if (error instanceof PollLockedError) {
      return data({ result: submission.reply({ fieldErrors: { pollOptions: [POLL_LOCKED] } }) }, { status: 409 });
    }
    throw error;
  }
  if (outcome.status !== "updated") {
    await discardImage(upload.ref);
    if (outcome.status === "poll_locked") {
      return data({ result: submission.reply({ fieldErrors: { pollOptions: [POLL_LOCKED] } }) }, { status: 409 });
    }
    return outcome.status === "not_found" ? fail("Post não encontrado.", 404) : fail(NOT_YOURS, 403);
  }
  await discardImage(outcome.replacedImage);
  return flashRedirect(request, `/posts/${params.id}`, "Post atualizado.");
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden) {
    return (
      <div className="space-y-4 py-6 text-center">
        <h1 className="text-2xl font-bold">Você não pode editar este post</h1>
        <p className="text-stone-600 dark:text-stone-300">{NOT_YOURS}</p>
        <Link to={`/posts/${loaderData.postId}`} className={`${primaryButton} mx-auto max-w-xs`}>
          Ver o post
        </Link>
      </div>
    );
  }
  return <EditPostForm post={loaderData.post} lastResult={actionData?.result} />;
}

type EditablePostData = Extract<Route.ComponentProps["loaderData"], { forbidden: false }>["post"];

type LastResult = Parameters<typeof useForm>[0]["lastResult"];

function EditPostForm({ post, lastResult }: { post: EditablePostData; lastResult: LastResult }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: `edit-post-${post.id}`,
    lastResult,
    constraint: getZodConstraint(PostSchema),
    shouldRevalidate: "onInput",
    defaultValue: {
      content: post.content,
      pollQuestion: post.poll?.question ?? "",
      pollOptions: post.poll?.options.map((o) => o.label) ?? [],
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostSchema }),
  });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Editar post</h1>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <PostFields
          fields={fields}
          imageErrors={fieldErrors(form.allErrors.image)}
          currentImage={post.imageUrl}
          pollLocked={post.poll?.hasVotes ?? false}
        />
        <button type="submit" name="intent" value="save" className={primaryButton} disabled={busy}>
          {busy && navigation.formData?.get("intent") === "save" ? "Salvando..." : "Salvar alterações"}
        </button>
        <Link
          to={`/posts/${post.id}`}
          className="flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 underline dark:text-brand-100"
        >
          Cancelar
        </Link>
      </Form>

      <DeleteConfirmation
        label="Excluir post"
        warning={post.poll ? "O post, a enquete e os votos dela serão apagados para sempre." : "O post será apagado para sempre."}
        busy={busy}
      />
    </div>
  );
}
