import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { AppShell, DocumentLayout, ErrorShell } from "./components/app-shell";
import { themeFromCookieHeader } from "#core/theme";
import { readFlash } from "#server/toolkit/flash";
import { badges } from "#server/cache/reads";
import { getRequestContext, requestContextMiddleware } from "#server/toolkit/request-context";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png", sizes: "180x180" },
];

// Every loader and action below reads the session and the database through one request
// context (server/toolkit/request-context.ts), built here once per request.
export const middleware: Route.MiddlewareFunction[] = [requestContextMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const session = await ctx.session();
  const { flash, clear } = readFlash(request);
  const headers = new Headers();
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (clear) headers.append("Set-Cookie", clear);
  const user = session.user
    ? { id: session.user.id, fullName: session.user.fullName, username: session.user.username, avatarUrl: session.user.avatarUrl }
    : null;
  // Each page carries its own hearts' state (server/toolkit/favorite-state.ts): the shell
  // only needs the unread count.
  let unreadNotifications = 0;
  if (session.user) {
    try {
      ({ unreadNotifications } = await ctx.db.own(badges, null));
    } catch (error) {
      console.error("[badges] load failed:", error);
    }
  }
  return data(
    {
      // The theme is rendered from its cookie so the first paint is already right.
      theme: themeFromCookieHeader(request.headers.get("Cookie")),
      user,
      unreadNotifications,
      flash,
      // Save-Data: on (a phone's data saver) makes every image pick its smallest width.
      saveData: request.headers.get("Save-Data")?.toLowerCase() === "on",
    },
    { headers },
  );
}

/**
 * The root's data (user, unread count, flash) changes with writes, not with
 * moving between pages: skip its request on plain navigations, so a listing served from
 * the loader cache costs no request at all.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  // An explicit revalidation (coming back online) keeps the URL.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

// Set-Cookie from the session (sliding expiry) and the flash reach document responses too.
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers();
  for (const source of [actionHeaders, loaderHeaders]) {
    for (const cookie of source.getSetCookie()) out.append("Set-Cookie", cookie);
  }
  return out;
};

// The document, the shell and the error page live in components/app-shell.tsx.
export function Layout({ children }: { children: React.ReactNode }) {
  return <DocumentLayout>{children}</DocumentLayout>;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return <AppShell loaderData={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorShell error={error} />;
}
