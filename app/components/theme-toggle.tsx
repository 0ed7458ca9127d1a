import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { IconTooltip } from "~/components/ui/tooltip";
import { documentCookie } from "#core/document-cookie";
import { THEME_COOKIE, THEME_STORAGE_KEY, isTheme, type Theme } from "#core/theme";

/**
 * A plain form posting to /theme, so it works with JavaScript off; with JavaScript on
 * it submits through a fetcher and keeps localStorage (the spec's "guida-theme") and
 * the cookie (what the server renders from) in step.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const shown: Theme = isTheme(pending) ? pending : theme;
  const next: Theme = shown === "dark" ? "light" : "dark";

  useEffect(() => {
    document.documentElement.classList.toggle("dark", shown === "dark");
    document.documentElement.style.colorScheme = shown;
  }, [shown]);

  // On hydration: the cookie, when there is one, is the truth (a switch tapped before the
  // page was hydrated posted the form natively and set only the cookie) and localStorage
  // follows it. Without a cookie, a theme saved in localStorage (e.g. before the cookie
  // existed) wins and is mirrored into the cookie.
  useEffect(() => {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (isTheme(documentCookie(document.cookie, THEME_COOKIE)) || !isTheme(saved)) {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } else if (saved !== theme) {
      // redirectTo keeps the visitor where they are: without it the action's redirect
      // would navigate to "/".
      void fetcher.submit(
        { theme: saved, redirectTo: location.pathname + location.search },
        { method: "post", action: "/theme" },
      );
    }
    // Runs once on hydration by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <fetcher.Form
      method="post"
      action="/theme"
      onSubmit={() => window.localStorage.setItem(THEME_STORAGE_KEY, next)}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <IconTooltip label={next === "dark" ? "Tema escuro" : "Tema claro"}>
      <button
        type="submit"
        className="flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
        aria-label={next === "dark" ? "Ativar tema escuro" : "Ativar tema claro"}
      >
        {next === "dark" ? (
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
          </svg>
        ) : (
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </svg>
        )}
      </button>
      </IconTooltip>
    </fetcher.Form>
  );
}
