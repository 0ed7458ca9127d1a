import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { textLinkClass } from "~/components/ui/text-link";
import { PROPOSAL_TITLES, type ProposalPath } from "~/lib/proposal-paths";

/**
 * Pieces the filtered list pages (the directory, the marketplace, favorites) share: the
 * directory's header, their GET filter forms (category, price bounds) and the links to their
 * pages, which carry the filters along so "Próxima" keeps what the resident chose (and works
 * without JavaScript).
 */

const filterInputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base dark:border-stone-700 dark:bg-stone-900";

/** "Categoria" with every category and how many listings it has; "Todas" clears the filter. */
export function CategorySelect({ categories, selected }: { categories: { category: string; count: number }[]; selected: string }) {
  return (
    <>
      <label htmlFor="categoria" className="block text-sm font-medium">
        Categoria
      </label>
      <select id="categoria" name="categoria" defaultValue={selected} className={filterInputClass}>
        <option value="">Todas</option>
        {categories.map((c) => (
          <option key={c.category} value={c.category}>
            {c.category} ({c.count})
          </option>
        ))}
      </select>
    </>
  );
}

/** A price bound of a GET filter ("Preço mínimo (R$)"), kept as the resident typed it ("1.500"). */
export function PriceFilterInput({ name, label, value, placeholder }: { name: string; label: string; value: string; placeholder: string }) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <input id={name} name={name} inputMode="decimal" defaultValue={value} placeholder={placeholder} className={filterInputClass} />
    </div>
  );
}

/** A directory list's title and the link to propose a listing of its kind (/cadastrar/{tipo}). */
export function DirectoryHeader({ title, propose }: { title: string; propose: ProposalPath }) {
  return (
    <PageHeader title={title}>
      <Link to={`/cadastrar/${propose}`} className={textLinkClass({ small: true })}>
        {PROPOSAL_TITLES[propose]}
      </Link>
    </PageHeader>
  );
}

/**
 * The directory lists' filter: a GET form with the category picker, the list's own extra
 * filters (businesses' "Aberto agora") and "Filtrar", so it works without JavaScript.
 */
export function CategoryFilter(props: { label: string; categories: { category: string; count: number }[]; selected: string; children?: ReactNode }) {
  const { label, categories, selected, children } = props;
  return (
    <Form method="get" className={children ? "flex flex-wrap items-end gap-2" : "flex items-end gap-2"} aria-label={label}>
      <div className="min-w-0 flex-1">
        <CategorySelect categories={categories} selected={selected} />
      </div>
      {children}
      <Button type="submit" variant="primary" size="md">
        Filtrar
      </Button>
    </Form>
  );
}

/** Issue #30: the lists' "4+ estrelas" filter, `?estrelas=4` (its value only; anything else is no filter). */
export const TOP_RATED_PARAM = "estrelas";
export const TOP_RATED_VALUE = "4";
export const TOP_RATED_LABEL = "4+ estrelas";

export function topRatedOf(url: URL): boolean {
  return url.searchParams.get(TOP_RATED_PARAM) === TOP_RATED_VALUE;
}

/** The "4+ estrelas" box of a directory's GET filter form. */
export function TopRatedCheckbox({ checked }: { checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
      <input type="checkbox" name={TOP_RATED_PARAM} value={TOP_RATED_VALUE} defaultChecked={checked} className="size-5" />
      {TOP_RATED_LABEL}
    </label>
  );
}
