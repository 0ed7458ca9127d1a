import {
  data,
  type ShouldRevalidateFunctionArgs,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { lazy, Suspense, useEffect, useLayoutEffect } from "react";
import { LiveProvider } from "./components/live";
import { BottomNav } from "./components/bottom-nav";
import { ErrorPage } from "./components/error-page";
import { markHydrated } from "./components/picture";
import { PageSpinner } from "./components/page-spinner";
import { SearchBar } from "./components/search-bar";
import { ThemeToggle } from "./components/theme-toggle";
import { LazyToaster, SimpleToaster } from "./components/ui/toast";
import { FavoritesLoadError, FavoritesProvider } from "./components/favorites";
import { FlashMessage } from "./components/flash-message";
import { LoaderCacheSync } from "./components/loader-cache-sync";
import { LastPathTracker } from "./components/last-path-tracker";
import { OAuthFragmentSignIn } from "./components/oauth-fragment";
import { UserProvider, type CurrentUser } from "./components/user-context";
import { useNonce } from "./lib/nonce";
import { EARLY_EVENTS_SCRIPT, HYDRATED_MARK } from "./lib/early-events";
import { useHydrated } from "./lib/use-hydrated";
import { DEFAULT_THEME, themeFromCookieHeader, type Theme } from "./lib/theme";
import { readFlash } from "../server/toolkit/flash";
import { badges } from "../server/cache/reads";
import { getRequestContext, requestContextMiddleware } from "../server/toolkit/request-context";
// The stylesheet is rendered by the layout with a React `precedence`, not through <Links />:
// React 19 hoists resources with a precedence ahead of the route modules' modulepreload
// links, so on a phone's few HTTP/1.1 connections the page's only render-blocking file is
// asked for first instead of queued behind two dozen scripts (the largest paint waited on it).
import stylesheetHref from "./app.css?url";

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

// The update banner, the install dialog and the service worker's registration render nothing
// on the server and nothing until a browser event: their code (~3 KiB gzip) is fetched once
// the page is hydrated, not with its first view. The install event is kept until then by
// the inline script below (app/lib/early-events.ts).
const PwaPrompts = lazy(() => import("./components/pwa-prompts").then((module) => ({ default: module.PwaPrompts })));

function AfterHydration() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme: Theme = rootData?.theme ?? DEFAULT_THEME;
  const nonce = useNonce();
  return (
    <html lang="pt-BR" className={theme === "dark" ? "dark" : undefined} style={{ colorScheme: theme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={theme === "dark" ? "#0c0a09" : "#047857"} />
        {/* Installed on iOS (Safari reads these instead of the manifest's display and name). */}
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <meta name="apple-mobile-web-app-title" content="Guida" />
        <link rel="stylesheet" href={stylesheetHref} precedence="default" nonce={nonce} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_EVENTS_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh font-sans">
        {children}
        <AfterHydration />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

type ShellProps = {
  theme: Theme;
  user: CurrentUser;
  unreadNotifications?: number;
  children: React.ReactNode;
};

function Shell({ theme, user, unreadNotifications = 0, children }: ShellProps) {
  return (
    <UserProvider user={user}>
    <LiveProvider userId={user?.id ?? null}>
    <FavoritesProvider>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Pular para o conteúdo
      </a>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur dark:border-stone-800 dark:bg-stone-900/95">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-2">
          <Link to="/" className="flex min-h-11 items-center text-xl font-bold tracking-tight text-brand-700 dark:text-brand-100">
            Guida
          </Link>
          <SearchBar />
          <ThemeToggle theme={theme} />
        </div>
      </header>
      <main id="conteudo" className="mx-auto max-w-3xl px-4 pb-28 pt-4">
        {children}
      </main>
      <BottomNav unreadNotifications={unreadNotifications} />
      <PageSpinner />
      <LastPathTracker />
      <OAuthFragmentSignIn />
      <SimpleToaster />
      <LazyToaster />
      <LoaderCacheSync />
      <FavoritesLoadError />
    </FavoritesProvider>
    </LiveProvider>
    </UserProvider>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Runs once, after every child's first render: from here on, new images consult the cache first.
  useEffect(markHydrated, []);
  // The moment hydration has committed (handlers attached), before any effect's lazy import:
  // what tests and bench/phone.mjs measure the first view against.
  useLayoutEffect(() => {
    performance.mark(HYDRATED_MARK);
  }, []);
  return (
    <Shell
      theme={loaderData.theme}
      user={loaderData.user}
      unreadNotifications={loaderData.unreadNotifications}
    >
      <FlashMessage flash={loaderData.flash} />
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <Shell theme={rootData?.theme ?? DEFAULT_THEME} user={rootData?.user ?? null}>
      <ErrorPage error={error} />
    </Shell>
  );
}
