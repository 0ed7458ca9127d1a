import { DEMO_PASSWORD, demoUserByUsername, expect, open, submitSignIn, test, town, waitForHydration } from "./helpers";

/**
 * Issue #16 (part A): where signing in leads, on a 360 px phone with and without JavaScript —
 * back to the page "Entrar" was tapped on; a visitor's heart kept through /login; Google only
 * where Supabase Auth is configured; OAuth tokens in a URL fragment on any page; /auth/callback
 * without JavaScript. Residents no other spec signs in with.
 */

const project = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "no-js");
const USERS = {
  back: { js: demoUserByUsername("gabriel_teixeira"), "no-js": demoUserByUsername("ditinho_silva") },
  heart: demoUserByUsername("raimundo_vieira"),
};

test.describe("signing in", () => {
  test("signing in from the bottom bar's Entrar returns to the page it was tapped on", async ({ page, javaScriptEnabled }) => {
    const user = USERS.back[project(javaScriptEnabled)];
    await open(page, "/news?pagina=2", javaScriptEnabled);
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);
    await submitSignIn(page, user.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/news?pagina=2");
    await expect(page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Perfil" })).toBeVisible();
  });

  test("a visitor's heart without JavaScript is added once they have signed in @no-js-only", async ({ page }) => {
    const article = town.news[3]!;
    await open(page, "/news", false);
    await page.getByRole("button", { name: `Favoritar ${article.title}`, exact: true }).click();
    await expect(page).toHaveURL(/^[^?]*\/login\?/);
    await submitSignIn(page, USERS.heart.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/news");
    await expect(page.getByRole("button", { name: `Remover ${article.title} dos favoritos`, exact: true })).toHaveAttribute("aria-pressed", "true");
    await open(page, "/favorites", false);
    await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: article.title })).toHaveCount(1);
  });

  test("without Supabase Auth configured, the login page says nothing of Google", async ({ page, javaScriptEnabled }) => {
    await open(page, "/login", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText("Google");
    await open(page, "/login?modo=cadastro", javaScriptEnabled);
    await expect(page.getByRole("main")).not.toContainText("Google");
  });

  test("OAuth tokens in the URL fragment of any page are read, the URL is cleaned and the resident goes to / @js-only", async ({
    page,
  }) => {
    // A stand-in for Supabase's token check: the local adapter issues no OAuth tokens, so the
    // callback's answer for good tokens (a session and 303 to /) is played here.
    const posted: string[] = [];
    await page.route(
      (url) => url.pathname === "/auth/callback",
      async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        posted.push(route.request().postData() ?? "");
        await route.fulfill({ status: 303, headers: { Location: "/" } });
      },
    );
    const urls: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) urls.push(frame.url());
    });
    await page.goto("/news#access_token=stand-in-access&refresh_token=stand-in-refresh&expires_in=3600&token_type=bearer");
    await expect.poll(() => posted.length).toBe(1);
    const form = new URLSearchParams(posted[0]);
    expect(form.get("access_token")).toBe("stand-in-access");
    expect(form.get("refresh_token")).toBe("stand-in-refresh");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("navigation", { name: "Navegação principal" })).toBeVisible();
    // The tokens left the address bar before anything else happened.
    expect(await page.evaluate(() => window.location.hash)).toBe("");
  });

  test("/auth/callback without JavaScript says what to do instead of waiting forever @no-js-only", async ({ page }) => {
    await open(page, "/auth/callback", false);
    await expect(page.getByText("Só um instante.")).toHaveCount(0);
    // Playwright's text and role matching skip <noscript>, so its content is found by CSS.
    await expect(page.locator("noscript p").first()).toHaveText(
      "Entrar com o Google precisa de JavaScript. Ative o JavaScript no navegador e tente de novo, ou entre com seu e-mail e senha.",
    );
    await page.locator('noscript a[href="/login"]').click();
    await expect(page).toHaveURL("/login");
  });
});
