import { createContext, useContext, useEffect, useMemo } from "react";
import { useFetcher, useLocation, useMatches } from "react-router";
import { simpleToasts } from "~/components/ui/toast";
import type { FavoriteState } from "#core/favorites";
import type { ItemKind } from "#core/item-kinds";
import { refusalMessages, type Refused } from "#core/refused";
import { IconTooltip } from "~/components/ui/tooltip";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCurrentUser } from "./user-context";

type FavoritesValue = { ids: ReadonlySet<string>; error: string | null };

const FavoritesContext = createContext<FavoritesValue | undefined>(undefined);

function isFavoriteState(value: unknown): value is FavoriteState {
  return Boolean(value && typeof value === "object" && Array.isArray((value as FavoriteState).ids));
}

/**
 * The hearts' state of what is on screen: each matched route's loader returns the state of
 * the items it shows as `favoriteState` (server/toolkit/favorite-state.ts), and this gathers
 * them (empty for a visitor). No page carries every id the resident ever saved.
 */
export function FavoritesProvider({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const states = matches.map((match) => (match.loaderData as { favoriteState?: unknown } | undefined)?.favoriteState).filter(isFavoriteState);
  const key = JSON.stringify(states);
  const value = useMemo<FavoritesValue>(
    () => ({ ids: new Set(states.flatMap((state) => state.ids)), error: states.find((state) => state.error)?.error ?? null }),
    // `states` is rebuilt every render; its JSON says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

/** The spec: using the favorites context outside its provider throws. */
export function useFavorites(): FavoritesValue {
  const value = useContext(FavoritesContext);
  if (value === undefined) throw new Error("useFavorites must be used within a FavoritesProvider");
  return value;
}

/**
 * A heart that adds or removes a favorite: a plain form post to /favorites (works with
 * JavaScript off; a visitor is sent to /login and back), optimistic with a fetcher when
 * JavaScript is on. The form sends only the item's type and id.
 */
export function FavoriteButton({ itemType, itemId, label }: { itemType: ItemKind; itemId: string; label: string }) {
  const { ids } = useFavorites();
  const user = useCurrentUser();
  const fetcher = useFetcher<Refused | null>();
  const location = useLocation();
  // Present only once hydrated: tells the action to answer the fetcher with data instead
  // of the redirect a plain form post needs.
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("intent");
  const isFavorite = pending ? pending === "add" : ids.has(itemId);

  useEffect(() => {
    const [title, description] = fetcher.state === "idle" ? refusalMessages(fetcher.data) : [];
    if (title) simpleToasts.toast({ title, description, variant: "destructive" });
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <fetcher.Form
        method="post"
        action="/favorites"
        onSubmit={(event) => {
          if (!user) {
            // With JavaScript, the spec's toast instead of a trip to /login.
            event.preventDefault();
            simpleToasts.toast({ title: "Login required", description: "You need to be logged in to add favorites." });
          }
        }}
      >
        <input type="hidden" name="intent" value={isFavorite ? "remove" : "add"} />
        <input type="hidden" name="itemType" value={itemType} />
        <input type="hidden" name="itemId" value={itemId} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
        <IconTooltip label={isFavorite ? "Remover dos favoritos" : "Favoritar"}>
        <button
          type="submit"
          aria-pressed={isFavorite}
          aria-label={isFavorite ? `Remover ${label} dos favoritos` : `Favoritar ${label}`}
          className="flex size-11 items-center justify-center rounded-full border border-stone-300 bg-white text-rose-600 hover:bg-rose-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800"
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill={isFavorite ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
            <path d="M12 21s-7.5-4.6-9.5-9.2C1 8.3 3.2 5 6.6 5c2 0 3.5 1.1 4.4 2.6h2C13.9 6.1 15.4 5 17.4 5 20.8 5 23 8.3 21.5 11.8 19.5 16.4 12 21 12 21z" />
          </svg>
        </button>
        </IconTooltip>
      </fetcher.Form>
    </>
  );
}

/** The spec's "Error fetching favorites" with the server's message, when a page's hearts could not be read. */
export function FavoritesLoadError() {
  const { error } = useFavorites();
  if (!error) return null;
  return (
    <div role="alert" className="fixed inset-x-4 top-16 z-40 mx-auto max-w-sm rounded-xl bg-red-700 px-4 py-3 text-sm text-white shadow-lg">
      <p className="font-semibold">Error fetching favorites</p>
      <p>{error}</p>
    </div>
  );
}
