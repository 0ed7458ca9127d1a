import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import type { ImageShape } from "../app/lib/images";
import { hasNulCharacter, NUL_REFUSED, textFields, UNREADABLE_FORM } from "../app/lib/form-data";
import { getDb, withUser, type Queryable } from "./db";
import { flashCookie } from "./flash";
import { requireUser } from "./request";
import { discardImage, storeOptionalUpload } from "./uploads";

/**
 * The action of a "publish" form with one optional picture (a post, a news article): read the
 * multipart body, validate the text, refuse NUL characters, store the picture, then write the
 * row as the signed-in resident (RLS checks it) and send them to it with a flash. Every
 * refusal re-renders the form with what was typed (400, or 413 for a picture over 5 MB) and
 * writes nothing; a failed write takes the stored picture with it.
 */
export async function publishWithImage<Schema extends z.ZodType<Record<string, unknown>>>(
  request: Request,
  options: {
    schema: Schema;
    image: { field: string; shape: ImageShape };
    insert: (tx: Queryable, userId: string, value: z.output<Schema>, imageRef: string | null) => Promise<string>;
    /** Where the new row is shown, and what the flash there says. */
    published: (id: string) => { location: string; message: string };
  },
) {
  const { user, claims } = await requireUser(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ result: { status: "error" as const, error: { "": [UNREADABLE_FORM] } } }, { status: 400 });
  }
  const submission = parseWithZod(textFields(form), { schema: options.schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (hasNulCharacter(form)) return data({ result: submission.reply({ formErrors: [NUL_REFUSED] }) }, { status: 400 });

  const upload = await storeOptionalUpload(form.get(options.image.field), options.image.shape);
  if (!upload.ok) {
    return data({ result: submission.reply({ fieldErrors: { [options.image.field]: [upload.message] } }) }, { status: upload.status });
  }

  const db = await getDb();
  let id: string;
  try {
    id = await withUser(db, claims, (tx) => options.insert(tx, user.id, submission.value, upload.ref));
  } catch (error) {
    // The transaction left nothing behind; neither may the picture stored for it.
    await discardImage(upload.ref);
    throw error;
  }
  const { location, message } = options.published(id);
  return redirect(location, { status: 303, headers: { "Set-Cookie": flashCookie(request, { kind: "success", message }) } });
}
