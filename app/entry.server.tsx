import { Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./lib/nonce";
import { serverContextOf } from "../server/toolkit/request-context";

export const streamTimeout = 5_000;

const SCRIPT_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const HYDRATION_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

/**
 * The page is whole before any script runs (every form works with JavaScript off), so the
 * scripts that hydrate it are fetched after it has loaded, not beside it. React Router puts
 * a modulepreload for each in <head> and starts them at once: on a phone's few HTTP/1.1
 * connections two dozen scripts went ahead of the listing photo and shared the weak signal
 * with the stylesheet, and hydration held the first paint back. Here the preloads and React
 * Router's module script are asked for when the window's load event has fired (photos and
 * stylesheet in) and the page has been painted, in the same order as before. The module
 * script's element stays where React rendered it, now a classic script that schedules it, so
 * hydration finds the same elements; only tags React Router wrote can match (what a resident
 * typed is escaped).
 */
function hydrateAfterLoad(html: string) {
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (!hydration) return html;
  const preloads: string[] = [];
  const rest = html.replace(SCRIPT_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  const loader =
    // No "<" in the script's text, so nothing in it can read as markup (nor close the element).
    // After `load` and after the frame that follows it has been painted (a small page can
    // load before its first paint): a task queued from requestAnimationFrame runs after it.
    `(function(n,p,m){addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(function(){var d=document,e;` +
    `p.forEach(function(h){e=d.createElement("link");e.rel="modulepreload";e.href=h;e.nonce=n;d.head.appendChild(e)});` +
    `e=d.createElement("script");e.type="module";e.nonce=n;e.textContent=m;d.head.appendChild(e)})})})})` +
    `(document.currentScript.nonce,${json(preloads)},${json(hydration[2])})`;
  return rest.replace(HYDRATION_SCRIPT, () => `<script${hydration[1] ?? ""}>${loader}</script>`);
}

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
