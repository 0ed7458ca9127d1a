import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentProps } from "react";
import { LiveProvider } from "./live";
import { BottomNav } from "./bottom-nav";
import { markHydrated } from "./picture";
import { PageSpinner } from "./page-spinner";
import { SearchBar } from "./search-bar";
import { ThemeToggle } from "./theme-toggle";
import { LazyToaster, SimpleToaster } from "./ui/toast";
import { FavoritesLoadError, FavoritesProvider } from "./favorites";
import { FlashMessage } from "./flash-message";
import { LoaderCacheSync } from "./loader-cache-sync";
import { LastPathTracker } from "./last-path-tracker";
import { UserProvider, type CurrentUser } from "./user-context";
import { useNonce } from "~/hooks/nonce";
import { EARLY_EVENTS_SCRIPT, markDocumentHydrated } from "~/lib/early-events";
import { useHydrated } from "~/hooks/use-hydrated";
import { DEFAULT_THEME, type Theme } from "#core/theme";
// The stylesheet is rendered by the layout with a React `precedence`, not through <Links />:
// React 19 hoists resources with a precedence ahead of the route modules' modulepreload
// links, so on a phone's few HTTP/1.1 connections the page's only render-blocking file is
// asked for first instead of queued behind two dozen scripts (the largest paint waited on it).
import stylesheetHref from "~/app.css?url";

/**
 * The root route's document and app shell (header, bottom navigation, providers), rendered
 * by app/root.tsx. Kept out of the route module so it lands in the shell chunk beside React
 * Router: one file compresses better than two (issue #29's first-view budget).
 */

type Flash = ComponentProps<typeof FlashMessage>["flash"];
type RootData = { theme: Theme; user: CurrentUser; unreadNotifications?: number; flash?: Flash };

// The update banner, the install dialog and the service worker's registration render nothing
// on the server and nothing until a browser event: their code (~3 KiB gzip) is fetched once
// the page is hydrated, not with its first view. The install event is kept until then by
// the inline script below (app/lib/early-events.ts).
const PwaPrompts = lazy(() => import("./pwa-prompts").then((module) => ({ default: module.PwaPrompts })));
// A sign-in finishing from the URL's fragment (Supabase's implicit flow) is rare: its code is
// fetched only when the address carries one.
const OAuthFragmentSignIn = lazy(() => import("./oauth-fragment").then((module) => ({ default: module.OAuthFragmentSignIn })));
// The error page is fetched when an error is shown. The 404 of an unknown address, the one a
// visitor meets most, renders it from its own route (app/routes/not-found.tsx), hydrated at once.
const ErrorPage = lazy(() => import("./error-page").then((module) => ({ default: module.ErrorPage })));

function OAuthFragmentGate() {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  if (!hydrated || !(hash.includes("access_token=") || hash.includes("error="))) return null;
  return (
    <Suspense fallback={null}>
      <OAuthFragmentSignIn />
    </Suspense>
  );
}

function AfterHydration() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  );
}

export function DocumentLayout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<RootData>("root");
  const theme: Theme = rootData?.theme ?? DEFAULT_THEME;
  const nonce = useNonce();
  return (
    <html lang="pt-BR" className={theme === "dark" ? "dark" : undefined} style={{ colorScheme: theme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* Title, description, Open Graph and the Twitter card first: link-preview crawlers
            read only the first bytes of a page (issue #31). The canonical link and noindex
            come before them, written by the server (server/web/indexing.ts). */}
        <Meta />
        <meta name="theme-color" content={theme === "dark" ? "#0c0a09" : "#047857"} />
        {/* Installed on iOS (Safari reads these instead of the manifest's display and name). */}
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <meta name="apple-mobile-web-app-title" content="Guida" />
        <link rel="stylesheet" href={stylesheetHref} precedence="default" nonce={nonce} />
        {/* The browser ran it with the document; hydration neither runs nor compares an inline
            script's text, so the client build leaves the text out (import.meta.env.SSR). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? EARLY_EVENTS_SCRIPT : "" }} />
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
      <OAuthFragmentGate />
      <SimpleToaster />
      <LazyToaster />
      <LoaderCacheSync />
      <FavoritesLoadError />
    </FavoritesProvider>
    </LiveProvider>
    </UserProvider>
  );
}

export function AppShell({ loaderData }: { loaderData: RootData & { unreadNotifications: number; flash: Flash } }) {
  // Runs once, after every child's first render: from here on, new images consult the cache first.
  useEffect(markHydrated, []);
  // The moment hydration has committed (handlers attached), before any effect's lazy import:
  // what tests and bench/phone.mjs measure the first view against.
  useLayoutEffect(markDocumentHydrated, []);
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

export function ErrorShell({ error }: { error: unknown }) {
  useLayoutEffect(markDocumentHydrated, []);
  const rootData = useRouteLoaderData<RootData>("root");
  return (
    <Shell theme={rootData?.theme ?? DEFAULT_THEME} user={rootData?.user ?? null}>
      <Suspense fallback={null}>
        <ErrorPage error={error} />
      </Suspense>
    </Shell>
  );
}
