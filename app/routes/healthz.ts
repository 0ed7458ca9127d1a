import { pingDatabase } from "../../server/db";

const TIMEOUT_MS = 2_000;

// 200 when the database answers within 2 s, 503 otherwise (Docker HEALTHCHECK, load balancers).
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    return Response.json({ status: "ok", database: await pingDatabase(TIMEOUT_MS) }, { headers });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers });
  }
}
