import type { Config } from "@react-router/dev/config";
import { pwaPreset } from "./scripts/pwa-preset";

export default {
  ssr: true,
  // A page ships only its own routes' part of the route manifest, inline (issue #29: the whole
  // table was a 2.8 KiB script on every first view); the rest is asked for on use (/__manifest).
  // The service worker answers those questions itself from its precached copy of the whole
  // manifest (app/entry.worker.ts), so client navigations keep working offline.
  routeDiscovery: { mode: "lazy" },
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
