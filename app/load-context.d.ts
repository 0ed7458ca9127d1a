import "react-router";
import type { ReadCache } from "../server/read-cache";

declare module "react-router" {
  interface AppLoadContext {
    /** The peer's IP address (server/app.ts); absent under the dev server. */
    clientAddress?: string;
    /** The CSP nonce for this response's inline scripts (server/pipeline.ts). */
    cspNonce?: string;
    /** Shared results of public catalogue reads, dropped on every write (server/read-cache.ts). */
    publicReads?: ReadCache;
    /** Each resident's own badge reads, by user id, dropped on every write (server/read-cache.ts). */
    userReads?: ReadCache;
  }
}
