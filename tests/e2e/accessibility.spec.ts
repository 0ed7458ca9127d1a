import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { THEME_COOKIE } from "../../core/theme";
import { demoUserByUsername, DEMO_PASSWORD, expect, submitSignIn, test, town, waitForHydration } from "./helpers";

/**
 * axe-core over every page of the route table, in the light and the dark theme, signed out
 * and signed in (issue #16): zero violations of any rule axe runs by default (WCAG 2.x A/AA
 * and best practices). The ids in a path come from the pages themselves (the first link of
 * a list), so the pass follows the seeded town. axe runs as a script inside the page, so the
 * pass is @js-only; the pages are checked once hydrated (the server's markup plus what
 * JavaScript adds).
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const resident = demoUserByUsername("larissa_duarte");

/** The first `/prefix/{uuid}` link on `path`, as a path. */
async function firstLink(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(path);
  const href = await page.locator(`main a[href^="${prefix}"]`).evaluateAll(
    (links, pattern) => links.map((a) => a.getAttribute("href")!).find((h) => new RegExp(pattern).test(h)),
    `^${prefix}${UUID}$`,
  );
  if (!href) throw new Error(`no ${prefix}{id} link on ${path}`);
  return href;
}

async function publicPaths(page: Page): Promise<string[]> {
  const business = await firstLink(page, "/businesses", "/business/");
  const service = await firstLink(page, "/services", "/service/");
  const driver = await firstLink(page, "/drivers/all", "/driver/");
  const news = await firstLink(page, "/news", "/news/");
  const post = await firstLink(page, "/posts", "/posts/");
  const sellItem = await firstLink(page, "/sell-items", "/sell-items/");
  const user = town.users[0]!;
  return [
    "/",
    "/businesses",
    business,
    "/services",
    service,
    "/drivers/all",
    "/drivers/disponiveis",
    driver,
    "/news",
    news,
    "/posts",
    post,
    "/search?q=padaria",
    "/search?q=xyzzy-quimera",
    "/login",
    "/auth/callback",
    "/users",
    `/u/${user.username}`,
    "/game/clicker",
    "/debug/storage",
    "/instalar",
    "/sell-items",
    sellItem,
    "/pagina-que-nao-existe",
    "/offline.html",
  ];
}

const SIGNED_IN_PATHS = [
  "/profile",
  "/edit-profile",
  "/favorites",
  "/notifications",
  "/create-sell-item",
  "/my-sell-items",
  "/create-post",
  "/my-posts",
  "/create-news",
  "/update-business-images",
];

async function violationsOn(page: Page, path: string) {
  await page.goto(path);
  if (!path.endsWith(".html")) {
    await waitForHydration(page);
    // Pages filled in after hydration (the clicker, /debug/storage) are checked filled in.
    await expect(page.getByText(/^Carregando/)).toHaveCount(0);
  }
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => ({
    path,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 2).join("")}`),
  }));
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`axe-core, ${theme} theme`, { tag: "@js-only" }, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: THEME_COOKIE, value: theme, url: baseURL! }]);
      // /offline.html follows the system's scheme (it has no cookie to read).
      await page.emulateMedia({ colorScheme: theme });
    });

    test("every public page has no violations", async ({ page }) => {
      test.setTimeout(240_000);
      const found = [];
      for (const path of await publicPaths(page)) found.push(...(await violationsOn(page, path)));
      expect(found).toEqual([]);
    });

    test("every signed-in page has no violations", async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto("/login");
      await waitForHydration(page);
      await submitSignIn(page, resident.email, DEMO_PASSWORD);
      await expect(page).toHaveURL("/");
      const own = await firstLink(page, "/my-sell-items", "/sell-items/");
      const ownPost = await firstLink(page, "/my-posts", "/posts/");
      const paths = [...SIGNED_IN_PATHS, `${own}/edit`, `${ownPost}/edit`];
      const found = [];
      for (const path of paths) found.push(...(await violationsOn(page, path)));
      expect(found).toEqual([]);
    });
  });
}
