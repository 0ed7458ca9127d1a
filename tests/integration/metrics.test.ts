import { afterAll, beforeAll, expect, it } from "vitest";
import {
  form,
  freePort,
  request,
  type Server,
  startTownServer,
  type TownFolder,
} from "./server-harness";

// Issue #27: Prometheus metrics on a port of their own (METRICS_PORT), off unless set. One
// server on a copy of the demo town; the test reads /metrics as Prometheus would and
// watches the counters move with what it does to the site.

let folder: TownFolder | undefined;
let server: Server;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  ({ town: folder, server } = await startTownServer("metrics", { METRICS_PORT: String(port), ACCESS_LOG: "off" }));
}, 420_000);

afterAll(() => folder?.close());

/** The value of one sample of the exposition (0 when the series does not exist yet). */
async function sample(series: string): Promise<number> {
  const text = (await request(metricsUrl)).body;
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

it("answers Prometheus text on its own port only", async () => {
  const scraped = await request(metricsUrl);
  expect(scraped.status).toBe(200);
  expect(scraped.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  for (const name of [
    "guida_http_requests_total",
    "guida_http_request_duration_seconds",
    "guida_db_statement_duration_seconds",
    "guida_db_statements_in_flight",
    "guida_db_pool_size",
    "guida_live_streams_open",
    "guida_change_channel_lag_seconds",
    "guida_rate_limit_refusals_total",
    "guida_process_resident_memory_bytes",
  ]) {
    expect(scraped.body, name).toContain(`# TYPE ${name} `);
  }
  expect(await sample("guida_db_pool_size")).toBe(1);
  expect(await sample("guida_live_streams_open")).toBe(0);
  // Not on the site's port, where the public could read it.
  expect((await request(`${server.url}/metrics`)).status).toBe(404);
});

it("counts cache hits and misses by route and status, and times what is not a hit", async () => {
  const hits = 'guida_http_requests_total{route="/news",status="200",cache="hit"}';
  const misses = 'guida_http_requests_total{route="/news",status="200",cache="miss"}';
  const notFound = 'guida_http_requests_total{route="other",status="404",cache="none"}';
  const before = { hits: await sample(hits), misses: await sample(misses), notFound: await sample(notFound) };
  const timed = await sample('guida_http_request_duration_seconds_count{route="/news"}');
  // A page no one asked for yet (its own query string), then the same page three times.
  for (let i = 0; i < 4; i++) expect((await request(`${server.url}/news?metricas=1`)).status).toBe(200);
  expect((await request(`${server.url}/pagina-que-nao-existe`)).status).toBe(404);
  expect(await sample(misses)).toBe(before.misses + 1);
  expect(await sample(hits)).toBe(before.hits + 3);
  expect(await sample(notFound)).toBe(before.notFound + 1);
  expect(await sample('guida_http_request_duration_seconds_count{route="/news"}')).toBe(timed + 1);
  const statements = (await request(metricsUrl)).body.split("\n").filter((line) => line.startsWith('guida_db_statement_duration_seconds_count{engine="pglite"'));
  expect(statements.reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0)).toBeGreaterThan(0);
});

it("counts rate-limit refusals by limit, and measures the change channel's lag on a write", async () => {
  const username = `metricas_${Date.now().toString(36)}`;
  const signup = form({ intent: "signup", email: `${username}@exemplo.com`, password: "uma-senha-boa", fullName: "Ana Métrica", username });
  const lag = "guida_change_channel_lag_seconds_count";
  const lagBefore = await sample(lag);
  // Sign-up writes the (unconfirmed) account and answers the "Enviamos um link" page, 200
  // since e-mail confirmation (issue #25): the write still goes through the change channel.
  const answer = await request(`${server.url}/login`, { method: "POST", ...signup });
  expect(answer.status).toBe(200);
  expect(answer.body).toContain("Enviamos um link");
  expect(await sample(lag)).toBeGreaterThan(lagBefore);

  // Wrong passwords for one account from one address: the eleventh is refused.
  const wrong = form({ intent: "signin", email: `${username}@exemplo.com`, password: "senha-errada" });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await request(`${server.url}/login`, { method: "POST", ...wrong })).status);
  expect(statuses).toContain(429);
  const text = (await request(metricsUrl)).body;
  const refused = text.split("\n").filter((line) => line.startsWith("guida_rate_limit_refusals_total{"));
  expect(refused.reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0)).toBe(statuses.filter((status) => status === 429).length);
  expect(refused.every((line) => /\{limit="signin-[a-z]+"\}/.test(line))).toBe(true);
});
