import zlib from "node:zlib";
import type * as Zlib from "node:zlib";
import { afterAll, expect, it, vi } from "vitest";
import { ChangeFeed } from "#server/db/changes";
import { createPipeline } from "#server/http/pipeline";
import { MemoryRateLimiter } from "#server/toolkit/rate-limit";
import { stubBuild } from "../stub-build";

// The real zlib, counted: how many times the server compresses a cached page is the CPU a
// popular page costs right after a change stored it again.
const compressions = vi.hoisted(() => ({ br: 0, gzip: 0 }));
vi.mock("node:zlib", async (importOriginal) => {
  const real = await importOriginal<typeof Zlib>();
  const counted = {
    ...real,
    brotliCompress: ((...args: Parameters<typeof real.brotliCompress>) => {
      compressions.br += 1;
      return (real.brotliCompress as (...a: unknown[]) => void)(...args);
    }) as typeof real.brotliCompress,
    gzip: ((...args: Parameters<typeof real.gzip>) => {
      compressions.gzip += 1;
      return (real.gzip as (...a: unknown[]) => void)(...args);
    }) as typeof real.gzip,
  };
  return { ...counted, default: counted };
});

// A page big enough to be compressed (COMPRESS_MIN_BYTES), from a stub build: no port, no database.
const PAGE = `<main>${"<p>Feira de sábado na praça da matriz.</p>".repeat(200)}</main>`;
const build = stubBuild({
  page: { path: "page", module: { loader: () => new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } },
});

const pipeline = createPipeline({ build, mode: "production", changeFeed: new ChangeFeed(), writeLimiter: new MemoryRateLimiter() });
afterAll(() => pipeline.close());
const context = { clientAddress: "203.0.113.7", requestId: "test-request", afterResponse: () => {} };

/** As server/http/app.ts does it: the hit path first, the pipeline when it declines. */
async function visit(acceptEncoding: string): Promise<{ cache: string | null; encoding: string | null; body: Buffer }> {
  const lookup = { method: "GET", host: "guida.test", target: "/page", cookie: null, hasAuthorization: false, saveData: null, acceptEncoding, ifNoneMatch: null, https: false };
  const hit = pipeline.fromCache(lookup);
  if (hit) {
    const headers = new Map<string, string>();
    for (let i = 0; i < hit.headers.length; i += 2) headers.set(hit.headers[i]!.toLowerCase(), hit.headers[i + 1]!);
    return { cache: headers.get("x-cache") ?? null, encoding: headers.get("content-encoding") ?? null, body: hit.body ?? Buffer.alloc(0) };
  }
  const response = await pipeline.handle(new Request("http://guida.test/page", { headers: { "Accept-Encoding": acceptEncoding } }), context);
  return { cache: response.headers.get("X-Cache"), encoding: response.headers.get("Content-Encoding"), body: Buffer.from(await response.arrayBuffer()) };
}

it("compresses a cached page once per encoding, however many visitors ask for it at the same moment", async () => {
  // Stored by a visitor whose browser takes no compression: nothing is compressed yet.
  const first = await visit("identity");
  expect([first.cache, first.encoding]).toEqual(["MISS", null]);
  expect(compressions).toEqual({ br: 0, gzip: 0 });

  // The page goes round: twelve browsers ask at once, then more once it is ready.
  const crowd = await Promise.all(Array.from({ length: 12 }, () => visit("gzip, deflate, br")));
  const later = await Promise.all(Array.from({ length: 4 }, () => visit("gzip, deflate, br")));
  for (const seen of [...crowd, ...later]) {
    expect([seen.cache, seen.encoding]).toEqual(["HIT", "br"]);
    expect(zlib.brotliDecompressSync(seen.body).toString("utf8")).toBe(PAGE);
  }
  const gzipped = await Promise.all(Array.from({ length: 6 }, () => visit("gzip")));
  for (const seen of gzipped) expect(zlib.gunzipSync(seen.body).toString("utf8")).toBe(PAGE);
  expect(compressions).toEqual({ br: 1, gzip: 1 });
});
