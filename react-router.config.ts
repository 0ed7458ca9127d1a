import type { Config } from "@react-router/dev/config";
import { pwaPreset } from "./scripts/pwa-preset";

export default {
  ssr: true,
  // The whole route manifest ships with the first page (one precached, hashed file) instead
  // of being asked for on each new path (/__manifest): offline, those questions would fail and
  // client navigations to cached pages would break.
  routeDiscovery: { mode: "initial" },
  // Builds /sw.js from app/entry.worker.ts once the client build is written.
  presets: [pwaPreset()],
} satisfies Config;
