import { NO_FAVORITES, parsePendingFavorite, type FavoriteState } from "#core/favorites";
import type { SessionUser } from "../auth";
import { addFavorite } from "../models/favorites";
import { favoriteState } from "../cache/reads";
import type { RequestContext } from "./request-context";

/**
 * The hearts' state of the items a page shows, for its loader to return as `favoriteState`
 * (app/components/favorites.tsx gathers it from every matched route). A visitor has none and
 * costs no query; a failed read is the spec's "Error fetching favorites", not a broken page.
 */
export async function favoriteStateOf(ctx: RequestContext, itemIds: readonly string[]): Promise<FavoriteState> {
  if (itemIds.length === 0 || !(await ctx.user())) return NO_FAVORITES;
  try {
    return { ids: await ctx.db.own(favoriteState, { itemIds: [...itemIds] }), error: null };
  } catch (error) {
    console.error("[favorites] load failed:", error);
    return { ids: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The favorite a visitor's heart asked for before signing in (the sign-in form's `favorite`
 * field): added as the resident who has just signed in. A failure only costs the favorite,
 * never the sign-in.
 */
export async function addFavoriteAfterSignIn(ctx: RequestContext, user: SessionUser, pending: unknown): Promise<void> {
  const favorite = parsePendingFavorite(pending);
  if (!favorite) return;
  try {
    await ctx.db.asSignedIn(user, (tx) => addFavorite(tx, user.id, favorite.type, favorite.id));
  } catch (error) {
    console.error("[favorites] add after sign-in failed:", error);
  }
}
