import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
// The React Router server build, produced by the same Vite build as this file.
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { closeDb, getPlatform, seedWith } from "../db";
import { DataDirLockedError, DataDirUnwritableError } from "../db/lock";
import { countStatementsIn } from "../db/statement-count";
import { EnvError, getEnv } from "../env";
import { closeLiveStreams } from "../live/events";
import { CLIENT_CLOSED, describeError, installJsonLogging, logLine, logRequest } from "../log";
import { IMAGE_TOO_LARGE } from "#core/images";
import { canonicalWarning, isForwardedHttps } from "../web/origin";
import { requestIdOf, toFetchRequest, writeAnswer, writeFetchResponse } from "./node-adapter";
import { createPipeline } from "./pipeline";
import { applySecurityHeaders } from "./security-headers";
import { createStaticHandler } from "./static";
import { demoTownSeeder, grantFirstAdmin, startWebPush } from "./start-up";
import { mediaWarning } from "../storage";
import { recordRequest, startMetricsServer } from "../metrics";

// `node server.js --seed`: the first start's seeding process (server/seed/seed-process.ts).
export { runSeedChild } from "../seed/seed-process";

/** The first segments of the app's route paths ("business" of "business/:id"): the route label's values. */
function routeSegments(serverBuild: ServerBuild): string[] {
  const segments = Object.values(serverBuild.routes).map((route) => route?.path?.split("/")[0] ?? "");
  return [...new Set(segments.filter((segment) => segment !== "" && !segment.startsWith(":") && segment !== "*"))];
}

/** Methods no Fetch Request can carry (the Fetch standard forbids them). */
const UNSUPPORTED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

/** How long SIGTERM waits for requests in flight before cutting them (Docker kills at 10 s). */
const SHUTDOWN_GRACE_MS = 8_000;

/** How long a client that was refused mid-upload may keep sending before its socket is closed. */
const LINGER_MS = 5_000;

/**
 * Ends our side of the connection (FIN after the response) but keeps reading, and
 * discarding, what the client still sends for a few seconds: it sees the answer and
 * stops. Then, or as soon as the client closes its side, the socket goes.
 */
function lingerAndClose(socket: Socket) {
  if (socket.destroyed) return;
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
}

/** The Host header as `new URL(…).host` would give it, without building a URL for every cache hit. */
function hostOf(header: string | undefined, origin: string): string {
  if (!header) return origin.slice(origin.indexOf("//") + 2);
  const host = header.toLowerCase();
  return host.endsWith(":80") && !host.startsWith("[") ? host.slice(0, -3) : host;
}

/** What `npm run dev` hands the server (server.js): its HTTP server, which Vite's HMR shares, and Vite. */
export type DevServer = { server: http.Server; vite: ViteDevServer };

/**
 * Guida's HTTP server, in production and in development alike: node:http, the client
 * build as (precompressed) static files, and everything else through the pipeline into
 * React Router. The database is opened, migrated and (when empty and embedded) seeded
 * before the port opens. Under `npm run dev`, Vite serves the app's modules instead of the
 * build, and the pipeline runs the code Vite compiles (see devPipeline).
 */
export async function start(dev?: DevServer): Promise<http.Server> {
  // Every line this process writes from here on is one JSON object.
  installJsonLogging();
  const env = orExit(getEnv);
  const startedAt = Date.now();
  // Listened for before the database opens: a stop during the first start (seeding takes a
  // while) is a stop like any other. Otherwise the lock library's exit hook met the signal
  // alone, removed the data folder's lock under the running server and let it die by signal.
  let onSignal = stopWhileStarting;
  const signalled = (signal: NodeJS.Signals) => onSignal(signal);
  process.on("SIGTERM", signalled);
  process.on("SIGINT", signalled);
  // The demo town is seeded by a child process that exits (its memory with it); under
  // `npm run dev` there is no server build to run it from, and the dev server seeds itself.
  seedWith(demoTownSeeder(!dev ? process.argv[1] : undefined));
  // Before the database opens, so that it is timed too.
  if (env.METRICS_PORT) await startMetricsServer(env.METRICS_PORT, env.HOST, routeSegments(build as unknown as ServerBuild));
  await openDatabase(startedAt);

  const pipeline = createPipeline({ build: build as unknown as ServerBuild, mode: process.env.NODE_ENV ?? "production" });
  const serving: Serving = {
    dev,
    origin: `http://localhost:${env.PORT}`,
    countSql: env.ACCESS_LOG_SQL === "on",
    stopping: false,
    serveStatic: dev ? () => false : createStaticHandler(path.resolve(process.env.APP_ROOT ?? process.cwd(), "build", "client")),
    pipeline,
    pipelineNow: dev ? devPipeline(dev.vite) : async () => pipeline,
  };

  const server = dev?.server ?? http.createServer();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => guarded(req, res, () => handleRequest(serving, req, res)));

  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  console.log(`[guida] listening on http://localhost:${env.PORT} (ready in ${Date.now() - startedAt} ms)`);
  onSignal = (signal) => stopOnSignal(serving, server, signal);
  return server;
}

