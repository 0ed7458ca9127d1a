import { redirect } from "react-router";
import { redirectWithFlash } from "../../server/toolkit/action";
import { getRequestContext } from "../../server/toolkit/request-context";
import type { Route } from "./+types/logout";

// POST /logout — ends the server session, expires the session and sb-* cookies, then
// shows "Logout realizado com sucesso!" on /. The browser-side steps run in the form's
// submit handler (app/client/sign-out.ts).
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await getRequestContext(context).auth();
  const headers = await auth.signOut(request);
  return redirectWithFlash(request, "/", "Logout realizado com sucesso!", { headers });
}

export function loader() {
  // Signing out changes state, so it only happens by POST; a GET just goes home.
  return redirect("/");
}
