import type { Config } from "@react-router/dev/config";
import { pwaPreset } from "./scripts/pwa-preset";

export default {
  ssr: true,
  // The whole route manifest ships with the first page (one precached, hashed file) instead
  // of being asked for on each new path (/__manifest): offline, those questions would fail and
  // client navigations to cached pages would break.
  routeDiscovery: { mode: "initial" },
  future: {
    // Every loader of a request gets the request itself, not a copy each (v8's default): the
    // session is then looked up once per request (server/request.ts memoizes by Request), and
    // two Request copies per page are saved. Data requests keep their ".data" URL: code that
    // needs the page's own path uses pagePathOf (server/request.ts).
    v8_passThroughRequests: true,
  },
  // Builds /sw.js from app/entry.worker.ts once the client build is written.
  presets: [pwaPreset()],
} satisfies Config;
