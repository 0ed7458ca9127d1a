import type { IncomingMessage, ServerResponse } from "node:http";
import { getEnv } from "./env";

/**
 * One JSON line per request: request id, method, path (no query string: it may carry a
 * reset token), status, duration. Never cookies, passwords or tokens.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, requestId: string, began: number, sqlStatements?: number) {
  if (getEnv().ACCESS_LOG === "off") return;
  const path = (req.url ?? "/").split("?")[0];
  process.stdout.write(
    `${JSON.stringify({
      level: "info",
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round((performance.now() - began) * 10) / 10,
      ...(sqlStatements === undefined ? {} : { sql: sqlStatements }),
    })}\n`,
  );
}
