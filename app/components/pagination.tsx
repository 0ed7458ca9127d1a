import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";

/**
 * One page of a list (news, posts, sell items, the directory, notifications, my-*): its items, or the sentence it says while it
 * has none, then the links to the other pages. Past page 1 an empty page says `emptyLater` ("Não
 * há mais notícias."), not the invitation meant for a list nobody has written to yet.
 */
export function PagedList<T extends { id: string }>(props: {
  items: readonly T[];
  /** The list's accessible name, where the page names it ("Notícias"). */
  label?: string;
  className: string;
  empty: ReactNode;
  emptyLater?: ReactNode;
  page: number;
  hasMore: boolean;
  href: (page: number) => string;
  children: (item: T, index: number) => ReactNode;
}) {
  const { items, page } = props;
  return (
    <>
      {items.length === 0 ? (
        <EmptyState>{page > 1 && props.emptyLater ? props.emptyLater : props.empty}</EmptyState>
      ) : (
        <ul className={props.className} aria-label={props.label}>
          {items.map((item, i) => (
            <Fragment key={item.id}>{props.children(item, i)}</Fragment>
          ))}
        </ul>
      )}
      <Pagination page={page} hasMore={props.hasMore} href={props.href} />
    </>
  );
}

/** Previous/next page links: plain links, so paging works without JavaScript. */
export function Pagination({ page, hasMore, href }: { page: number; hasMore: boolean; href: (page: number) => string }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Páginas" className="flex items-center justify-between">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={buttonClass("link", "md")}>
          ← Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600 dark:text-stone-300">Página {page}</span>
      {hasMore ? (
        <Link to={href(page + 1)} rel="next" className={buttonClass("link", "md")}>
          Próxima →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function pageFromUrl(url: URL, param = "pagina"): number {
  const page = Number.parseInt(url.searchParams.get(param) ?? "1", 10);
  return Number.isFinite(page) ? Math.min(Math.max(page, 1), 1000) : 1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A keyset-paged list's request: the page number shown, and the id of the row the page
 * starts after ("depois", from "Próxima") or ends before ("antes", from "Anterior").
 * Anything that is not an id is ignored, leaving the page number alone (old ?pagina= links).
 */
export function pageRequestFromUrl(url: URL): { page: number; after?: string; before?: string } {
  const page = pageFromUrl(url);
  const after = url.searchParams.get("depois") ?? "";
  const before = url.searchParams.get("antes") ?? "";
  if (page > 1 && UUID.test(after)) return { page, after: after.toLowerCase() };
  if (page > 1 && UUID.test(before)) return { page, before: before.toLowerCase() };
  return { page };
}

/**
 * The URL of page `page` of a listing with these filters (empty ones left out; page 1 has no
 * number). Here, not beside the filter form: the comments page through their thread with it,
 * and a post's or an article's first view then does not carry the filter form's code.
 */
export function listPageHref(path: string, filters: Record<string, string | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The cursor of the link to page `target` from page `page` showing rows first…last: the next
 * page starts after the last row, the previous one ends before the first, page 1 needs none.
 */
function cursorTo(target: number, page: number, rows: { id: string }[]): { depois?: string; antes?: string } {
  if (target <= 1 || rows.length === 0) return {};
  return target > page ? { depois: rows[rows.length - 1]!.id } : { antes: rows[0]!.id };
}

/**
 * The links of a keyset-paged list (`path` with its filters) whose page `page` shows `rows`:
 * each carries its page number and the cursor cursorTo gives it.
 */
export function keysetPageHref(path: string, filters: Record<string, string | undefined>, page: number, rows: { id: string }[]) {
  return (target: number) => listPageHref(path, { ...filters, ...cursorTo(target, page, rows) }, target);
}
