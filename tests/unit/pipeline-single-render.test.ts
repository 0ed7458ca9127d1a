import { afterAll, beforeEach, expect, it } from "vitest";
import { ChangeFeed, EVERYTHING } from "#server/db/changes";
import { createPipeline } from "#server/http/pipeline";
import { MemoryRateLimiter } from "#server/toolkit/rate-limit";
import { stubBuild } from "../stub-build";

/**
 * Issue #28: under writes, a change drops a popular page and the next visitors all miss it at
 * once. One of them renders it; the others wait for that render and are answered from what it
 * stored — unless a change overtook the render, whose page then is not theirs to get.
 */

const renders = { count: 0, gate: Promise.resolve() as Promise<void>, entered: Promise.resolve() as Promise<void>, version: 0 };
let open = () => {};
let enter = () => {};
const build = stubBuild({
  page: {
    path: "page",
    module: {
      loader: async () => {
        renders.count += 1;
        const version = renders.version;
        enter();
        await renders.gate;
        return new Response(`<main>Feira de sábado, versão ${version}</main>`, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    },
  },
});
const feed = new ChangeFeed();
const pipeline = createPipeline({ build, mode: "production", changeFeed: feed, writeLimiter: new MemoryRateLimiter() });
afterAll(() => pipeline.close());

const context = { clientAddress: "203.0.113.7", requestId: "test-request", afterResponse: () => {} };
const visit = () => pipeline.handle(new Request("http://guida.test/page"), context);
const seen = async (response: Response) => ({ status: response.status, cache: response.headers.get("X-Cache"), body: await response.text() });

beforeEach(() => {
  pipeline.htmlCache.clear();
  renders.count = 0;
  renders.gate = new Promise<void>((resolve) => (open = resolve));
  renders.entered = new Promise<void>((resolve) => (enter = resolve));
});

it("renders a missed page once for all the visitors who ask while it renders", async () => {
  // The first request claims the render before its first await; the rest find it under way.
  const crowd = Array.from({ length: 12 }, visit);
  await renders.entered;
  open();
  const answers = await Promise.all(crowd.map(async (answer) => seen(await answer)));
  expect(renders.count).toBe(1);
  expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  expect(new Set(answers.map((a) => a.body))).toEqual(new Set([`<main>Feira de sábado, versão ${renders.version}</main>`]));
  expect(answers.filter((a) => a.cache === "MISS")).toHaveLength(1);
  expect(answers.filter((a) => a.cache === "HIT")).toHaveLength(11);
});

it("does not hand the waiting visitors a render a change overtook: one of them renders it again", async () => {
  const first = visit();
  const waiting = Array.from({ length: 5 }, visit);
  await renders.entered;
  // A write lands while the first render is under way: its page may show the old data.
  renders.version += 1;
  feed.publish(EVERYTHING);
  open();
  const answers = await Promise.all([first, ...waiting].map(async (answer) => seen(await answer)));
  expect(renders.count).toBe(2);
  // The waiters were answered by the render made after the change.
  for (const answer of answers.slice(1)) expect(answer.body).toBe(`<main>Feira de sábado, versão ${renders.version}</main>`);
});
