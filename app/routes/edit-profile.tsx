import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { controlClass, FieldError, FormErrors, FormField, fieldErrors, LabelledField, type TextField, useEmptyPasswordOnReply } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/textarea-field";
import { Picture } from "~/components/picture";
import { maskDate, parseMaskedDate } from "~/lib/date-mask";
import { fieldRules } from "#core/field-rules";
import { passwordProblem } from "~/lib/password-policy";
import "#core/zod-messages";
import { Button } from "~/components/ui/button";
import { intentOf, parseSubmission, redirectWithFlash, replyRefused, signedInAction } from "#server/toolkit/action";
import { uniqueViolation } from "#server/db/index";
import { getPrivateProfile, getProfileById, setOwnAvatar, updateOwnProfile } from "#server/models/profiles";
import { getRequestContext, type RequestContext } from "#server/toolkit/request-context";
import { chosenFile, storeUpload, writeWithImages } from "#server/images/upload-service";
import { IMAGE_REQUIRED, imageFieldLabel } from "#core/images";
import type { Route } from "./+types/edit-profile";
import { EmailChangeForm } from "./+shared/email-change";
import { changeEmail } from "./+shared/email-change.server";

const { optional } = fieldRules;

const ProfileSchema = z.object({
  intent: z.literal("profile"),
  fullName: fieldRules.fullName,
  username: fieldRules.username,
  bio: optional(z.string().max(500, "A bio pode ter no máximo 500 caracteres.")),
  // Stored as +55 E.164, the one spelling phone sign-in looks for.
  phone: optional(fieldRules.phone()),
  birthDate: optional(
    z
      .string()
      .transform(maskDate)
      .refine((v) => parseMaskedDate(v) !== null, "Digite uma data válida no formato DD/MM/AAAA.")
      .refine((v) => {
        const iso = parseMaskedDate(v);
        return iso !== null && iso >= "1900-01-01" && iso <= new Date().toISOString().slice(0, 10);
      }, "A data de nascimento precisa estar entre 1900 e hoje."),
  ),
});

const PasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: "Digite sua senha atual." }),
    password: z.string({ error: "Digite a nova senha." }),
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["password"] });
  });

/** A unique index a profile save can run into, and what the form says about it. */
const PROFILE_TAKEN_BY_INDEX: Record<string, "username_taken" | "phone_taken"> = {
  profiles_username_key: "username_taken",
  profile_private_phone_key: "phone_taken",
};
const PROFILE_TAKEN_MESSAGE = {
  username_taken: ["username", "Este nome de usuário já está em uso. Escolha outro."],
  phone_taken: ["phone", "Este celular já está em outra conta."],
} as const;

/** Passwords never travel back to the page. */
const HIDE_PASSWORDS = ["password", "currentPassword"];

export const meta: Route.MetaFunction = () => [{ title: "Editar perfil · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  return ctx.db.asCaller(async (tx) => {
    const profile = await getProfileById(tx, user.id);
    const privateProfile = await getPrivateProfile(tx, user.id);
    if (!profile) throw data(null, { status: 404 });
    return { profile, privateProfile: privateProfile ?? { phone: null, birthDate: null }, email: user.email };
  });
}

/** POST intent=profile, email, password or avatar (multipart): the page's four forms. */
export const action = signedInAction(async ({ request }: Route.ActionArgs, { ctx, form }) => {
  const intent = intentOf(form);
  switch (intent) {
    case "profile":
      return saveProfile(request, ctx, form);
    case "email":
      return changeEmail(request, ctx, form);
    case "password":
      return changePassword(request, ctx, form);
    case "avatar":
      return changeAvatar(request, ctx, form.get("avatar"));
    default:
      return replyRefused(400, "Ação desconhecida.", { intent });
  }
});

async function saveProfile(request: Request, ctx: RequestContext, form: FormData) {
  const user = await ctx.requireUser();
  const parsed = parseSubmission(form, ProfileSchema);
  if (!parsed.ok) return parsed.refusal;
  const { fullName, username, bio, phone, birthDate } = parsed.value;
  const outcome = await ctx.db
    .asCaller((tx) =>
      updateOwnProfile(tx, user.id, {
        fullName,
        username,
        bio: bio ?? "",
        phone: phone ?? null,
        birthDate: birthDate ? parseMaskedDate(birthDate) : null,
      }),
    )
    .catch((error: unknown) => {
      // Someone took the username (or phone) between the check and this write: the unique
      // index refused it and the whole transaction rolled back.
      const taken = PROFILE_TAKEN_BY_INDEX[uniqueViolation(error) ?? ""];
      if (taken) return taken;
      throw error;
    });
  if (outcome !== "ok") {
    const [field, message] = PROFILE_TAKEN_MESSAGE[outcome];
    return parsed.refuse(409, { fieldErrors: { [field]: [message] } });
  }
  return redirectWithFlash(request, "/profile", "Perfil atualizado.");
}

