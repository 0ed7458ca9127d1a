import http from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { logLine } from "./log";

// Prometheus metrics (issue #27), off unless METRICS_PORT is set: then a second HTTP server,
// on its own port that the site's proxy never forwards, answers GET /metrics in Prometheus'
// text format (prom-client). Off, every recording function returns at its first line.
//
// The cache-hit path is measured work (docs/performance.md): a hit costs one increment of a
// counter cell made when its cached answer was (RequestCell), no label object, no hash and
// no timing. Every other request is counted and timed by route.

const registry = new Registry();
let enabled = false;

/** One (route, status, cache) counter, incremented by whoever holds it. */
export type RequestCell = { route: string; status: string; cache: "hit" | "miss" | "none"; count: number };

const cells = new Map<string, RequestCell>();

/** The counter cell of a kind of request, made once; `metricsOn` first: null when metrics are off. */
export function requestCell(route: string, status: number, cache: RequestCell["cache"]): RequestCell | null {
  if (!enabled) return null;
  const key = `${route} ${status} ${cache}`;
  let cell = cells.get(key);
  if (!cell) {
    cell = { route, status: String(status), cache, count: 0 };
    cells.set(key, cell);
  }
  return cell;
}

new Counter({
  name: "guida_http_requests_total",
  help: "Requests answered, by route, status (499: the client closed the connection first) and page cache result (hit, miss, none: not a cacheable page)",
  labelNames: ["route", "status", "cache"],
  registers: [registry],
  collect() {
    this.reset();
    for (const cell of cells.values()) this.inc({ route: cell.route, status: cell.status, cache: cell.cache }, cell.count);
  },
});

const duration = new Histogram({
  name: "guida_http_request_duration_seconds",
  help: "Time to answer a request that the page cache did not answer straight from the socket, by route",
  labelNames: ["route"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const statementTime = new Histogram({
  name: "guida_db_statement_duration_seconds",
  help: "Time of each SQL statement (a transaction counts once, from BEGIN to COMMIT), by engine and kind",
  labelNames: ["engine", "kind"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const statementsInFlight = new Gauge({
  name: "guida_db_statements_in_flight",
  help: "SQL statements and transactions sent and not yet answered; above guida_db_pool_size they wait for a connection",
  registers: [registry],
});

const poolSize = new Gauge({ name: "guida_db_pool_size", help: "Database connections this server may open (PGlite: 1)", registers: [registry] });

let openStreams: () => number = () => 0;
new Gauge({
  name: "guida_live_streams_open",
  help: "Live update streams (/events) open on this server",
  registers: [registry],
  collect() {
    this.set(openStreams());
  },
});

const changeLag = new Histogram({
  name: "guida_change_channel_lag_seconds",
  help: "From a write's commit until this server heard it on the change channel (each write's own marker, server/db/changes.ts)",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2],
  registers: [registry],
});

const refusals = new Counter({
  name: "guida_rate_limit_refusals_total",
  help: "Requests refused by a rate limit (429), by limit",
  labelNames: ["limit"],
  registers: [registry],
});

/** Whether METRICS_PORT turned metrics on (requestCell and the recorders do nothing otherwise). */
export function metricsOn(): boolean {
  return enabled;
}

/** A request that was not a straight cache hit: counted by route, status and cache result, and timed. */
export function recordRequest(path: string, status: number, cache: string | undefined, seconds: number): void {
  if (!enabled) return;
  const route = routeOf(path);
  requestCell(route, status, cache === "HIT" ? "hit" : cache === "MISS" ? "miss" : "none")!.count += 1;
  duration.observe({ route }, seconds);
}

export function recordChangeLag(seconds: number): void {
  if (enabled) changeLag.observe(seconds);
}

/** `limit` is the rate limit's own name (the part of its key before the first ":"). */
export function recordRefusal(key: string): void {
  if (enabled) refusals.inc({ limit: key.slice(0, Math.max(0, key.indexOf(":"))) || "other" });
}

export function countLiveStreams(count: () => number): void {
  openStreams = count;
}

/** The first segment of a path names its route family; anything else is "other", so labels stay few. */
let knownSegments = new Set<string>();

export function routeOf(path: string): string {
  const end = path.indexOf("?");
  const pathname = end === -1 ? path : path.slice(0, end);
  const segment = pathname.split("/")[1]?.replace(/\.data$/, "") ?? "";
  if (segment === "" || segment === "_root.data") return "/";
  if (!knownSegments.has(segment)) return "other";
  return pathname.indexOf("/", segment.length + 1) === -1 ? `/${segment}` : `/${segment}/*`;
}

/**
 * One SQL statement (or transaction) timed and counted in flight, by engine and kind: the
 * database layer wraps its connection with it (server/db/timed.ts).
 */
export function timeStatement<T>(engine: string, kind: string, run: () => Promise<T>): Promise<T> {
  statementsInFlight.inc();
  const end = statementTime.startTimer({ engine, kind });
  return run().finally(() => {
    end();
    statementsInFlight.dec();
  });
}

/** The connections this server may open (PGlite: 1). */
export function recordPoolSize(size: number): void {
  poolSize.set(size);
}

/**
 * Starts the metrics server on `port` (METRICS_PORT): GET /metrics, nothing else. `segments`
 * are the first path segments of the app's routes, the only values the route label takes.
 */
export function startMetricsServer(port: number, host: string, segments: Iterable<string>): Promise<http.Server> {
  enabled = true;
  knownSegments = new Set(segments);
  collectDefaultMetrics({ register: registry, prefix: "guida_" });
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: GET /metrics\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error: unknown) => {
        logLine("error", "metrics could not be collected", { error: String(error) });
        res.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      logLine("info", `[guida] metrics on http://${host}:${port}/metrics (METRICS_PORT)`);
      resolve(server);
    });
  });
}
