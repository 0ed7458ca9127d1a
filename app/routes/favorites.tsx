import { Form, Link, redirect } from "react-router";
import { Picture } from "~/components/picture";
import { formatBRL, formatShortDate } from "~/lib/format";
import { hrefOf, isItemKind, ITEM_KIND_LABELS, ITEM_KINDS, type ItemKind } from "~/lib/item-kinds";
import { safeRedirectPath } from "~/lib/redirects";
import { refusalOf } from "~/lib/refused";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { cardClass } from "~/components/ui/card";
import { intentOf, readForm, replyRefused } from "../../server/toolkit/action";
import { addFavorite, listFavorites, removeFavorite } from "../../server/models/favorites";
import { getRequestContext } from "../../server/toolkit/request-context";
import type { Route } from "./+types/favorites";

export const meta: Route.MetaFunction = () => [{ title: "Favoritos · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const tipo = new URL(request.url).searchParams.get("tipo");
  const type = isItemKind(tipo) ? tipo : undefined;
  try {
    const favorites = await ctx.db.asCaller((tx) => listFavorites(tx, user.id, type));
    return { favorites, type: type ?? null, error: null };
  } catch (error) {
    // The spec: a failed load shows "Error fetching favorites" with the server's message.
    console.error("[favorites] load failed:", error);
    return { favorites: [], type: type ?? null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * POST /favorites — intent (add | remove), itemType, itemId, optional redirectTo.
 * The favorite's fields are copied from the item on the server; anything else the form
 * sends is ignored. RLS makes every favorite belong to the caller.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const read = await readForm(request);
  if (!read.ok) return read.refusal;
  const { form } = read;
  const intent = intentOf(form);
  const itemType = form.get("itemType");
  const itemId = String(form.get("itemId") ?? "");
  const back = safeRedirectPath(form.get("redirectTo"), "/favorites");
  const viaFetcher = form.get("via") === "fetcher";

  const user = await ctx.user();
  if (!user) {
    // Without JavaScript the spec's "Login required" becomes a trip to /login and back.
    if (viaFetcher) return replyRefused(401, ["Login required", "You need to be logged in to add favorites."], { intent });
    return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
  }
  const failed = intent === "remove" ? "Error removing favorite" : "Error adding favorite";
  if (intent !== "add" && intent !== "remove") return replyRefused(400, failed, { intent });
  if (intent === "add" && !isItemKind(itemType)) return replyRefused(400, failed, { intent });

  try {
    if (intent === "add") {
      const outcome = await ctx.db.asCaller((tx) => addFavorite(tx, user.id, itemType as ItemKind, itemId));
      if (outcome === "not_found") return replyRefused(404, failed, { intent });
    } else {
      await ctx.db.asCaller((tx) => removeFavorite(tx, user.id, itemId));
    }
  } catch (error) {
    console.error(`[favorites] ${intent} failed:`, error);
    return replyRefused(500, failed, { intent });
  }
  if (viaFetcher) return null;
  return redirect(back, 303);
}

export default function Favorites({ loaderData, actionData }: Route.ComponentProps) {
  const { favorites, type, error } = loaderData;
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
      <nav aria-label="Tipos de favorito" className="flex flex-wrap gap-2">
        <FilterLink to="/favorites" current={type === null} label="Todos" />
        {ITEM_KINDS.map((t) => (
          <FilterLink key={t} to={`/favorites?tipo=${t}`} current={type === t} label={ITEM_KIND_LABELS[t]} />
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
              <Picture image={f.image ?? f.coverImage ?? f.authorAvatar} alt="" sizes="56px" className="size-14 shrink-0 rounded-lg" />
              <Link to={hrefOf(f.type, f.id)} className="min-w-0 flex-1">
                <span className="block text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-100">{ITEM_KIND_LABELS[f.type]}</span>
                <span className="block truncate font-semibold">{f.title ?? f.content ?? "Sem título"}</span>
                <span className="block truncate text-sm text-stone-600 dark:text-stone-300">
                  {[f.price ? formatBRL(f.price) : null, f.author ?? f.seller, f.location, f.date ? formatShortDate(f.date) : null]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="itemType" value={f.type} />
                <input type="hidden" name="itemId" value={f.id} />
                <input type="hidden" name="redirectTo" value={type ? `/favorites?tipo=${type}` : "/favorites"} />
                <Button type="submit" variant="secondary" size="xs">
                  Remover
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FilterLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
        current ? "bg-brand-600 text-white" : "bg-white text-stone-800 shadow-sm dark:bg-stone-900 dark:text-stone-100"
      }`}
    >
      {label}
    </Link>
  );
}
