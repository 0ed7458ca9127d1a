import { eventStreamResponse } from "#server/live/events";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/events";

/** GET /events — this tab's live updates (Server-Sent Events); see server/live/. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return eventStreamResponse(request, getRequestContext(context));
}
