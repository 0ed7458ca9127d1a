import { Link } from "react-router";
import { EventCard, EventSection } from "~/components/event-card";
import { keysetPageHref, PagedList, pageRequestFromUrl } from "~/components/pagination";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { monthAfter, monthLabel } from "#core/events";
import { readAgenda } from "#server/models/events";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/agenda";

export const meta: Route.MetaFunction = () => [
  { title: "Agenda de Vila Serena · Guida" },
  { name: "description", content: "Festas, feiras, quermesses e o que mais acontece em Vila Serena: hoje, neste fim de semana e nos próximos meses." },
];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The agenda (issue #32): "Hoje", "Este fim de semana", then "Próximos" — or a month's (?mes=AAAA-MM) — in keyset pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("mes") ?? "";
  const month = MONTH.test(asked) ? asked : undefined;
  const now = new Date();
  const ctx = getRequestContext(context);
  const agenda = await ctx.db.asCaller((tx) => readAgenda(tx, now, pageRequestFromUrl(url), month));
  return { ...agenda, month: month ?? null, months: [0, 1, 2].map((n) => monthAfter(now, n)) };
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  const { today, weekend, upcoming, month, months } = loaderData;
  const href = keysetPageHref("/agenda", { mes: month ?? undefined }, upcoming.page, upcoming.rows);
  return (
    <div className="space-y-6">
      <PageHeader title="Agenda">
        <Link to="/agenda/propor" className={buttonClass("secondary", "sm")}>
          Propor evento
        </Link>
      </PageHeader>
      {month === null && upcoming.page === 1 ? (
        <>
          <EventSection id="hoje" title="Hoje" events={today} empty="Nenhum evento hoje." />
          <EventSection id="fim-de-semana" title="Este fim de semana" events={weekend} empty="Nenhum evento neste fim de semana." />
        </>
      ) : null}
      <nav aria-label="Meses" className="flex flex-wrap gap-2">
        <Link to="/agenda" aria-current={month === null ? "page" : undefined} className={buttonClass(month === null ? "primary" : "secondary", "sm")}>
          Próximos
        </Link>
        {months.map((m) => (
          <Link key={m} to={`/agenda?mes=${m}`} aria-current={month === m ? "page" : undefined} className={buttonClass(month === m ? "primary" : "secondary", "sm")}>
            {monthLabel(m)}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="proximos" className="space-y-2">
        <h2 id="proximos" className="text-lg font-semibold">
          {month ? `Eventos de ${monthLabel(month)}` : "Próximos"}
        </h2>
        <PagedList
          items={upcoming.rows}
          className="space-y-2"
          empty={month ? "Nenhum evento marcado neste mês." : "Nenhum evento marcado."}
          emptyLater="Não há mais eventos."
          page={upcoming.page}
          hasMore={upcoming.hasMore}
          href={href}
        >
          {(event) => <EventCard event={event} />}
        </PagedList>
      </section>
    </div>
  );
}
