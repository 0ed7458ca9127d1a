import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_PASSWORD } from "#server/seed/seed-data";
import {
  form,
  request,
  type Server,
  signIn,
  startTownServer,
  type TownFolder,
} from "./server-harness";

// No page may cost a number of SQL statements that grows with what it lists (N+1): each
// page's loaders send a fixed, small number, counted by the server itself
// (ACCESS_LOG_SQL=on adds each request's count to its access-log line; BEGIN and COMMIT
// count, as round trips). Measured cold (every cache emptied first, by a write) and warm
// (the same page again: the shared read caches answer, only the session is looked up).

const town = buildDemoTown();
const resident = town.users[0]!;

type Who = "visitor" | "signed-in";

let server: Server;
let folder: TownFolder | undefined;
let cookie: string;
const ids = new Map<string, string>();

async function sqlStatementsOf(pathname: string, who: Who): Promise<{ status: number; statements: number }> {
  const response = await request(`${server.url}${pathname}`, { headers: who === "signed-in" ? { Cookie: cookie } : {} });
  const requestId = response.headers["x-request-id"];
  if (typeof requestId !== "string") throw new Error(`no request id for ${pathname}`);
  // The access-log line is written once the response has gone: wait for it.
  await server.proc.waitForOutput((output) => output.includes(`"requestId":"${requestId}"`), 10_000);
  const line = server.proc.output.split("\n").find((l) => l.includes(`"requestId":"${requestId}"`))!;
  const logged = JSON.parse(line) as { status: number; sql?: number };
  if (logged.sql === undefined) throw new Error(`no SQL count in ${line}`);
  return { status: response.status, statements: logged.sql };
}

/** Any successful write empties the shared caches; POST /theme is the lightest one. */
async function emptyCaches(): Promise<void> {
  const sent = form({ theme: "light", redirectTo: "/" });
  const response = await request(`${server.url}/theme`, { body: sent.body, headers: sent.headers });
  expect(response.status).toBe(303);
}

function firstLink(html: string, prefix: string): string {
  const id = new RegExp(`href="${prefix}([^"/?#]+)"`).exec(html)?.[1];
  if (!id) throw new Error(`no link to ${prefix} on the page`);
  return id;
}

beforeAll(async () => {
  ({ town: folder, server } = await startTownServer("sql-count", { ACCESS_LOG: "all", ACCESS_LOG_SQL: "on", RATE_LIMIT_SCALE: "100" }));
  cookie = (await signIn(server.url, resident.email, DEMO_PASSWORD)).cookie;
  ids.set("business", firstLink((await request(`${server.url}/businesses`)).body, "/business/"));
  ids.set("driver", firstLink((await request(`${server.url}/drivers/all`)).body, "/driver/"));
  ids.set("news", firstLink((await request(`${server.url}/news`)).body, "/news/"));
  ids.set("item", firstLink((await request(`${server.url}/sell-items`)).body, "/sell-items/"));
  ids.set("post", firstLink((await request(`${server.url}/posts`)).body, "/posts/"));
}, 420_000);

afterAll(() => folder?.close());

// [page, visitor cold, signed-in cold, signed-in warm]: the most statements each may send, as
// measured when this table was written (a session lookup is 1; the resident's badges 4: BEGIN,
// claims, one query, COMMIT; a page's own reads as many again; a page with hearts 4 more, for
// the favorite state of the items it shows, kept for the resident). null: for residents only.
// Page 2 of a list and the open-now filters cost what page 1 costs: no statement per row.
const PAGES: [string, number | null, number, number][] = [
  ["/", 4, 9, 1],
  ["/businesses", 5, 10, 1],
  ["/businesses?pagina=2", 5, 10, 1],
  ["/businesses?aberto=1", 5, 10, 1],
  ["/businesses.data", 5, 10, 1],
  // Issue #30: + the reviews (a visitor's: one cached read; a resident's is read with their
  // claims every time, their own review first, hidden or not).
  ["/business/{business}", 8, 17, 5],
  ["/services", 5, 14, 1],
  ["/drivers/all", 4, 13, 1],
  ["/drivers/disponiveis", 4, 13, 1],
  // Issue #30: + the driver's reviews, as on a business page.
  ["/driver/{driver}", 8, 17, 5],
  ["/news", 4, 13, 1],
  // Issue #30: + the thread (a visitor's: one cached read of two queries; a resident's is read
  // with their claims every time, to show their own hidden comment, marked).
  ["/news/{news}", 9, 18, 6],
  ["/sell-items", 5, 14, 1],
  ["/sell-items/{item}", 4, 13, 1],
  ["/posts", 5, 15, 7],
  ["/posts?pagina=2", 5, 15, 7],
  ["/posts/{post}", 9, 15, 7],
  ["/search?q=p%C3%A3o", 4, 9, 5],
  ["/users", 4, 9, 5],
  [`/u/${resident.username}`, 7, 12, 8],
  ["/favorites", null, 9, 5],
  // Issue #31: + the resident's Web Push devices (the switch finds this device among them).
  ["/notifications", null, 10, 6],
  ["/my-sell-items", null, 9, 5],
  ["/my-posts", null, 15, 7],
  // +1 since issue #18: the resident's role (the "Moderação" link for moderators).
  ["/profile", null, 13, 9],
  ["/edit-profile", null, 10, 6],
];

describe("SQL statements per page stay fixed (no N+1)", () => {
  it.each(PAGES)("%s: visitor %s cold; signed in %s cold, %s warm", async (page, visitorCold, signedInCold, signedInWarm) => {
    const pathname = page.replace(/\{(\w+)\}/g, (_, name: string) => ids.get(name)!);
    const seen: Record<string, number> = {};
    if (visitorCold !== null) {
      await emptyCaches();
      const visitor = await sqlStatementsOf(pathname, "visitor");
      expect(visitor.status).toBe(200);
      seen.visitorCold = visitor.statements;
      // The same page again comes from the shared HTML cache: no SQL at all.
      seen.visitorWarm = (await sqlStatementsOf(pathname, "visitor")).statements;
    }
    await emptyCaches();
    const cold = await sqlStatementsOf(pathname, "signed-in");
    expect(cold.status).toBe(200);
    seen.signedInCold = cold.statements;
    seen.signedInWarm = (await sqlStatementsOf(pathname, "signed-in")).statements;
    if (visitorCold !== null) {
      expect(seen.visitorCold).toBeLessThanOrEqual(visitorCold);
      expect(seen.visitorWarm).toBe(0);
    }
    expect(seen.signedInCold).toBeLessThanOrEqual(signedInCold);
    expect(seen.signedInWarm).toBeLessThanOrEqual(signedInWarm);
  });
});
