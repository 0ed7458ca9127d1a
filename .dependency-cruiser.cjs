// The house's import rules (issue #26), checked by `npm run lint` (and so by CI); the layer
// map and why it is ordered so are in docs/architecture.md. tests/unit/import-rules.test.ts
// plants a violation of each rule in a temporary tree and sees it refused.

/**
 * server/'s layers, lowest first: a module may import its own layer and the ones before it,
 * never one after it. Type-only imports count too (a type is a dependency of the code).
 */
const SERVER_LAYERS = [
  ["base", "^server/(env|log|metrics)\\.ts$"],
  ["web", "^server/web/"],
  ["db", "^server/db/"],
  ["storage", "^server/storage/"],
  ["models", "^server/models/"],
  ["auth", "^server/auth/"],
  ["images", "^server/images/"],
  ["cache", "^server/cache/"],
  ["seed", "^server/seed/"],
  ["toolkit", "^server/toolkit/"],
  ["live", "^server/live/"],
  ["http", "^server/(http/|cli\\.ts$)"],
];

/** The shared core: the pure vocabulary both sides use (phones, image limits, hours, kinds…). */
const CORE = "^core/";
/** What React Router runs on the server and strips from the browser's copy (loaders, actions, middleware). */
const SERVER_HALF_OF_APP = "^app/(routes/|root\\.tsx$|entry\\.server\\.tsx$)|\\.server\\.tsx?$";

const layerRules = SERVER_LAYERS.slice(0, -1).map(([name, path], index) => ({
  name: `layer-${name}`,
  comment: `server/ layer "${name}" imports only the layers below it (docs/architecture.md): not ${SERVER_LAYERS.slice(index + 1).map(([above]) => above).join(", ")}`,
  severity: "error",
  from: { path },
  to: { path: SERVER_LAYERS.slice(index + 1).map(([, above]) => above) },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: a shared type or helper belongs in a third module both import.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "browser-imports-server",
      comment: "Browser code (components, hooks, client, lib…) never imports server/: reach it from a route's loader or action.",
      severity: "error",
      from: { path: "^app/", pathNot: SERVER_HALF_OF_APP },
      to: { path: "^server/" },
    },
    {
      name: "server-imports-app",
      comment: "server/ imports only the shared core (core/) from the app's side, never components, routes or hooks.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "core-is-pure",
      comment: "The shared core imports neither React nor server/ nor the app: both sides use it.",
      severity: "error",
      from: { path: CORE },
      to: { path: ["^server/", "^app/", "(^|/)node_modules/(react|react-dom|react-router|@radix-ui/[^/]+|sonner)/"] },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^build/", "^\\.react-router/", "(^|/)fixtures/"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
