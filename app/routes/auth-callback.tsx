import { useEffect } from "react";
import { redirect } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { readForm } from "#server/toolkit/action";
import { getRequestContext } from "#server/toolkit/request-context";
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
  const hydrated = useHydrated();
  // The tokens in the fragment are read by the shell (OAuthFragmentSignIn) on any page; here,
  // a callback without them has nothing to finish.
  useEffect(() => {
    if (!window.location.hash.includes("access_token=") && !window.location.hash.includes("error=")) window.location.replace("/login");
  }, []);
  return (
    <div className="py-16 text-center">
      {hydrated ? (
        <>
          <h1 className="text-xl font-semibold">Entrando…</h1>
          <p className="mt-2 text-stone-600 dark:text-stone-300">Só um instante.</p>
        </>
      ) : null}
      <noscript>
        <h1 className="text-xl font-semibold">Não deu para terminar de entrar</h1>
        <p className="mx-auto mt-2 max-w-sm text-stone-600 dark:text-stone-300">
          Entrar com o Google precisa de JavaScript. Ative o JavaScript no navegador e tente de novo, ou entre com seu e-mail e senha.
        </p>
        <p className="mt-4">
          <a href="/login" className="font-semibold text-brand-700 underline dark:text-brand-100">
            Entrar com e-mail e senha
          </a>
        </p>
      </noscript>
    </div>
  );
}
