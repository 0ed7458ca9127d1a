import { getDb } from "../../server/db";

const TIMEOUT_MS = 2_000;

// 200 when the database answers within 2 s, 503 otherwise (Docker HEALTHCHECK, load balancers).
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    const db = await getDb();
    await Promise.race([
      db.query("SELECT 1"),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS).unref()),
    ]);
    return Response.json({ status: "ok", database: db.engine }, { headers });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers });
  }
}
