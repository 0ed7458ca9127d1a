import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One line per screen of the spec's route tables, added when the screen is built.
// Paths the table does not know fall to the root error boundary: the spec's 404 page.
export default [
  index("routes/home.tsx"),
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  route("media/*", "routes/media.ts"),
] satisfies RouteConfig;
