import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import { getEnv } from "../env";
import { directProducerOf, type DirectSink } from "../web/direct-body";

/** Form posts are small; multipart carries up to six 5 MB photos plus the fields. */
export const MAX_FORM_BYTES = 1024 * 1024;
export const MAX_MULTIPART_BYTES = 32 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

export function bodyLimitFor(contentType: string | undefined): number {
  return contentType?.toLowerCase().startsWith("multipart/form-data") ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
}

export type AdaptedRequest = {
  request: Request;
  tooLarge: Promise<void>;
  /** The declared Content-Length is already over the limit: answer 413 without running the app. */
  rejected: boolean;
  requestId: string;
  clientAddress: string;
  /** The client closed the connection before the whole answer was written (logged as 499). */
  clientGone: () => boolean;
};

/**
 * Node's request as a Fetch Request. The body is counted while it streams: past the
 * limit the upload is cut off (never buffered whole) and `tooLarge` resolves so the
 * caller can answer 413 at once.
 */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse, origin: string): AdaptedRequest {
  const controller = new AbortController();
  let gone = false;
  res.on("close", () => {
    if (res.writableFinished) return;
    gone = true;
    controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? "GET";
  let signalTooLarge: () => void = () => {};
  const tooLarge = new Promise<void>((resolve) => (signalTooLarge = resolve));
  let body: ReadableStream | null = null;
  let rejected = false;
  if (method !== "GET" && method !== "HEAD") {
    const limit = bodyLimitFor(req.headers["content-type"]);
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > limit) {
      // Without its body the action would still run (a POST /logout would sign out),
      // so the caller must not hand this request to the app at all.
      rejected = true;
      signalTooLarge();
      body = null;
    } else {
      let seen = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          if (seen > limit) {
            signalTooLarge();
            // The 413 is already on its way: aborting tells React Router the request is
            // over, so it stops the action and does not log the cut-off body as an error.
            controller.abort();
            callback(new BodyTooLargeError("request body over the limit"));
            req.unpipe(counter);
            req.resume();
            return;
          }
          callback(null, chunk);
        },
      });
      req.pipe(counter);
      body = Readable.toWeb(counter) as ReadableStream;
    }
  }
  const requestId = requestIdOf(req);
  const request = new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body,
    signal: controller.signal,
    // Node's fetch requires this for streamed request bodies.
    ...(body ? { duplex: "half" } : {}),
  } as RequestInit);
  return { request, tooLarge, rejected, requestId, clientAddress: clientAddressOf(req), clientGone: () => gone };
}

/** The id a proxy gave the request (when it looks like one), or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
}

/**
 * The address rate limits count. Behind a trusted reverse proxy every connection comes
 * from the proxy, which would put all users in one bucket: there the proxy's own
 * X-Forwarded-For entry (the last one; earlier ones are whatever the client sent) names
 * the client.
 */
export function clientAddressOf(req: IncomingMessage): string {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  if (!getEnv().TRUST_PROXY) return socketAddress;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map((part) => part.trim()).filter(Boolean);
  return forwarded.at(-1) ?? socketAddress;
}

/** Bodies the pipeline already holds whole, so writing them skips the Fetch stream. */
const wholeBodies = new WeakMap<Response, Buffer>();

/** A Response over a buffer the server keeps: written with one `res.end(buffer)`. */
export function bufferedResponse(body: Buffer | null, init: ResponseInit): Response {
  const response = new Response(body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : null, init);
  if (body) wholeBodies.set(response, body);
  return response;
}

/**
 * A long-lived response's bytes written to its socket past the response object: Node's work
 * per res.write (framing the chunk, corking, a callback per write) was most of the CPU of a
 * fan-out to thousands of streams. The chunk's framing is built once per payload instead.
 * res.end() still closes the body (the last chunk) as usual.
 */
function socketSink(res: ServerResponse): DirectSink {
  const socket = res.socket;
  // Set when the headers went (flushHeaders): HTTP/1.1 without a length is chunked; 1.0 is raw.
  const chunked = (res as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding === true;
  return {
    write: (bytes) => {
      if (socket && !socket.destroyed) socket.write(chunked ? framedChunk(bytes) : bytes);
    },
    backlog: () => res.writableLength + (socket?.writableLength ?? 0),
    end: () => res.end(),
  };
}

const framedChunks = new WeakMap<Uint8Array, Buffer>();
const CRLF = Buffer.from("\r\n");

/** `<length in hex>\r\n<bytes>\r\n`, once per payload however many streams it goes to. */
function framedChunk(bytes: Uint8Array): Buffer {
  let chunk = framedChunks.get(bytes);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`, "latin1"), bytes, CRLF]);
    framedChunks.set(bytes, chunk);
  }
  return chunk;
}

/**
 * A ready answer (from the shared page cache) written straight to the socket. Its header
 * list ends with the X-Request-Id slot, filled in here: writeHead turns the list into the
 * response head before returning, so the shared list is never read with another's id.
 */
export function writeAnswer(res: ServerResponse, answer: { status: number; headers: string[]; body: Buffer | null }, requestId: string, close: boolean): void {
  const headers = answer.headers;
  headers[headers.length - 1] = requestId;
  res.writeHead(answer.status, close ? [...headers, "Connection", "close"] : headers);
  res.end(answer.body ?? undefined);
}

export async function writeFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  const whole = wholeBodies.get(response);
  if (whole && !response.bodyUsed) {
    res.end(whole);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  const direct = directProducerOf(response.body);
  if (direct) {
    const body = response.body;
    res.once("close", () => void body.cancel().catch(() => {}));
    // The headers go now: the first event may be a while coming.
    res.flushHeaders();
    direct(socketSink(res));
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value) && !(await drainedOrGone(res))) {
        // The client left mid-response: stop producing the body.
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } finally {
    res.end();
  }
}

/**
 * Waits for room in the socket's buffer. A client that disconnects never drains: waiting
 * on "drain" alone would park this response (and its body) forever, once per dropped
 * connection. Resolves false when the connection closed instead.
 */
function drainedOrGone(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (drained: boolean) => () => {
      res.off("drain", onDrain);
      res.off("close", onClose);
      resolve(drained);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    res.once("drain", onDrain);
    res.once("close", onClose);
  });
}
