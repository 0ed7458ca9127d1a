import { redirect } from "react-router";
import { getAuth } from "../../server/auth";
import { flashCookie } from "../../server/flash";
import type { Route } from "./+types/logout";

// POST /logout — ends the server session, expires the session and sb-* cookies, then
// shows "Logout realizado com sucesso!" on /. The browser-side steps run in the form's
// submit handler (app/client/sign-out.ts).
export async function action({ request }: Route.ActionArgs) {
  const auth = await getAuth();
  const headers = await auth.signOut(request);
  headers.append("Set-Cookie", flashCookie(request, { kind: "success", message: "Logout realizado com sucesso!" }));
  return redirect("/", { status: 303, headers });
}

export function loader() {
  // Signing out changes state, so it only happens by POST; a GET just goes home.
  return redirect("/");
}
