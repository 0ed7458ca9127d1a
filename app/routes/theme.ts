import { redirect } from "react-router";
import { safeRedirectPath } from "#core/redirects";
import { isTheme, themeCookie } from "#core/theme";
import { readForm, replyRefused } from "#server/toolkit/action";
import { isHttps } from "#server/web/origin";
import type { Route } from "./+types/theme";

// POST /theme — theme (light|dark), optional redirectTo. Works as a plain form post.
export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return read.refusal;
  const theme = read.form.get("theme");
  if (!isTheme(theme)) return replyRefused(400, "Tema inválido: escolha claro (light) ou escuro (dark).");
  return redirect(safeRedirectPath(read.form.get("redirectTo"), "/"), {
    status: 303,
    headers: { "Set-Cookie": themeCookie(theme, isHttps(request)) },
  });
}

export function loader() {
  // Nothing to show at /theme itself; a GET goes home.
  return redirect("/");
}
