import { useEffect, useRef } from "react";
import { Form, redirect } from "react-router";
import { readForm } from "../../server/toolkit/action";
import { getRequestContext } from "../../server/toolkit/request-context";
import type { Route } from "./+types/auth-callback";

export const meta: Route.MetaFunction = () => [{ title: "Entrando… · Guida" }, { name: "robots", content: "noindex" }];

/**
 * Where Google sign-in comes back. PKCE: ?code= is exchanged on the server and the user
 * goes to / with a clean URL. Errors are logged only (the spec) and the user goes to /login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const auth = await getRequestContext(context).auth();
  if (code) {
    const result = await auth.exchangeCode(request, code);
    return redirect(result.ok ? "/" : "/login", { headers: result.headers });
  }
  const error = url.searchParams.get("error_description") ?? url.searchParams.get("error");
  if (error) {
    console.error("[auth] OAuth callback error:", error.slice(0, 200));
    return redirect("/login");
  }
  // No code: the tokens may be in the URL fragment, which only the browser sees.
  return null;
}

// Implicit flow: the page posts the fragment's tokens here, then the URL is clean.
export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form carries no tokens either: back to /login like any other.
  const read = await readForm(request);
  const form = read.ok ? read.form : null;
  const accessToken = String(form?.get("access_token") ?? "");
  const refreshToken = String(form?.get("refresh_token") ?? "");
  if (!accessToken || !refreshToken) return redirect("/login", 303);
  const auth = await getRequestContext(context).auth();
  const result = await auth.acceptTokens(request, { accessToken, refreshToken });
  return redirect(result.ok ? "/" : "/login", { status: 303, headers: result.headers });
}

export default function AuthCallback() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    // Clean the URL at once: tokens must not stay in history.
    window.history.replaceState(null, "", "/auth/callback");
    const access = fragment.get("access_token");
    const refresh = fragment.get("refresh_token");
    if (!access || !refresh || !form.current) {
      if (fragment.get("error")) console.error("[auth] OAuth callback error:", fragment.get("error_description") ?? fragment.get("error"));
      window.location.replace("/login");
      return;
    }
    (form.current.elements.namedItem("access_token") as HTMLInputElement).value = access;
    (form.current.elements.namedItem("refresh_token") as HTMLInputElement).value = refresh;
    form.current.submit();
  }, []);
  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-semibold">Entrando…</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Só um instante.</p>
      <Form ref={form} method="post" reloadDocument className="hidden">
        <input type="hidden" name="access_token" />
        <input type="hidden" name="refresh_token" />
      </Form>
    </div>
  );
}
