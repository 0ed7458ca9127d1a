import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";

/**
 * The spec: after an OAuth redirect carrying an access token in the URL, the session is read,
 * the URL is cleaned and the user goes to /. Supabase's implicit flow may land on any page
 * (the Site URL, often "/") with `#access_token=…&refresh_token=…`, which only the browser
 * sees: this takes the tokens out of the address bar at once (they must not stay in history)
 * and posts them to /auth/callback, whose action makes them a session and answers with /.
 */
export function OAuthFragmentSignIn() {
  const form = useRef<HTMLFormElement>(null);
  const { hash, pathname, search } = useLocation();
  useEffect(() => {
    if (!hash.includes("access_token=") && !hash.includes("error=")) return;
    const fragment = new URLSearchParams(hash.slice(1));
    window.history.replaceState(window.history.state, "", pathname + search);
    const access = fragment.get("access_token");
    const refresh = fragment.get("refresh_token");
    if (!access || !refresh || !form.current) {
      // OAuth callback errors are logged only (the spec).
      if (fragment.get("error")) console.error("[auth] OAuth callback error:", fragment.get("error_description") ?? fragment.get("error"));
      if (pathname === "/auth/callback") window.location.replace("/login");
      return;
    }
    (form.current.elements.namedItem("access_token") as HTMLInputElement).value = access;
    (form.current.elements.namedItem("refresh_token") as HTMLInputElement).value = refresh;
    form.current.submit();
  }, [hash, pathname, search]);
  return (
    <Form ref={form} method="post" action="/auth/callback" reloadDocument hidden>
      <input type="hidden" name="access_token" />
      <input type="hidden" name="refresh_token" />
    </Form>
  );
}
