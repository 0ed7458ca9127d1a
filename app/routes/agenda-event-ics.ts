import { data } from "react-router";
import { getEvent } from "#server/models/events";
import { agendaCalendar, icsResponse } from "#server/toolkit/agenda-ics";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/agenda-event-ics";

/** /agenda/{id}/evento.ics: "Adicionar à agenda", one approved event as a calendar file. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const event = await ctx.db.asCaller((tx) => getEvent(tx, params.id));
  if (!event || event.status !== "approved") throw data(null, { status: 404 });
  return icsResponse(agendaCalendar([event], event.title), "evento.ics");
}