async function changePassword(request: Request, ctx: RequestContext, form: FormData) {
  const parsed = parseSubmission(form, PasswordSchema, { hideFields: HIDE_PASSWORDS });
  if (!parsed.ok) return parsed.refusal;
  const auth = await ctx.auth();
  const result = await auth.changePassword(request, parsed.value.currentPassword, parsed.value.password);
  if (!result.ok) {
    console.error(`[auth] password change refused: ${result.error}`);
    const errors =
      result.error === "wrong_password"
        ? { fieldErrors: { currentPassword: ["A senha atual não confere."] } }
        : { formErrors: [result.message ?? "Não foi possível trocar a senha agora. Tente de novo."] };
    return parsed.refuse(result.error === "unavailable" ? 503 : 400, errors, { headers: result.headers });
  }
  return redirectWithFlash(request, "/profile", "Senha alterada.", { headers: result.headers });
}

async function changeAvatar(request: Request, ctx: RequestContext, value: FormDataEntryValue | null) {
  const user = await ctx.requireUser();
  const fail = (message: string, status = 400) => replyRefused(status, message, { intent: "avatar", field: "avatar" });
  const file = chosenFile(value);
  if (!file) return fail(IMAGE_REQUIRED);
  const stored = await storeUpload(file, "square");
  if (!stored.ok) return fail(stored.message, stored.status);
  // The replaced photo is no one's any more: every size of it goes.
  await writeWithImages(
    [stored.ref],
    () => ctx.db.asCaller((tx) => setOwnAvatar(tx, user.id, stored.ref)),
    (previous) => ({ committed: true, replaced: [previous] }),
  );
  return redirectWithFlash(request, "/profile", "Foto atualizada.");
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, privateProfile } = loaderData;
  const busy = useNavigation().state === "submitting";
  const last = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);

  const [form, fields] = useForm({
    id: "profile",
    lastResult: last("profile"),
    constraint: getZodConstraint(ProfileSchema),
    shouldValidate: "onBlur",
    defaultValue: {
      fullName: profile.fullName,
      username: profile.username,
      bio: profile.bio,
      phone: privateProfile.phone ?? "",
      birthDate: privateProfile.birthDate ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  const [passwordForm, passwordFields] = useForm({
    id: "password",
    lastResult: last("password"),
    constraint: getZodConstraint(PasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSchema }),
  });
  useEmptyPasswordOnReply(last("password"), passwordFields.currentPassword.id, passwordFields.password.id);
  // An unknown intent or an unreadable body belongs to none of the forms below.
  const strayErrors =
    actionData && !["profile", "email", "password", "avatar"].includes(actionData.intent) ? (actionData.result.error as Record<string, string[]> | undefined)?.[""] : undefined;
  const avatarErrors = actionData?.intent === "avatar" && actionData.result.status === "error" ? (actionData.result.error as Record<string, string[]>)?.avatar : undefined;

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Editar perfil</h1>
      <FormErrors errors={strayErrors} />

      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormField field={fields.fullName} label="Nome completo" autoComplete="name" />
        <FormField field={fields.username} label="Nome de usuário" autoComplete="username" />
        <TextAreaField field={fields.bio} label="Bio" rows={3} />
        <FormField field={fields.phone} label="Celular" type="tel" autoComplete="tel" hint="Só você vê." />
        <BirthDateField field={fields.birthDate} />
        <Button type="submit" variant="primary" size="lg" className="w-full" disabled={busy}>
          Salvar perfil
        </Button>
      </Form>

      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <h2 className="text-lg font-semibold">Foto</h2>
        <div className="flex items-center gap-4">
          <Picture image={profile.avatarUrl} alt="Sua foto atual" sizes="64px" className="size-16 rounded-full" />
          <div className="flex-1 space-y-1">
            <label htmlFor="avatar" className="block text-sm font-medium">
              {imageFieldLabel("Nova foto")}
            </label>
            <input id="avatar" name="avatar" type="file" accept="image/*" aria-invalid={avatarErrors ? true : undefined} aria-describedby={avatarErrors ? "avatar-error" : undefined} className="block w-full text-sm" />
            <FieldError id="avatar-error" errors={avatarErrors} />
          </div>
        </div>
        <input type="hidden" name="intent" value="avatar" />
        <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
          Enviar foto
        </Button>
      </Form>

      <EmailChangeForm current={loaderData.email} lastResult={last("email")} busy={busy} />

      <Form method="post" {...getFormProps(passwordForm)} className="space-y-4">
        <h2 className="text-lg font-semibold">Trocar senha</h2>
        <input type="hidden" name="intent" value="password" />
        <FormErrors errors={passwordForm.errors} id={passwordForm.errorId} />
        <FormField field={passwordFields.currentPassword} label="Senha atual" type="password" autoComplete="current-password" />
        <FormField field={passwordFields.password} label="Nova senha" type="password" autoComplete="new-password" hint="Pelo menos 8 caracteres." />
        <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
          Trocar senha
        </Button>
      </Form>
    </div>
  );
}

/** DD/MM/YYYY typed with the spec's mask applied as the user types (JavaScript on). */
function BirthDateField({ field }: { field: TextField }) {
  const errors = fieldErrors(field.errors);
  return (
    <LabelledField field={field} label="Data de nascimento">
      <input
        id={field.id}
        name={field.name}
        key={field.key}
        defaultValue={field.initialValue as string | undefined}
        inputMode="numeric"
        placeholder="DD/MM/AAAA"
        maxLength={10}
        autoComplete="bday"
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? field.errorId : undefined}
        onChange={(event) => {
          event.currentTarget.value = maskDate(event.currentTarget.value);
        }}
        className={controlClass}
      />
    </LabelledField>
  );
}
