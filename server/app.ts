import http from "node:http";
import path from "node:path";
// The React Router server build, produced by the same Vite build as this file.
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { closeDb, getPlatform } from "./db";
import { DataDirLockedError } from "./db/lock";
import { EnvError, getEnv } from "./env";
import { logRequest } from "./log";
import { toFetchRequest, writeFetchResponse } from "./node-adapter";
import { createPipeline } from "./pipeline";
import { createStaticHandler } from "./static";

/**
 * Guida's production HTTP server: node:http, the client build as (precompressed) static
 * files, and everything else through the pipeline into React Router. The database is
 * opened, migrated and (when empty and embedded) seeded before the port opens.
 */
export async function start(): Promise<http.Server> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const startedAt = Date.now();
  try {
    const platform = await getPlatform();
    console.log(
      `[guida] database ready (${platform.db.engine}${platform.seeded ? ", demo town seeded" : ""}) in ${Date.now() - startedAt} ms`,
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`[guida] ${error.message}`);
      process.exit(75);
    }
    if (error instanceof Response && error.status === 503) {
      console.error("[guida] the database is unreachable: check DATABASE_URL and that the server is up");
      process.exit(69);
    }
    throw error;
  }

  const serveStatic = createStaticHandler(path.resolve(process.env.APP_ROOT ?? process.cwd(), "build", "client"));
  const pipeline = createPipeline({ build: build as unknown as ServerBuild, mode: process.env.NODE_ENV ?? "production" });
  const origin = `http://localhost:${env.PORT}`;

  const server = http.createServer((req, res) => {
    const began = performance.now();
    if (serveStatic(req, res)) return;
    const adapted = toFetchRequest(req, res, req.headers.host ? `http://${req.headers.host}` : origin);
    let answered = false;
    const answer = (response: Response) => {
      if (answered || res.headersSent) return;
      answered = true;
      void writeFetchResponse(res, response)
        .catch(() => res.destroy())
        .finally(() => logRequest(req, res, adapted.requestId, began));
    };
    void adapted.tooLarge.then(() =>
      answer(
        new Response("O envio é grande demais. Fotos podem ter até 5 MB cada.", {
          status: 413,
          headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close", "X-Request-Id": adapted.requestId },
        }),
      ),
    );
    pipeline
      .handle(adapted.request, { clientAddress: adapted.clientAddress, requestId: adapted.requestId })
      .then(answer)
      .catch((error: unknown) => {
        if (answered) return;
        console.error(JSON.stringify({ level: "error", requestId: adapted.requestId, message: String(error) }));
        answer(
          new Response("Erro interno. Tente de novo em instantes.", {
            status: 500,
            headers: { "Content-Type": "text/plain; charset=utf-8", "X-Request-Id": adapted.requestId },
          }),
        );
      });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  console.log(`[guida] listening on http://localhost:${env.PORT} (ready in ${Date.now() - startedAt} ms)`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[guida] ${signal}: finishing requests in flight, then closing the database`);
    // Stop accepting, let in-flight requests finish, then close the database cleanly
    // (PGlite checkpoints its folder on close).
    server.close(() => {
      void closeDb().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return server;
}
