/**
 * The public pages, as paths the route table matches (ids do not matter for the files): what
 * the first-view JavaScript budget measures (tests/e2e/js-budget.spec.ts) and, with the
 * worker's offline essentials, what the service worker precaches (scripts/pwa-preset.ts).
 */
export const PUBLIC_PAGES = [
  "/",
  "/businesses",
  "/business/any",
  "/services",
  "/service/any",
  "/drivers/todos",
  "/driver/any",
  "/news",
  "/news/any",
  "/posts",
  "/posts/any",
  "/sell-items",
  "/sell-items/any",
  "/search",
  "/users",
  "/u/any",
  "/instalar",
  "/agenda",
  "/agenda/any",
  "/login",
  "/pagina-que-nao-existe",
];

/**
 * Pages whose files the worker fetches at install: the public pages a visitor reads, and the
 * pages it keeps for offline use without their being opened (ESSENTIAL_PATHS in
 * app/lib/pwa-cache-policy.ts: /drivers/all, /favorites). Not /login: signing in needs the
 * network anyway, and its form code (zod, conform: ~40 KiB gzip) would be a third of the
 * list. Every other file is kept on use (the worker's asset cache-first).
 */
export const PRECACHED_PAGES = [...PUBLIC_PAGES.filter((page) => page !== "/login"), "/drivers/all", "/favorites"];
