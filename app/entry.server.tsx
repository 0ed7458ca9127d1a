import { Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./hooks/nonce";
import { hydrateAfterLoad } from "./lib/hydration-loader";
import { serverContextOf } from "#server/toolkit/request-context";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (onAllReady): pages are small, and a
 * complete body lets the server compress it, give it an ETag and share it between
 * visitors (server/http/pipeline.ts). Inline scripts carry the response's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = serverContextOf(loadContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = responseStatusCode;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = hydrateAfterLoad(Buffer.concat(chunks).toString("utf8"));
        resolve(new Response(html, { status, headers: responseHeaders }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Never outline a finished Suspense boundary: past 12,800 bytes React writes it after
        // the shell, hidden, for an inline script to move into place, which a browser with
        // JavaScript off never runs (a post's comments, issue #30, vanished there). The whole
        // document is buffered anyway (onAllReady), so there is nothing to stream early.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
