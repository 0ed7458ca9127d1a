import { data, redirect } from "react-router";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data";
import { safeRedirectPath } from "~/lib/redirects";
import { isTheme, themeCookie } from "~/lib/theme";
import { isHttps } from "../../server/http";
import type { Route } from "./+types/theme";

// POST /theme — theme (light|dark), optional redirectTo. Works as a plain form post.
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (!form) return data({ error: UNREADABLE_FORM }, { status: 400 });
  const theme = form.get("theme");
  if (!isTheme(theme)) {
    return data({ error: "Tema inválido: escolha claro (light) ou escuro (dark)." }, { status: 400 });
  }
  const secure = isHttps(request);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), {
    status: 303,
    headers: { "Set-Cookie": themeCookie(theme, secure) },
  });
}

export function loader() {
  // Nothing to show at /theme itself; a GET goes home.
  return redirect("/");
}