/**
 * A stop before the server listens: nothing was served, and what the start was doing
 * (migrations, the first seed) is one transaction at a time that never commits half-done,
 * so exiting now loses nothing; the next start picks up where this one stopped. The exit
 * hooks give the data folder's lock back.
 */
function stopWhileStarting(signal: NodeJS.Signals) {
  console.log(`[guida] ${signal} while starting: stopping before serving; the next start finishes the work`);
  process.exit(0);
}

/** What a request is answered with: the pipeline (and, in development, Vite) and the server's state. */
type Serving = {
  dev: DevServer | undefined;
  /** Where a request without a usable Host header is taken to be addressed. */
  origin: string;
  /** ACCESS_LOG_SQL=on: each request's log line counts its SQL statements. */
  countSql: boolean;
  /** Set at SIGTERM/SIGINT: answers say Connection: close. */
  stopping: boolean;
  serveStatic: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  pipeline: ReturnType<typeof createPipeline>;
  pipelineNow: () => Promise<ReturnType<typeof createPipeline>>;
};

/** A configuration error (EnvError) ends the process with its message and status 78 (EX_CONFIG). */
function orExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

/** Opens, migrates and (when empty and embedded) seeds the database; a known failure ends the process with its status. */
async function openDatabase(startedAt: number) {
  try {
    const platform = await getPlatform();
    const { ADMIN_EMAIL } = getEnv();
    if (ADMIN_EMAIL) await grantFirstAdmin(platform.db, ADMIN_EMAIL);
    console.log(
      `[guida] database ready (${platform.db.engine}${platform.seeded ? ", demo town seeded" : ""}) in ${Date.now() - startedAt} ms`,
    );
    const media = mediaWarning();
    if (media) console.warn(`[guida] ${media}`);
    const canonical = canonicalWarning();
    if (canonical) console.warn(`[guida] ${canonical}`);
    startWebPush(platform.db);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78);
    }
    if (error instanceof DataDirLockedError) {
      console.error(`[guida] ${error.message}`);
      process.exit(75);
    }
    if (error instanceof DataDirUnwritableError) {
      console.error(`[guida] ${error.message}`);
      process.exit(73);
    }
    if (error instanceof Response && error.status === 503) {
      console.error("[guida] the database is unreachable: check DATABASE_URL and that the server is up");
      process.exit(69);
    }
    throw error;
  }
}

function handleRequest(serving: Serving, req: http.IncomingMessage, res: http.ServerResponse) {
  const began = performance.now();
  // TRACE (it would echo the request, cookies included), TRACK and CONNECT: no Fetch
  // Request can even be made of them, and no page answers them.
  if (UNSUPPORTED_METHODS.has(req.method ?? "")) {
    refuse(req, res, began, 405, "Método não permitido.", { Allow: "GET, HEAD, POST" });
    return;
  }
  if (serving.dev) {
    // Vite answers for the app's modules, its client and public/; the rest is ours.
    serving.dev.vite.middlewares(req, res, () => guarded(req, res, () => handleByPipeline(serving, req, res, began)));
    return;
  }
  if (serving.serveStatic(req, res)) return;
  if (serveCachedPage(serving, req, res, began)) return;
  handleByPipeline(serving, req, res, began);
}

/**
 * A visitor's page from the shared cache, answered from the node request itself: no
 * Fetch Request or Response is built for a hit (they cost several times the rest).
 * The query holds exactly what the pipeline's own lookup reads, so both agree.
 */
