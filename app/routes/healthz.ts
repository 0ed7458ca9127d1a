import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/healthz";

const TIMEOUT_MS = 2_000;

// 200 when the database answers within 2 s, 503 otherwise (Docker HEALTHCHECK, load balancers).
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    return Response.json({ status: "ok", database: await getRequestContext(context).db.ping(TIMEOUT_MS) }, { headers });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers });
  }
}
