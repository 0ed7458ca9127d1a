import { isRouteErrorResponse, Link } from "react-router";
import type { RefusedPage } from "#core/refused";
import { buttonClass } from "~/components/ui/button";

/** The status's own words, for a refusal that brings none (a thrown 403 or 409 without a page). */
const STATUS_PAGES: Record<number, RefusedPage> = {
  403: { title: "Você não pode ver esta página", message: "Esta página é só de quem a criou." },
  409: { title: "Isso mudou enquanto você olhava", message: "Alguém alterou estes dados agora há pouco. Abra a página de novo." },
};

function isRefusedPage(value: unknown): value is RefusedPage {
  return !!value && typeof value === "object" && typeof (value as RefusedPage).title === "string" && typeof (value as RefusedPage).message === "string";
}

/**
 * What every route shows when it cannot show itself (the root's ErrorBoundary renders this
 * inside the app shell): the spec's 404 page; a refusal (403, 409, or a 404 that says more)
 * with its title, its message and a way on (core/refused.ts refusePage); 503 when the
 * data is out of reach; anything else as a plain "something went wrong", never a stack trace
 * outside development.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const page = isRouteErrorResponse(error) && isRefusedPage(error.data) ? error.data : STATUS_PAGES[status];

  if (status === 404 && !page) {
    return (
      <>
        <title>404 · Página não encontrada · Guida</title>
        <section className="flex flex-col items-center py-16 text-center">
          <h1 className="text-6xl font-bold text-brand-600 dark:text-brand-100">404</h1>
          <p className="mt-4 text-xl font-semibold">Página não encontrada</p>
          <p className="mt-2 max-w-sm text-stone-600 dark:text-stone-300">A página que você está procurando não existe ou foi removida.</p>
          <Link to="/" className={buttonClass("primary", "lg", "mt-8")}>
            Voltar ao início
          </Link>
        </section>
      </>
    );
  }

  if (page) {
    return (
      <>
        <title>{`${page.title} · Guida`}</title>
        <div className="space-y-4 py-6 text-center">
          <h1 className="text-2xl font-bold">{page.title}</h1>
          <p className="text-stone-600 dark:text-stone-300">{page.message}</p>
          <Link to={page.link?.to ?? "/"} className={buttonClass("primary", "lg", "mx-auto w-full max-w-xs")}>
            {page.link?.label ?? "Voltar ao início"}
          </Link>
        </div>
      </>
    );
  }

  const unavailable = status === 503;
  // Details only in development; production never shows a stack trace.
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : null;
  return (
    <>
      <title>{unavailable ? "Serviço indisponível · Guida" : "Algo deu errado · Guida"}</title>
      <section className="flex flex-col items-center py-16 text-center">
        <h1 className="text-2xl font-bold">{unavailable ? "Serviço temporariamente indisponível" : "Algo deu errado"}</h1>
        <p className="mt-2 max-w-sm text-stone-600 dark:text-stone-300">
          {unavailable
            ? "Não conseguimos acessar os dados agora. Tente de novo em alguns instantes."
            : "Tivemos um problema ao abrir esta página. Tente de novo em instantes."}
        </p>
        <Link to="/" className={buttonClass("primary", "lg", "mt-8")}>
          Voltar ao início
        </Link>
        {details ? <pre className="mt-8 max-w-full overflow-auto text-left text-xs">{details}</pre> : null}
      </section>
    </>
  );
}
