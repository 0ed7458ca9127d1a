import { parseSubmission, redirectWithFlash } from "#server/toolkit/action";
import { EMAIL_CHANGE_PER_RESIDENT } from "#server/toolkit/rate-limit";
import type { RequestContext } from "#server/toolkit/request-context";
import { EmailChangeSchema } from "./email-change";
import { ERROR_TEXT, mailAfterResponse, statusOf, tooMany } from "./login-confirm.server";

/**
 * A signed-in resident's new e-mail: a link goes to it, and the account keeps the old one
 * until that link is opened (/login?confirmar=). A taken address answers as a free one does;
 * its owner is told someone tried.
 */
export async function changeEmail(request: Request, ctx: RequestContext, form: FormData) {
  const user = await ctx.requireUser();
  const parsed = parseSubmission(form, EmailChangeSchema);
  if (!parsed.ok) return parsed.refusal;
  const wait = await ctx.limits.hit(`email-change:${user.id}`, EMAIL_CHANGE_PER_RESIDENT);
  if (wait) return tooMany(wait, "email", form, ["email"]);
  const auth = await ctx.auth();
  const result = await auth.changeEmail(request, parsed.value.email);
  if (!result.ok) {
    const field = result.error === "email_taken" ? { fieldErrors: { email: [result.message ?? ERROR_TEXT.email_taken] } } : { formErrors: [result.message ?? ERROR_TEXT[result.error]] };
    return parsed.refuse(statusOf(result.error, 400), field, { headers: result.headers });
  }
  const email = parsed.value.email.toLowerCase();
  if (result.value.mail) mailAfterResponse(ctx, "e-mail change link", email, result.value.mail);
  return redirectWithFlash(request, "/edit-profile", `Enviamos um link para ${email}. Seu e-mail muda quando você abrir o link.`, { headers: result.headers });
}
