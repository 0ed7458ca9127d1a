import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, fieldErrors } from "~/components/ui/form-field";
import { PostFields } from "~/components/post-form";
import { PostSchema } from "#core/post-form";
import { Button } from "~/components/ui/button";
import type { EditablePost } from "#server/models/posts";

/**
 * The post form, for a new post (/create-post) and for editing one (/posts/{id}/edit): the
 * same fields, checks and messages; editing starts from the post and can drop its image.
 */
export function PostEditor({ post, lastResult }: { post?: EditablePost; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: post ? `edit-post-${post.id}` : "create-post",
    lastResult,
    constraint: getZodConstraint(PostSchema),
    shouldRevalidate: "onInput",
    defaultValue: post
      ? { content: post.content, pollQuestion: post.poll?.question ?? "", pollOptions: post.poll?.options.map((o) => o.label) ?? [] }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostSchema }),
  });
  const saving = busy && (!post || navigation.formData?.get("intent") === "save");
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <FormErrors errors={form.errors} id={form.errorId} />
      <PostFields
        fields={fields}
        imageErrors={fieldErrors(form.allErrors.image)}
        currentImage={post?.imageUrl}
        pollLocked={post?.poll?.hasVotes ?? false}
      />
      {post ? (
        <Button type="submit" name="intent" value="save" variant="primary" size="lg" className="w-full" disabled={busy}>
          {saving ? "Salvando..." : "Salvar alterações"}
        </Button>
      ) : (
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          {saving ? "Publicando..." : "Publicar"}
        </Button>
      )}
      <Link
        to={post ? `/posts/${post.id}` : "/posts"}
        className="flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 underline dark:text-brand-100"
      >
        Cancelar
      </Link>
    </Form>
  );
}
