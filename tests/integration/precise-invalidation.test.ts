import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_PASSWORD } from "#server/seed/seed-data";
import { decodeHtml, form, request, type Server, signIn, startTownServer, type TownFolder } from "./server-harness";

/**
 * Issue #28: residents' writes are the traffic, so a write must drop only the cached pages
 * that show what it changed. A vote changes its poll (the posts list and that post's page),
 * not the businesses or the news; a favorite changes one resident's hearts and no visitor's
 * page at all. Observed from outside, on a production server of the demo town: X-Cache says
 * whether the visitor's copy survived the write.
 */

const town = buildDemoTown();
const [voter, other] = town.users;
if (!voter || !other) throw new Error("the demo town has fewer than two residents");

let server: Server;
let folder: TownFolder | undefined;
const sessions = new Map<string, string>();

beforeAll(async () => {
  ({ town: folder, server } = await startTownServer("precise-invalidation"));
  for (const resident of [voter, other]) sessions.set(resident.username, (await signIn(server.url, resident.email, DEMO_PASSWORD)).cookie);
}, 420_000);

afterAll(() => folder?.close());

const visit = (pathname: string) => request(`${server.url}${pathname}`);
const as = (username: string, pathname: string) => request(`${server.url}${pathname}`, { headers: { Cookie: sessions.get(username)! } });

async function post(username: string, pathname: string, fields: Record<string, string>) {
  const sent = form(fields);
  const answer = await request(`${server.url}${pathname}`, { body: sent.body, headers: { ...sent.headers, Cookie: sessions.get(username)! } });
  expect(answer.status, `${pathname} ${JSON.stringify(fields)}: ${answer.body.slice(0, 300)}`).toBe(303);
}

/** Visits each page until the visitor's copy is stored (MISS, then HIT). */
async function warm(pages: string[]) {
  for (const pathname of pages) {
    await visit(pathname);
    expect((await visit(pathname)).headers["x-cache"], pathname).toBe("HIT");
  }
}

async function cacheStates(pages: string[]): Promise<Record<string, unknown>> {
  const states: Record<string, unknown> = {};
  for (const pathname of pages) states[pathname] = (await visit(pathname)).headers["x-cache"];
  return states;
}

describe("a write drops only the cached pages that show what it changed", () => {
  it("a vote drops its poll's pages, and keeps the businesses, the news and the services", async () => {
    const page = (await as(voter.username, "/posts")).body;
    const postId = /name="intent" value="vote"\/><input type="hidden" name="postId" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    expect(postId, "an open poll on /posts").toBeTruthy();
    const section = page.slice(page.indexOf(`name="postId" value="${postId}"`));
    const optionId = /value="([0-9a-f-]{36})"[^>]*name="optionId"/.exec(section)![1]!;

    const untouched = ["/businesses", "/news", "/services"];
    const touched = ["/posts", `/posts/${postId}`];
    await warm([...untouched, ...touched]);
    await post(voter.username, "/posts", { intent: "vote", postId: postId!, optionId, redirectTo: "/posts" });

    expect(await cacheStates(untouched)).toEqual(Object.fromEntries(untouched.map((p) => [p, "HIT"])));
    expect(await cacheStates(touched)).toEqual(Object.fromEntries(touched.map((p) => [p, "MISS"])));
  });

  it("a favorite changes that resident's hearts only: every visitor's page and the other resident's hearts stay", async () => {
    const list = decodeHtml((await as(voter.username, "/services")).body);
    const name = /aria-label="Favoritar ([^"]+)"/.exec(list)?.[1];
    expect(name, "a service the voter has not favorited").toBeTruthy();
    const itemId = /name="itemId" value="([0-9a-f-]{36})"/.exec(list.slice(list.indexOf(`aria-label="Favoritar ${name}"`) - 600))?.[1];
    expect(itemId).toBeTruthy();
    const othersHearts = decodeHtml((await as(other.username, "/services")).body).match(/aria-label="(?:Favoritar|Remover) [^"]+"/g);

    // /posts, /users and a public profile used to depend on everything: any favorite in town dropped them.
    const visitorPages = ["/services", "/businesses", "/news", "/posts", "/users", `/u/${other.username}`];
    await warm(visitorPages);
    await post(voter.username, "/favorites", { intent: "add", itemType: "service", itemId: itemId!, redirectTo: "/services" });

    expect(await cacheStates(visitorPages)).toEqual(Object.fromEntries(visitorPages.map((p) => [p, "HIT"])));
    expect(decodeHtml((await as(voter.username, "/services")).body)).toContain(`aria-label="Remover ${name} dos favoritos"`);
    expect(decodeHtml((await as(other.username, "/services")).body).match(/aria-label="(?:Favoritar|Remover) [^"]+"/g)).toEqual(othersHearts);
  });
});
