import { redirect } from "react-router";
import { announceSignOut } from "#server/live/events";
import { redirectWithFlash } from "#server/toolkit/action";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/logout";

// POST /logout — ends the server session, expires the session and sb-* cookies, then
// shows "Logout realizado com sucesso!" on /. The browser-side steps run in the form's
// submit handler (app/client/sign-out.ts).
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const resident = (await ctx.session()).user?.id;
  const headers = await (await ctx.auth()).signOut(request);
  // Their open live streams end on every server (issue #25): they were authorised by this session.
  if (resident) await announceSignOut(resident);
  return redirectWithFlash(request, "/", "Logout realizado com sucesso!", { headers });
}

export function loader() {
  // Signing out changes state, so it only happens by POST; a GET just goes home.
  return redirect("/");
}
