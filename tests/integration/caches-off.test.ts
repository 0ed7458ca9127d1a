import { afterAll, beforeAll, expect, it } from "vitest";
import {
  request,
  type Server,
  startTownServer,
  type TownFolder,
} from "./server-harness";

// Issue #17's bench measures each page cold. Since the change channel (#15) no write empties
// the caches wholesale, so the bench starts its servers with SERVER_CACHES=off: then every
// request — a visitor's page, again and again — goes to the database, and none is answered
// from the page cache. (The control, caches on, is pipeline.test.ts's MISS then HIT.)

let server: Server;
let folder: TownFolder | undefined;

beforeAll(async () => {
  // A production server: there only the explicit value is accepted (tests/unit/env.test.ts).
  ({ town: folder, server } = await startTownServer("caches-off", { ACCESS_LOG: "all", ACCESS_LOG_SQL: "on", SERVER_CACHES: "off-in-production" }));
}, 420_000);

afterAll(() => folder?.close());

async function statementsOf(pathname: string): Promise<{ cache: unknown; statements: number | undefined }> {
  const response = await request(`${server.url}${pathname}`);
  expect(response.status).toBe(200);
  const requestId = response.headers["x-request-id"] as string;
  await server.proc.waitForOutput((output) => output.includes(`"requestId":"${requestId}"`), 10_000);
  const line = server.proc.output.split("\n").find((l) => l.includes(`"requestId":"${requestId}"`))!;
  return { cache: response.headers["x-cache"], statements: (JSON.parse(line) as { sql?: number }).sql };
}

it("answers every visitor's request from the database, the same page again included", async () => {
  for (const pathname of ["/businesses", "/businesses", "/news", "/news", "/"]) {
    const seen = await statementsOf(pathname);
    expect(seen.cache, pathname).not.toBe("HIT");
    // The page's own reads ran: the shared read caches kept nothing either.
    expect(seen.statements, pathname).toBeGreaterThan(0);
  }
});
