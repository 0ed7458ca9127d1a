import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { format, inspect } from "node:util";
import { accessLogMode, type AccessLogMode, getEnv } from "./env";

type Level = "info" | "warn" | "error";

/**
 * Writes one log line: a single JSON object, whatever the message holds (a newline in
 * text that came from a request is escaped by JSON, so it cannot forge a line).
 */
export function logLine(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = `${JSON.stringify({ level, time: new Date().toISOString(), message, ...fields })}\n`;
  (level === "info" ? process.stdout : process.stderr).write(line);
}

/**
 * An error as the log may show it. A database error carries the statement and its
 * parameters (postgres.js `query`/`parameters`, PGlite `query`/`params`) and a `detail`
 * ("Failing row contains (…)") holding residents' text and password hashes; its message
 * quotes input values ("invalid input syntax for type uuid: \"…\""). None of that is
 * logged: the SQLSTATE and where it came from say enough to find the cause.
 */
export function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: inspect(error, { depth: 2, breakLength: Infinity }) };
  const fields = error as Error & Record<string, unknown>;
  if (isDatabaseError(fields)) {
    return {
      name: "DatabaseError",
      code: fields.code,
      message: error.message.replace(/"[^"]*"/g, '"…"'),
      routine: fields.routine,
      constraint: fields.constraint_name ?? fields.constraint,
      table: fields.table_name ?? fields.table,
    };
  }
  return {
    name: error.name,
    message: error.message,
    ...(typeof fields.code === "string" ? { code: fields.code } : {}),
    stack: error.stack,
    ...(error.cause !== undefined && depth < 3 ? { cause: describeError(error.cause, depth + 1) } : {}),
  };
}

function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && ("severity" in error || "routine" in error);
}

/** console.* arguments as one message; the first error among them goes in `error`, described safely. */
function consoleLine(args: unknown[]): { message: string; fields: Record<string, unknown> } {
  const error = args.find((arg) => arg instanceof Error);
  const parts = args.map((arg) => (arg instanceof Error ? (isDatabaseError(arg as never) ? "database error" : arg.message) : arg));
  const message = typeof parts[0] === "string" ? format(...(parts as [string, ...unknown[]])) : parts.map((part) => format("%s", part)).join(" ");
  return { message, fields: error ? { error: describeError(error) } : {} };
}

/**
 * From here on the process writes nothing but JSON lines: console.* (ours, React
 * Router's, libraries'), process warnings and uncaught errors all go through logLine.
 * The production server installs this first thing.
 */
export function installJsonLogging(): void {
  const to = (level: Level) => (...args: unknown[]) => {
    const { message, fields } = consoleLine(args);
    logLine(level, message, fields);
  };
  console.log = to("info");
  console.info = to("info");
  console.debug = to("info");
  console.warn = to("warn");
  console.error = to("error");
  // Node prints warnings through a listener of its own, in plain text.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => logLine("warn", warning.message, { error: describeError(warning) }));
  process.on("uncaughtException", (error) => {
    logLine("error", "uncaught exception: stopping", { error: describeError(error) });
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logLine("error", "unhandled rejection: stopping", { error: describeError(reason) });
    process.exit(1);
  });
}

/** The status an access line gives a request whose client closed the connection before the answer (as nginx logs it). */
export const CLIENT_CLOSED = 499;

let mode: AccessLogMode | undefined;

/**
 * One JSON line per request that ACCESS_LOG asks for: request id, method, path (no query
 * string: it may carry a reset token), status, duration. Never cookies, passwords or tokens.
 * `status` overrides the response's own: CLIENT_CLOSED when the client left before the answer
 * (the router answers an aborted request 500, which nobody received).
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, requestId: string, began: number, sqlStatements?: number, status?: number) {
  mode ??= accessLogMode(getEnv());
  if (mode.kind === "off") return;
  const ms = Math.round((performance.now() - began) * 10) / 10;
  const code = status ?? res.statusCode;
  // errors-and-slow (the production default) and a sample: a cache hit costs this comparison.
  if (mode.kind === "filtered" && code < 400 && ms < mode.slowMs && !(mode.sample > 0 && Math.random() < mode.sample)) return;
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  // The line JSON.stringify would make of the object, written field by field: this runs
  // on every cache hit, and building and walking an object was a visible part of a hit.
  const path = JSON.stringify(query === -1 ? url : url.slice(0, query));
  queueAccessLine(
    `{"level":"info","requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(req.method)},"path":${path},"status":${code},"ms":${ms}${
      sqlStatements === undefined ? "" : `,"sql":${sqlStatements}`
    }}`,
  );
}

/**
 * Access-log lines wait here and leave together once the current burst of I/O is handled:
 * on Linux a write to a pipe (Docker's log driver, a terminal) is synchronous, and one
 * write per cache hit cost more than the hit itself (issue #15's bench).
 */
let pending: string[] = [];

function queueAccessLine(line: string): void {
  if (pending.length === 0) setImmediate(flushAccessLog);
  pending.push(line);
  if (pending.length >= 512) flushAccessLog();
}

function flushAccessLog(): void {
  if (pending.length === 0) return;
  const text = `${pending.join("\n")}\n`;
  pending = [];
  process.stdout.write(text);
}

// Nothing queued is lost when the process ends on its own (exit, SIGTERM's clean stop).
process.once("exit", () => {
  if (pending.length) fs.writeSync(1, `${pending.join("\n")}\n`);
});
