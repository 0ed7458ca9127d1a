import http from "node:http";
import path from "node:path";
import { createRequestListener } from "@react-router/node";
// The React Router server build, produced by the same Vite build as this file.
import * as build from "virtual:react-router/server-build";
import { closeDb, getPlatform } from "./db";
import { DataDirLockedError } from "./db/lock";
import { EnvError, getEnv } from "./env";
import { createStaticHandler } from "./static";

/**
 * Guida's production HTTP server: node:http, the client build as static files, and
 * React Router for everything else. The database is opened, migrated and (when empty
 * and embedded) seeded before the port opens, so the first request finds a ready town.
 */
/**
 * Cross-site form posts are refused: a browser always says where a write comes from
 * (Sec-Fetch-Site or Origin). A request with neither header — curl, scripts — is not a
 * browser being tricked, so it passes; SameSite=Lax cookies cover old browsers.
 */
export function isCrossSiteWrite(req: http.IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site") return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  if (origin === "null") return true; // an opaque origin (sandboxed frame, data: URL) is never our page
  const host = req.headers["x-forwarded-host"] && getEnv().TRUST_PROXY ? req.headers["x-forwarded-host"] : req.headers.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

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
    throw error;
  }

  const serveStatic = createStaticHandler(path.resolve(process.env.APP_ROOT ?? process.cwd(), "build", "client"));
  const handle = createRequestListener({
    build,
    mode: process.env.NODE_ENV ?? "production",
    getLoadContext: (_request, client) => ({ clientAddress: client.address }),
  });
  const server = http.createServer((req, res) => {
    if (serveStatic(req, res)) return;
    if (isCrossSiteWrite(req)) {
      res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Envio recusado: este formulário não veio do Guida.");
      return;
    }
    void handle(req, res);
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
