import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One line per screen of the spec's route tables, added when the screen is built.
// Paths the table does not know match the catch-all last line, whose 404 renders the
// root error boundary: the spec's 404 page (with the root loader's theme and session).
export default [
  index("routes/home.tsx"),
  route("businesses", "routes/businesses.tsx"),
  route("business/:id", "routes/business.tsx"),
  route("services", "routes/services.tsx"),
  route("service/:id", "routes/service.tsx"),
  route("drivers", "routes/drivers-redirect.ts"),
  route("drivers/:filter", "routes/drivers.tsx"),
  route("driver/:driverId", "routes/driver.tsx"),
  route("news", "routes/news.tsx"),
  route("news/:id", "routes/news-detail.tsx"),
  route("posts", "routes/posts.tsx"),
  route("posts/:id", "routes/post.tsx"),
  route("search", "routes/search.tsx"),
  route("update-business-images", "routes/update-business-images.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("users", "routes/users.tsx"),
  route("user/:userId", "routes/public-profile.tsx", { id: "user-by-id" }),
  route("u/:username", "routes/public-profile.tsx", { id: "user-by-username" }),
  route("game/clicker", "routes/game-clicker.tsx"),
  route("debug/storage", "routes/debug-storage.tsx"),
  route("instalar", "routes/instalar.tsx"),
  route("farmacias-de-plantao", "routes/duty-pharmacies.tsx"),
  // Issue #33: the town's map (its stand-in tiles are drawn by the og route: /og/mapa/{z}/{x}/{y})
  route("mapa", "routes/map.tsx"),
  // Issue #32: the town's agenda, an event's page and its calendar files (RFC 5545)
  route("agenda", "routes/agenda.tsx"),
  route("agenda.ics", "routes/agenda-ics.ts"),
  route("agenda/propor", "routes/propose-event.tsx"),
  route("agenda/:id", "routes/agenda-event.tsx"),
  route("agenda/:id/evento.ics", "routes/agenda-event-ics.ts"),
  // Marketplace: the layout holds the in-memory cart across the list and item pages.
  route("sell-items", "routes/marketplace.tsx", [
    index("routes/sell-items.tsx"),
    route(":id", "routes/sell-item.tsx"),
  ]),
  // Signed-in only (visitors go to /login)
  route("profile", "routes/profile.tsx"),
  route("profile/edit", "routes/profile-edit-redirect.ts"),
  route("edit-profile", "routes/edit-profile.tsx"),
  route("favorites", "routes/favorites.tsx"),
  route("notifications", "routes/notifications.tsx"),
  route("create-sell-item", "routes/create-sell-item.tsx"),
  route("sell-items/:id/edit", "routes/edit-sell-item.tsx"),
  route("my-sell-items", "routes/my-sell-items.tsx"),
  route("create-post", "routes/create-post.tsx"),
  route("posts/:id/edit", "routes/edit-post.tsx"),
  route("my-posts", "routes/my-posts.tsx"),
  route("create-news", "routes/create-news.tsx"),
  // Issue #18: reports, moderation, proposed listings and claims (pt-BR paths, as /instalar)
  route("denunciar", "routes/report.tsx"),
  route("moderacao", "routes/moderation.tsx"),
  route("moderacao/registro", "routes/moderation-log.tsx"),
  // Issue #32: the state's and the town's holidays (admins)
  route("moderacao/feriados", "routes/town-holidays.tsx"),
  route("cadastrar/:tipo", "routes/propose-listing.tsx"),
  route("business/:id/e-meu", "routes/claim-business.tsx"),
  route("business/:id/editar", "routes/edit-business.tsx"),
  // Resource routes
  route("theme", "routes/theme.ts"),
  route("healthz", "routes/healthz.ts"),
  route("events", "routes/events.ts"),
  route("media/*", "routes/media.ts"),
  // Issue #31: share cards, and robots.txt and the sitemap (handed over as /og/…: server/web/indexing.ts)
  route("og/*", "routes/og.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
