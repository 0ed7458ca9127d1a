import { data, Link } from "react-router";
import { eventIsPast, eventPlace, eventPrice, eventWhen } from "#core/events";
import { hrefOf } from "#core/item-kinds";
import { mapHref } from "~/lib/contact-links";
import { buttonClass } from "~/components/ui/button";
import { getEvent } from "#server/models/events";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/agenda-event";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `${loaded.event.title} · Agenda · Guida` : "Evento · Guida" },
  { name: "description", content: loaded ? `${eventWhen(loaded.event)} · ${eventPlace(loaded.event)}` : "Um evento da agenda de Vila Serena." },
  ...(loaded && loaded.event.status !== "approved" ? [{ name: "robots", content: "noindex" }] : []),
];

/** An event's page (issue #32): approved ones for everyone, pending or refused ones for the proposer and moderation; past ones keep it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const event = await ctx.db.asCaller((tx) => getEvent(tx, params.id));
  if (!event) throw data(null, { status: 404 });
  return { event, past: eventIsPast(event, new Date()) };
}

const STATUS_NOTES = {
  pending: "Aguardando a moderação: só você e a moderação veem este evento.",
  rejected: "Este evento não foi aprovado pela moderação.",
} as const;

export default function AgendaEvent({ loaderData }: Route.ComponentProps) {
  const { event, past } = loaderData;
  const address = event.address || event.businessAddress || "";
  return (
    <article className="space-y-4" aria-labelledby="evento">
      <p className="text-sm">
        <Link to="/agenda" className="underline underline-offset-2">
          ← Agenda
        </Link>
      </p>
      <h1 id="evento" className="text-2xl font-bold">
        {event.title}
      </h1>
      {event.status !== "approved" ? <p className="rounded-md bg-amber-100 p-3 text-sm text-amber-950">{STATUS_NOTES[event.status]}</p> : null}
      {past ? <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-800 dark:bg-stone-800 dark:text-stone-100">Este evento já aconteceu.</p> : null}
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-semibold">Quando</dt>
          <dd>{eventWhen(event)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Onde</dt>
          <dd>
            {event.businessId && event.businessName ? (
              <Link to={hrefOf("business", event.businessId)} className="underline underline-offset-2">
                {event.businessName}
              </Link>
            ) : null}
            {event.businessName && address ? " · " : null}
            {address}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Categoria</dt>
          <dd>{event.category}</dd>
        </div>
        <div>
          <dt className="font-semibold">Entrada</dt>
          <dd>{eventPrice(event.priceCents)}</dd>
        </div>
      </dl>
      {event.description ? <p className="whitespace-pre-line">{event.description}</p> : null}
      <div className="grid grid-cols-2 gap-2 [&>:last-child:nth-child(odd)]:col-span-2">
        {event.status === "approved" ? (
          <a href={`/agenda/${event.id}/evento.ics`} className={buttonClass("primary", "md")} download>
            Adicionar à agenda
          </a>
        ) : null}
        {address ? (
          <a href={mapHref(address)} className={buttonClass("secondary", "md")} rel="noopener noreferrer" target="_blank">
            Como chegar
          </a>
        ) : null}
      </div>
      {event.proposerName ? <p className="text-xs text-stone-600 dark:text-stone-300">Proposto por {event.proposerName}.</p> : null}
    </article>
  );
}
