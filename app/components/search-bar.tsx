import { Form, useSearchParams } from "react-router";

/** The header's search: a GET form to /search, so it works without JavaScript. */
export function SearchBar() {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/search" role="search" aria-label="Buscar em Vila Serena" className="flex flex-1 items-center">
      <label htmlFor="busca" className="sr-only">
        Buscar em Vila Serena
      </label>
      <input
        id="busca"
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        key={params.get("q") ?? ""}
        placeholder="Buscar na cidade"
        enterKeyHint="search"
        className="min-h-11 w-full rounded-full border border-stone-300 bg-stone-50 px-4 text-base dark:border-stone-700 dark:bg-stone-800"
      />
    </Form>
  );
}
