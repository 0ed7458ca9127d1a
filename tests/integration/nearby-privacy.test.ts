import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPGlite } from "#server/db/engines";
import { acquireDataDirLock } from "#server/db/lock";
import { decodeHtml, openTown, request, type Server, type TownFolder } from "./server-harness";

// Issue #33: a resident's position reaches the server only as a "perto de" query parameter,
// rounded to ~100 m, and is kept nowhere: the answer is `private, no-store` (out of the shared
// page cache: never a HIT; the service worker and the loader cache skip such URLs, see
// tests/unit/pwa.test.ts), the access log (every request logged here) never shows it, and after
// the requests no row of any table holds it. Against the production server on the demo town.

// A resident visiting from Belo Horizonte, sent with more precision than the server keeps: far
// from every pin of the town, so finding its digits anywhere would mean it was kept.
const SENT = "-19.91734,-43.93412";
const KEPT = ["-19.917", "-43.934", "19.9173", "43.9341"];

let town: TownFolder;
let server: Server;
let dataDir = "";

describe("a resident's position on the production server", () => {
  beforeAll(async () => {
    town = await openTown("nearby");
    dataDir = await town.copy();
    server = await town.start({ ACCESS_LOG: "all", ACCESS_LOG_SQL: "on" });
  }, 420_000);

  afterAll(() => town?.close());

  it("orders the list by distance, answers private, no-store, and is never served from the cache", async () => {
    // Sent finer than the server keeps: sent on to the rounded position, so no page echoes the finer one.
    const sent = await request(`${server.url}/businesses?perto=${encodeURIComponent(SENT)}&aberto=1`);
    expect([sent.status, sent.headers["cache-control"]]).toEqual([303, "private, no-store"]);
    expect(sent.headers.location).toBe("/businesses?perto=-19.917%2C-43.934&aberto=1");
    for (let i = 0; i < 2; i++) {
      const page = await request(`${server.url}${sent.headers.location}`);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.headers["x-cache"]).not.toBe("HIT");
      const html = decodeHtml(page.body);
      expect(html).toContain("Em ordem de distância de você (posição aproximada, que o Guida não guarda).");
      // The page's forms and links carry the rounded position only.
      expect(html).not.toContain("19.9173");
      const distances = [...html.matchAll(/>(menos de 50 m|\d+ m|\d+(?:,\d)? km)</g)].map((m) => m[1]!);
      expect(distances.length).toBeGreaterThan(0);
    }
    for (const path of ["/services", "/drivers/all", "/businesses.data"]) {
      const answer = await request(`${server.url}${path}?perto=-19.917,-43.934`);
      expect([answer.status, answer.headers["cache-control"]]).toEqual([200, "private, no-store"]);
    }
    // Without JavaScript: a neighbourhood, the same privacy.
    const byNeighbourhood = await request(`${server.url}/drivers/disponiveis?perto=${encodeURIComponent("Vila Nova")}`);
    expect(byNeighbourhood.headers["cache-control"]).toBe("private, no-store");
    expect(decodeHtml(byNeighbourhood.body)).toContain("Em ordem de distância do centro de Vila Nova.");
  });

  it("ignores a malformed position with a sentence, never a 500", async () => {
    for (const bad of ["abc", "-95,10", "1e3,2", "-21.9,-45.5,3", "%00", "x".repeat(5000), "-21.93,-45.59&perto=Centro"]) {
      const page = await request(`${server.url}/businesses?perto=${encodeURIComponent(bad)}`);
      expect(page.status, bad).toBe(200);
      expect(page.headers["cache-control"]).toBe("private, no-store");
    }
    const page = await request(`${server.url}/services?perto=norte`);
    expect(decodeHtml(page.body)).toContain("Não entendemos a posição enviada; a lista segue a ordem de sempre.");
  });

  it("leaves the position in no log line and no table", async () => {
    const logged = server.proc.output;
    expect(logged).toContain('"path":"/businesses"');
    for (const piece of KEPT) expect(logged).not.toContain(piece);
    expect(await server.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    const lock = await acquireDataDirLock(dataDir);
    const db = await openPGlite(dataDir);
    try {
      const tables = await db.query<{ schema: string; name: string }>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'auth', 'guida_private')`,
      );
      expect(tables.length).toBeGreaterThan(20);
      const holding: string[] = [];
      for (const t of tables) {
        const [row] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${t.schema}"."${t.name}" t WHERE ${KEPT.map((k) => `t::text LIKE '%${k}%'`).join(" OR ")}`,
        );
        if (row!.n > 0) holding.push(`${t.schema}.${t.name}`);
      }
      expect(holding).toEqual([]);
    } finally {
      await db.close();
      await lock.release();
    }
  });
});
