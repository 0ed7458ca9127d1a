import { data, Form, Link, redirect } from "react-router";
import { keysetPageHref, Pagination, pageRequestFromUrl } from "~/components/pagination";
import { listPageHref } from "~/components/pagination";
import { Picture } from "~/components/picture";
import { favoriteDetails, favoriteTitle, parsePendingFavorite, pendingFavoriteValue } from "#core/favorites";
import { formatBRL } from "#core/format";
import { hrefOf, isItemKind, ITEM_KIND_LABELS, ITEM_KINDS, type ItemKind } from "#core/item-kinds";
import { refusalOf, type Refused } from "#core/refused";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { KindIcon } from "~/components/ui/kind-icon";
import { cardClass } from "~/components/ui/card";
import { replyRefused, visitorAction } from "#server/toolkit/action";
import { isRefusedPage } from "#server/toolkit/refuse-page";
import { addFavorite, listFavorites, removeFavorite } from "#server/models/favorites";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/favorites";

export const meta: Route.MetaFunction = () => [{ title: "Favoritos · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const url = new URL(request.url);
  const tipo = url.searchParams.get("tipo");
  const type = isItemKind(tipo) ? tipo : undefined;
  const pageRequest = pageRequestFromUrl(url);
  const page = pageRequest.page;
  try {
    // One page of 20, newest first: a resident with thousands gets a page the size of anyone's.
    const list = await ctx.db.asCaller((tx) => listFavorites(tx, user.id, { type, ...pageRequest }));
    // Only what a line shows travels to the page (a heavy resident's page stays small).
    const favorites = list.favorites.map((f) => ({
      id: f.id,
      type: f.type,
      title: favoriteTitle(f),
      details: favoriteDetails(f, formatBRL),
      image: f.image ?? f.coverImage ?? f.authorAvatar,
    }));
    // Everything listed here is a favorite: the hearts elsewhere on screen need nothing more.
    return { favorites, hasMore: list.hasMore, page: list.page, type: type ?? null, error: null };
  } catch (error) {
    // The spec: a failed load shows "Error fetching favorites" with the server's message.
    console.error("[favorites] load failed:", error);
    return { favorites: [], hasMore: false, page, type: type ?? null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * POST /favorites — intent (add | remove), itemType, itemId, optional redirectTo.
 * The favorite's fields are copied from the item on the server; anything else the form
 * sends is ignored. RLS makes every favorite belong to the caller.
 */
export const action = visitorAction("/favorites", async (_args: Route.ActionArgs, { ctx, user, form, intent, back, viaFetcher }) => {
  const itemType = form.get("itemType");
  const itemId = String(form.get("itemId") ?? "");
  if (!user) {
    // Without JavaScript the spec's "Login required" becomes a trip to /login and back.
    if (viaFetcher) return replyRefused(401, ["Login required", "You need to be logged in to add favorites."], { intent });
    // …and the heart goes along, so signing in adds the favorite (core/favorites.ts).
    const login = new URLSearchParams({ redirectTo: back });
    const pending = intent === "add" && isItemKind(itemType) ? parsePendingFavorite(pendingFavoriteValue(itemType, itemId)) : null;
    if (pending) login.set("favoritar", pendingFavoriteValue(pending.type, pending.id));
    return redirect(`/login?${login}`, 303);
  }
  const failed = intent === "remove" ? REMOVE_FAILED : ADD_FAILED;
  if (intent !== "add" && intent !== "remove") return replyRefused(400, failed, { intent });
  if (!isItemKind(itemType)) return replyRefused(400, failed, { intent });

  try {
    if (intent === "add") {
      const outcome = await ctx.db.asCaller((tx) => addFavorite(tx, user.id, itemType, itemId));
      if (outcome === "not_found") return replyRefused(404, failed, { intent });
    } else {
      // Removing what is not a favorite (an unknown id, or one never saved) changed nothing: say so.
      const removed = await ctx.db.asCaller((tx) => removeFavorite(tx, user.id, itemId));
      if (!removed) return replyRefused(404, failed, { intent });
    }
  } catch (error) {
    // The database refused a blocked resident (asCaller's 403 page): the heart's toast says
    // why, and a plain form shows the page. It is a refusal, not a failure of the server.
    if (isRefusedPage(error)) {
      const page = error.data;
      if (viaFetcher && page) return replyRefused(error.init?.status ?? 403, [page.title, page.message], { intent });
      throw error;
    }
    console.error(`[favorites] ${intent} failed:`, error);
    return replyRefused(500, failed, { intent });
  }
  if (viaFetcher) return null;
  return redirect(back, 303);
});

const ADD_FAILED = "Error adding favorite";
const REMOVE_FAILED = "Error removing favorite";

/**
 * A heart tapped with weak signal, or a server that failed, is the spec's toast (the heart
 * goes back), never the error page. The refusal's 503 also tells React Router not to reload
 * every loader over the same bad connection.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (the plain form's answer) is not a failure.
    if (error instanceof Response) throw error;
    console.error(`[favorites] ${intent} failed:`, error);
    const result = { status: "error" as const, error: { "": [intent === "remove" ? REMOVE_FAILED : ADD_FAILED] } };
    return data<Refused>({ intent, result }, { status: 503 });
  }
}

export default function Favorites({ loaderData, actionData }: Route.ComponentProps) {
  const { favorites, hasMore, page, type, error } = loaderData;
  // "Próxima"/"Anterior" carry the cursor (?depois=/?antes=).
  const listHref = keysetPageHref("/favorites", { tipo: type ?? undefined }, page, favorites);
  const refused = refusalOf(actionData);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Favoritos</h1>
      {error ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">Error fetching favorites</p>
          <p>{error}</p>
        </div>
      ) : null}
      {refused ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
          {refused}
        </p>
      ) : null}
      {/* One row that scrolls sideways: wrapped, the eight filters took four rows (~200 px)
          of a 360 px screen before the first favorite. */}
      <nav aria-label="Tipos de favorito" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        <FilterLink to="/favorites" current={type === null} label="Todos" />
        {ITEM_KINDS.map((t) => (
          <FilterLink key={t} to={`/favorites?tipo=${t}`} current={type === t} label={ITEM_KIND_LABELS[t]} kind={t} />
        ))}
      </nav>
      {favorites.length === 0 && !error ? (
        <EmptyState>
          {type ? "Nenhum favorito deste tipo ainda." : "Você ainda não favoritou nada. Toque no coração de um negócio, item ou post para guardar aqui."}
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {favorites.map((f) => (
            <li key={f.id} className={cardClass("flex items-center gap-3 p-3")}>
              <Picture image={f.image} alt="" sizes="56px" className="size-14 shrink-0 self-start rounded-lg" />
              {/* "Remover" goes under the text: beside it, with the picture, it left a title
                  ~10 characters of a 360 px screen. */}
              <div className="min-w-0 flex-1">
                <Link to={hrefOf(f.type, f.id)} className="block">
                  <span className="block text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-100">{ITEM_KIND_LABELS[f.type]}</span>
                  <span className="line-clamp-2 break-words font-semibold leading-snug">{f.title}</span>
                  <span className="block truncate text-sm text-stone-600 dark:text-stone-300">{f.details}</span>
                </Link>
                <Form method="post" className="mt-1">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="itemType" value={f.type} />
                  <input type="hidden" name="itemId" value={f.id} />
                  <input type="hidden" name="redirectTo" value={listPageHref("/favorites", { tipo: type ?? undefined }, page)} />
                  <Button type="submit" variant="secondary" size="xs">
                    Remover
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} hasMore={hasMore} href={listHref} />
    </div>
  );
}

// The kind's icon is on its filter, once per kind: on every one of the 20 rows it would
// take /favorites over its 50 KB (issue #16).
function FilterLink({ to, current, label, kind }: { to: string; current: boolean; label: string; kind?: ItemKind }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-4 text-sm font-semibold ${
        current ? "bg-brand-600 text-white" : "bg-white text-stone-800 shadow-sm dark:bg-stone-900 dark:text-stone-100"
      }`}
    >
      {kind ? <KindIcon kind={kind} size={16} /> : null}
      {label}
    </Link>
  );
}
