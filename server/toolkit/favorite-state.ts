import { NO_FAVORITES, type FavoriteState } from "../../app/lib/favorites";
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
