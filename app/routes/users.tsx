import { Form, Link } from "react-router";
import { cachedClientLoader } from "~/client/cached-client-loader";
import { ProfileLinkCard } from "~/components/profile-view";
import { Button, buttonClass } from "~/components/ui/button";
import { keysetPageHref, pageRequestFromUrl } from "~/components/pagination";
import { residentList } from "#server/cache/reads";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [
  { title: "Moradores · Guida" },
  { name: "description", content: "Quem participa do Guida em Vila Serena." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 80);
  // A visitor's is a shared read, dropped by a change to profiles (issue #28); a resident's runs
  // with their claims (their own hidden profile, a moderator's view).
  const list = await getRequestContext(context).db.asViewer(residentList, { query, ...pageRequestFromUrl(url) });
  return { ...list, query };
}

// Repeat visits within 5 minutes come from the in-memory loader cache (app/lib/loader-cache.ts).
export const clientLoader = (args: Route.ClientLoaderArgs) => cachedClientLoader(args);

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, hasMore, query, page } = loaderData;
  const pageLink = keysetPageHref("/users", { q: query }, page, users);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Moradores</h1>
      {/* Named, so it is told apart from the header's search landmark. */}
      <Form method="get" role="search" aria-label="Buscar moradores" className="flex gap-2">
        <label htmlFor="users-q" className="sr-only">
          Buscar pelo nome
        </label>
        <input
          id="users-q"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="Buscar pelo nome"
          className="min-h-11 flex-1 rounded-lg border border-stone-300 bg-white px-3 dark:border-stone-700 dark:bg-stone-900"
        />
        <Button type="submit" variant="primary" size="md">
          Buscar
        </Button>
      </Form>
      {users.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-300">
          {query ? `Ninguém encontrado para “${query}”.` : "Ainda não há moradores cadastrados."}
        </p>
      ) : (
        <ul className="space-y-2">
          {users.map((user) => (
            <li key={user.id}>
              <ProfileLinkCard user={user} />
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Páginas" className="flex justify-between">
        {page > 1 ? (
          <Link to={pageLink(page - 1)} className={buttonClass("link", "md")}>
            Anterior
          </Link>
        ) : (
          <span />
        )}
        {hasMore ? (
          <Link to={pageLink(page + 1)} className={buttonClass("link", "md")}>
            Próxima
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
