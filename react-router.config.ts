import type { Config } from "@react-router/dev/config";
import { pwaPreset } from "./scripts/pwa-preset";

export default {
  ssr: true,
  // The whole route manifest ships with the first page (one precached, hashed file) instead
  // of being asked for on each new path (/__manifest): offline, those questions would fail and
  // client navigations to cached pages would break.
  routeDiscovery: { mode: "initial" },
  future: {
    // The root route's middleware gives every loader and action one typed request context
    // (server/toolkit/request-context.ts): the session, looked up once, and the database as the
    // visitor, the caller or the caller's own. The server's load context is then a
    // RouterContextProvider (loadContextFor).
    v8_middleware: true,
    // Every loader of a request gets the request itself, not a copy each (v8's default): two
    // Request copies per page are saved. Data requests keep their ".data" URL: code that needs
    // the page's own path uses pagePathOf (server/toolkit/request.ts).
    v8_passThroughRequests: true,
  },
  // Builds /sw.js from app/entry.worker.ts once the client build is written.
  presets: [pwaPreset()],
} satisfies Config;
