import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormErrors, FormField, fieldErrors } from "~/components/ui/form-field";
import { ImageField } from "~/components/ui/image-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { imageFieldLabel } from "#core/images";
import "#core/zod-messages";
import { Button } from "~/components/ui/button";
import { createNews } from "#server/models/news";
import { residentsOnly } from "#server/toolkit/request-context";
import { signedInAction } from "#server/toolkit/action";
import { publishWithImage } from "./+shared/publish-with-image.server";
import type { Route } from "./+types/create-news";

// Limits mirror the news table's CHECK constraints, so valid input never fails in the database.
const NewsSchema = z.object({
  title: z
    .string({ error: "Dê um título à notícia." })
    .trim()
    .min(1, "Dê um título à notícia.")
    .max(160, "O título pode ter no máximo 160 caracteres."),
  summary: z.string().trim().max(400, "O resumo pode ter no máximo 400 caracteres.").optional(),
  content: z
    .string({ error: "Escreva o texto da notícia." })
    .trim()
    .min(1, "Escreva o texto da notícia.")
    .max(20000, "O texto pode ter no máximo 20.000 caracteres."),
});

export const meta: Route.MetaFunction = () => [{ title: "Nova notícia · Guida" }, { name: "robots", content: "noindex" }];

export const loader = residentsOnly;

/**
 * POST multipart: title, summary, content, coverImage (file, optional). 303 to the new
 * article; 400 (invalid) and 413 (image too large) re-render the form with what was typed.
 */
export const action = signedInAction(({ request }: Route.ActionArgs, { ctx, form }) =>
  publishWithImage(request, ctx, form, {
    schema: NewsSchema,
    image: { field: "coverImage", shape: "wide" },
    save: async (tx, user, { title, summary, content }, coverImage) => {
      const id = await createNews(tx, user.id, { title, summary: summary ?? "", content, coverImage });
      return { ok: true, location: `/news/${id}`, message: "Notícia publicada." };
    },
  }),
);

export default function CreateNews({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "create-news",
    lastResult: actionData?.result,
    constraint: getZodConstraint(NewsSchema),
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsSchema }),
  });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Nova notícia</h1>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        Conte à cidade o que está acontecendo. A notícia sai com o seu nome e só você pode excluí-la.
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormField field={fields.title} label="Título" />
        <TextAreaField field={fields.summary} label="Resumo (opcional)" rows={2} maxLength={400} hint="Uma ou duas frases que aparecem na lista de notícias." />
        <TextAreaField field={fields.content} label="Texto" rows={10} maxLength={20000} hint="Separe os parágrafos com uma linha em branco." />
        <ImageField name="coverImage" label={imageFieldLabel("Imagem de capa", { optional: true })} errors={fieldErrors(form.allErrors.coverImage)} />
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          {busy ? "Publicando..." : "Publicar notícia"}
        </Button>
        <Link to="/news" className="flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          Cancelar
        </Link>
      </Form>
    </div>
  );
}