function serveCachedPage(serving: Serving, req: http.IncomingMessage, res: http.ServerResponse, began: number): boolean {
  // In development the pipeline changes with the code; its own lookup serves the cache.
  if (serving.dev || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const target = req.url ?? "/";
  // Only an origin-form target ("/path?query") can be a cached page; anything else (an
  // absolute URL, "*") takes the pipeline's way, which parses it.
  if (target.charCodeAt(0) !== 47 /* "/" */ || target.charCodeAt(1) === 47) return false;
  // Node joins repeated headers into one string (cookies with "; "), so these are strings.
  const headers = req.headers;
  const answer = serving.pipeline.fromCache({
    method: req.method,
    // As a URL's host: lower case, without the default port; no URL object per hit.
    host: hostOf(headers.host, serving.origin),
    target,
    // A signed-in request (a session cookie, Authorization) is told apart by the lookup
    // itself (HtmlCache.shareableKey), the one place that decides what is shared.
    cookie: headers.cookie ?? null,
    hasAuthorization: headers.authorization !== undefined,
    saveData: (headers["save-data"] as string | undefined) ?? null,
    acceptEncoding: headers["accept-encoding"] ?? null,
    ifNoneMatch: headers["if-none-match"] ?? null,
    https: isForwardedHttps(headers["x-forwarded-proto"] as string | undefined),
  });
  if (!answer) return false;
  const requestId = requestIdOf(req);
  writeAnswer(res, answer, requestId, serving.stopping);
  // With metrics on, the one thing a hit adds: its counter, made with the cached answer.
  if (answer.hits) answer.hits.count += 1;
  logRequest(req, res, requestId, began, serving.countSql ? 0 : undefined);
  return true;
}

/** A short refusal written straight to the socket, with the headers every answer carries, and logged. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, began: number, status: number, message: string, extra: Record<string, string>) {
  const requestId = requestIdOf(req);
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Request-Id": requestId, ...extra });
  applySecurityHeaders(headers, { nonce: null, https: isForwardedHttps(req.headers["x-forwarded-proto"]?.toString()) });
  res.writeHead(status, Object.fromEntries(headers));
  res.end(req.method === "HEAD" ? undefined : message);
  logRequest(req, res, requestId, began);
  recordRequest(req.url ?? "/", status, undefined, (performance.now() - began) / 1000);
}

/** One bad request must never take the server (and everyone's requests) down with it. */
function guarded(req: http.IncomingMessage, res: http.ServerResponse, handle: () => void) {
  try {
    handle();
  } catch (error) {
    logLine("error", "request failed", { path: (req.url ?? "/").split("?")[0], error: describeError(error) });
    if (!res.headersSent) {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Erro interno. Tente de novo em instantes.");
    } else res.destroy();
  }
}

function handleByPipeline(serving: Serving, req: http.IncomingMessage, res: http.ServerResponse, began: number) {
  const base = req.headers.host ? `http://${req.headers.host}` : serving.origin;
  if (!URL.canParse(req.url ?? "/", base)) {
    // A Host header (or target) no URL can be made of: nobody's browser sends that.
    refuse(req, res, began, 400, "Pedido inválido.", { Connection: "close" });
    return;
  }
  const adapted = toFetchRequest(req, res, base);
  // Declared before any answer can be sent: the log line reads it.
  const counter = serving.countSql ? { statements: 0 } : undefined;
  // Work the answer must not wait for (nor reveal by its timing): run once it is written.
  const afterAnswer: (() => Promise<void>)[] = [];
  let answered = false;
  const answer = (response: Response) => {
    if (answered || res.headersSent) return;
    answered = true;
    // The client closed the connection before its answer (a tab closed, a picture scrolled
    // away): the router made of the aborted request a 500 nobody received. Logged as nginx
    // does, 499, so a 5xx alert means a server fault.
    const abandoned = adapted.clientGone();
    const cache = response.headers.get("X-Cache") ?? undefined;
    // Shutting down: the client must not reuse this connection.
    if (serving.stopping) res.setHeader("Connection", "close");
    const writing = abandoned ? Promise.resolve(response.body?.cancel()) : writeFetchResponse(res, response);
    void writing
      .catch(() => res.destroy())
      .finally(() => {
        const status = abandoned ? CLIENT_CLOSED : res.statusCode;
        logRequest(req, res, adapted.requestId, began, counter?.statements, status);
        recordRequest(req.url ?? "/", status, cache, (performance.now() - began) / 1000);
        for (const task of afterAnswer.splice(0)) void task();
      });
  };
  void adapted.tooLarge.then(() => {
    if (answered || res.headersSent) return;
    // Answered while the client is still uploading. Node would close the socket right
    // after the response (Connection: close), with the rest of the upload unread, and
    // the kernel then resets the connection — which can destroy the 413 before the
    // browser reads it ("connection reset" instead of our message). So no
    // Connection: close: the answer, then a graceful close (see lingerAndClose). Even
    // when the client asked to close (Connection: close), Node must not close for us.
    res.shouldKeepAlive = true;
    res.once("finish", () => lingerAndClose(req.socket));
    answer(
      new Response(`O envio é grande demais. ${IMAGE_TOO_LARGE}`, {
        status: 413,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
          "X-Request-Id": adapted.requestId,
        },
      }),
    );
  });
  if (adapted.rejected) return;
  const handling = {
    clientAddress: adapted.clientAddress,
    requestId: adapted.requestId,
    afterResponse: (task: () => Promise<void>) => void afterAnswer.push(task),
  };
  const handle = async () => (await serving.pipelineNow()).handle(adapted.request, handling);
  (counter ? countStatementsIn(counter, handle) : handle())
    .then(answer)
    .catch((error: unknown) => {
      if (answered) return;
      // What failed because the client left is not a server fault (answer logs the 499).
      if (!adapted.clientGone()) logLine("error", "request failed", { requestId: adapted.requestId, error: describeError(error) });
      answer(
        new Response("Erro interno. Tente de novo em instantes.", {
          status: 500,
          headers: { "Content-Type": "text/plain; charset=utf-8", "X-Request-Id": adapted.requestId },
        }),
      );
    });
}

