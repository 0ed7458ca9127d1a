import { feedEvents } from "#server/models/events";
import { agendaCalendar, icsResponse } from "#server/toolkit/agenda-ics";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/agenda-ics";

/** /agenda.ics: the town's agenda as a feed a calendar app subscribes to (approved events, from a month ago on). */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  // Approved events only (the query says so): a signed-in resident's pending proposals stay out of it.
  const events = await ctx.db.asCaller((tx) => feedEvents(tx, new Date()));
  return icsResponse(agendaCalendar(events), "agenda-vila-serena.ics");
}
