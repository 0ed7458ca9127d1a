import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The peer's IP address (server/app.ts); absent under the dev server. */
    clientAddress?: string;
    /** The CSP nonce for this response's inline scripts (server/pipeline.ts). */
    cspNonce?: string;
  }
}