function stopOnSignal(serving: Serving, server: http.Server, signal: string) {
  if (serving.stopping) return;
  serving.stopping = true;
  // Stop accepting, let in-flight requests finish, then close the database cleanly
  // (PGlite checkpoints its folder on close). Logged once the port is closed, so the
  // line can be trusted to mean it.
  server.close(() => {
    void Promise.all([closeDb(), serving.dev?.vite.close()]).finally(() => process.exit(0));
  });
  console.log(`[guida] ${signal}: finishing requests in flight, then closing the database`);
  // server.close() waits for every connection to end, and a keep-alive connection whose
  // request finished after the signal would idle until keepAliveTimeout (65 s): the
  // responses say Connection: close (see answer), and idle ones are closed as they appear.
  server.closeIdleConnections();
  // Live streams never end by themselves: ended now, their browsers reconnect elsewhere.
  closeLiveStreams();
  setInterval(() => server.closeIdleConnections(), 250).unref();
  // Docker sends SIGKILL 10 s after SIGTERM: past 8 s, cut what is left and still close
  // the database, so the folder is checkpointed rather than recovered at next start.
  setTimeout(() => {
    console.error(`[guida] requests still running ${SHUTDOWN_GRACE_MS} ms after ${signal}: closing them`);
    server.closeAllConnections();
    void closeDb().finally(() => process.exit(1));
  }, SHUTDOWN_GRACE_MS).unref();
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 1_500).unref();
}

/**
 * The pipeline under `npm run dev`: made of the code Vite compiles now. When the app or the
 * pipeline's own modules change (Vite drops what an edit touched and everything importing
 * it), the next request gets a new pipeline over the new build: nobody is answered with a
 * page cached from old code, and the caches still work between edits.
 */
function devPipeline(vite: ViteDevServer) {
  let current: { build: unknown; code: unknown; pipeline: ReturnType<typeof createPipeline> } | undefined;
  return async () => {
    const build = await vite.ssrLoadModule("virtual:react-router/server-build");
    const code = (await vite.ssrLoadModule("/server/http/pipeline.ts")) as { createPipeline: typeof createPipeline };
    if (current?.build !== build || current.code !== code) {
      // The old pipeline's caches stop listening: nothing answers from them any more.
      current?.pipeline.close();
      current = { build, code, pipeline: code.createPipeline({ build: build as unknown as ServerBuild, mode: "development" }) };
    }
    return current.pipeline;
  };
}
