import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  nonJsonLines,
  request,
  type Server,
  startTownServer,
  type TownFolder,
} from "./server-harness";

// Issue #27: what the production server's log tells an operator. A client that closes the
// connection before its answer (a closed tab, a picture scrolled away, a load tester's
// timeout) was logged `status 500`, so an alert on the 5xx rate fired for nothing; and a
// line per cache hit made about 1 GB in 14 minutes of load. One server with the production
// defaults (no ACCESS_LOG: errors and slow requests only) on a copy of the demo town.

let folder: TownFolder | undefined;
let server: Server;

beforeAll(async () => {
  ({ town: folder, server } = await startTownServer("oplogs"));
}, 420_000);

afterAll(() => folder?.close());

type AccessLine = { requestId?: string; path?: string; status?: number; level: string };

function accessLines(): AccessLine[] {
  return server.proc.output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.requestId !== undefined && line.status !== undefined);
}

/** Sends a GET and closes the connection at once, as a browser that gave up does (FIN, no waiting for the answer). */
function abandonedGet(port: number, target: string, requestId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Request-Id: ${requestId}\r\n\r\n`);
      socket.destroy();
    });
    socket.once("close", () => resolve());
    socket.once("error", reject);
  });
}

describe("a client that closes the connection before its answer", () => {
  it("is logged 499, as nginx does, never 5xx, and no error line is written for it", { timeout: 120_000 }, async () => {
    const home = await request(`${server.url}/businesses`);
    const pictures = [...new Set(home.body.match(/\/media\/[a-z]+\/[\w-]+\.webp/g) ?? [])].slice(0, 15);
    expect(pictures.length).toBeGreaterThan(5);
    // Pages no cache holds yet (each its own search), then pictures.
    const targets = [
      ...Array.from({ length: 9 }, (_, i) => `/search?q=padaria-${i}`),
      ...pictures,
    ];
    const ids = targets.map((_, i) => `abandoned-request-${String(i).padStart(3, "0")}`);
    await Promise.all(targets.map((target, i) => abandonedGet(server.port, target, ids[i]!)));
    // Each abandoned page is logged (499 is an error-class status, kept by the default filter)
    // once the server is done with it: poll the log, within a deadline. A picture the server
    // finished writing before it read the client's FIN was answered, and its 200 is left out.
    const pageIds = ids.slice(0, 9);
    const logged = () => accessLines().filter((line) => ids.includes(line.requestId ?? ""));
    const deadline = Date.now() + 60_000;
    while (logged().filter((line) => pageIds.includes(line.requestId!)).length < pageIds.length) {
      if (Date.now() > deadline) throw new Error(`abandoned pages not logged within 60 s:\n${server.proc.output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lines = logged();
    expect(lines.filter((line) => (line.status ?? 0) >= 500)).toEqual([]);
    const pages = lines.filter((line) => line.path === "/search");
    expect(pages.map((line) => line.status)).toEqual(Array.from({ length: 9 }, () => 499));
    expect(lines.every((line) => line.status === 499)).toBe(true);
    expect(server.proc.output).not.toMatch(/"level":"error"/);
    // The server still answers.
    expect((await request(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("the access log with the production defaults", () => {
  it("keeps errors and leaves out the requests that went well, cache hits included", { timeout: 60_000 }, async () => {
    for (let i = 0; i < 5; i++) expect((await request(`${server.url}/news`)).status).toBe(200);
    const missing = await request(`${server.url}/pagina-que-nao-existe`);
    expect(missing.status).toBe(404);
    // Access lines leave in batches: wait for the 404's, within a deadline.
    await server.proc.waitForOutput((output) => output.includes(String(missing.headers["x-request-id"])), 10_000);
    const lines = accessLines();
    expect(lines.filter((line) => line.path === "/news")).toEqual([]);
    expect(lines.filter((line) => line.path === "/pagina-que-nao-existe")).toEqual([
      expect.objectContaining({ status: 404, requestId: missing.headers["x-request-id"] }),
    ]);
    expect(nonJsonLines(server.proc.output)).toEqual([]);
  });
});
