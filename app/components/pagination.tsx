import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

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
