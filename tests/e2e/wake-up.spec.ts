import path from "node:path";
import type { Page, Request } from "@playwright/test";
// @ts-expect-error -- a plain .mjs module of the bench, shared with the budget spec
import { createFirstViewCalculator, readManifest } from "../../bench/lib/first-view-js.mjs";
import { demoUserByUsername, expect, signIn, test, waitForHydration } from "./helpers";

/**
 * Issue #29: the page while it wakes up, JavaScript on. A script that fails (a phone switching
 * networks aborts requests) is retried until the page hydrates, and until then every control
 * that needs JavaScript shows its plain fallback (app/lib/hydration-loader.ts, app.css). A tap
 * made before hydration — a native form post — takes effect once, and the hydrated page
 * neither repeats nor reverts it. Scripts are held or failed with page.route; every wait is
 * for a condition, with its own deadline.
 */

const CLIENT = path.resolve(import.meta.dirname, "../../build/client");
const ENTRY = /\/assets\/entry\.client-[^/]+\.js$/;
const hydratedRoot = (page: Page) => page.locator("html[data-hydrated]");
const whatsAppLinks = (page: Page) => page.getByRole("link", { name: /^WhatsApp sobre / });
const addToCart = (page: Page) => page.getByRole("button", { name: /^Adicionar ao carrinho: / });
const cartButton = (page: Page) => page.getByRole("button", { name: /^Abrir carrinho/ });

/** The route chunk of the page at `pathname` (its own module, not the shared ones). */
function routeChunk(pathname: string): RegExp {
  const { routeIds } = (createFirstViewCalculator(CLIENT) as { forPath(p: string): { routeIds: string[] } }).forPath(pathname);
  const { manifest } = readManifest(CLIENT) as { manifest: { routes: Record<string, { module: string }> } };
  const file = manifest.routes[routeIds.at(-1)!]!.module;
  return new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** Fails every request for `pattern` while `failing()` says so, counting them. */
async function failScripts(page: Page, pattern: RegExp, failing: () => boolean) {
  const asked: string[] = [];
  await page.route(pattern, (route) => {
    asked.push(route.request().url());
    return failing() ? route.abort("internetdisconnected") : route.continue();
  });
  return asked;
}

/** Holds the entry script (so the page cannot hydrate) until the returned function is called. */
async function holdHydration(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await released;
    // A request whose page went away meanwhile (a native post navigated) cannot continue.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Waits for the root's hydration and for the effects that run after it to have started their requests. */
async function hydratedAndSettled(page: Page) {
  await waitForHydration(page);
  await expect(hydratedRoot(page)).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

function postsTo(page: Page, prefix: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(prefix)) posts.push(request);
  });
  return posts;
}

/** The server's page before hydration: the cart's stand-ins show, the cart does not. */
async function expectFallbacks(page: Page) {
  await expect(hydratedRoot(page)).toHaveCount(0);
  await expect(whatsAppLinks(page).first()).toBeVisible();
  await expect(whatsAppLinks(page).first()).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  await expect(addToCart(page)).toHaveCount(0);
  await expect(cartButton(page)).toHaveCount(0);
}

/** The hydrated marketplace: the cart replaces the stand-ins and adds exactly once per tap. */
async function expectCartWorks(page: Page) {
  await expect(whatsAppLinks(page)).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName("Abrir carrinho (vazio)");
  await addToCart(page).first().click();
  await expect(cartButton(page)).toHaveAccessibleName("Abrir carrinho (1 item)");
}

test.describe("a failed script", () => {
  // The route chunk's name is read from the build when the test runs.
  for (const [what, pattern] of [
    ["the entry script", () => ENTRY],
    ["the page's route chunk", () => routeChunk("/sell-items")],
  ] as const) {
    test(`${what} failing leaves a working page with its fallbacks, and a retry hydrates it`, { tag: "@js-only" }, async ({ page }) => {
      let failing = true;
      const asked = await failScripts(page, pattern(), () => failing);
      await page.goto("/sell-items");
      // The preload and the module script's import both failed: the page waits for a retry.
      await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      await expectFallbacks(page);

      failing = false;
      await hydratedAndSettled(page);
      expect(asked.length).toBeGreaterThanOrEqual(3);
      await expectCartWorks(page);
    });
  }

  test("failing for good, the page's forms still work as plain forms", { tag: "@js-only" }, async ({ page, context }) => {
    const asked = await failScripts(page, ENTRY, () => true);
    await page.goto("/sell-items");
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expectFallbacks(page);
    await page.getByRole("button", { name: "Ativar tema escuro" }).click();
    await expect(page).toHaveURL("/sell-items");
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    expect((await context.cookies()).find((cookie) => cookie.name === "guida-theme")?.value).toBe("dark");
    await expectFallbacks(page);
  });
});

test.describe("a tap before hydration", () => {
  test("the theme switch takes effect once and the hydrated page keeps it", { tag: "@js-only" }, async ({ page, context }) => {
    // A returning visitor: an earlier visit hydrated and saved "light" in localStorage.
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.localStorage.getItem("guida-theme"))).toBe("light");

    const release = await holdHydration(page);
    await page.reload();
    const posts = postsTo(page, "/theme");
    await expect(hydratedRoot(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Ativar tema escuro" }).click();
    // The native post's answer: the same page, now dark.
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(page.getByRole("button", { name: "Ativar tema claro" })).toBeVisible();

    release();
    await hydratedAndSettled(page);
    expect(posts).toHaveLength(1);
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    expect((await context.cookies()).find((cookie) => cookie.name === "guida-theme")?.value).toBe("dark");
    expect(await page.evaluate(() => window.localStorage.getItem("guida-theme"))).toBe("dark");
  });

  test("a heart takes effect once", { tag: "@js-only" }, async ({ page }) => {
    await signIn(page, demoUserByUsername("ana_souza").email, "/sell-items", true);
    const release = await holdHydration(page);
    await page.reload();
    const posts = postsTo(page, "/favorites");
    const heart = page.getByRole("button", { name: /^Favoritar / }).first();
    const name = (await heart.getAttribute("aria-label"))!.replace(/^Favoritar /, "");
    await heart.click();
    const pressed = page.getByRole("button", { name: `Remover ${name} dos favoritos`, exact: true });
    await expect(pressed).toHaveAttribute("aria-pressed", "true");

    release();
    await hydratedAndSettled(page);
    expect(posts).toHaveLength(1);
    await expect(pressed).toHaveAttribute("aria-pressed", "true");
    await page.goto("/favorites");
    await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(1);
  });

  test("a vote takes effect once", { tag: "@js-only" }, async ({ page }) => {
    await signIn(page, demoUserByUsername("zecarlos_ferreira").email, "/posts", true);
    const release = await holdHydration(page);
    await page.reload();
    const posts = postsTo(page, "/posts");
    const open = page.getByTestId("poll-total").filter({ hasText: "Toque numa opção para votar" }).first();
    // The first poll still open to this resident: `has` matches inside each section, so `first()`
    // goes on the sections (other specs add polls to the shared town).
    const poll = page.locator("section[aria-labelledby^='enquete-']").filter({ has: page.getByTestId("poll-total").filter({ hasText: "Toque numa opção para votar" }) }).first();
    const pollId = (await poll.getAttribute("aria-labelledby"))!;
    const before = Number((await open.innerText()).match(/^(\d+)/)![1]);
    const samePoll = page.locator(`section[aria-labelledby='${pollId}']`);
    await samePoll.getByRole("button").first().click();
    await expect(samePoll.getByRole("button").first()).toHaveAttribute("aria-pressed", "true");

    release();
    await hydratedAndSettled(page);
    expect(posts).toHaveLength(1);
    await expect(samePoll.getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
    await expect(samePoll.getByTestId("poll-total")).toHaveText(new RegExp(`^${before + 1} votos? `));
  });

  test("a reply and an edit opened and typed before hydration are still there, open and filled, after it", { tag: "@js-only" }, async ({ page }) => {
    // The comments hydrate with the page (they once came in a chunk of their own, and a tap on
    // "Responder" before it arrived made React drop the section's HTML: comments.tsx).
    await signIn(page, demoUserByUsername("tiao_rodrigues").email, "/posts", true);
    const tag = Math.random().toString(36).slice(2, 10);
    const post = new FormData();
    post.append("content", `Quem tem uma escada emprestada? ${tag}`);
    const created = await page.request.post("/create-post", { multipart: post, maxRedirects: 0 });
    const postPath = created.headers()["location"]!;
    const text = `Eu tenho uma de seis degraus ${tag}`;
    const commented = await page.request.post(postPath, { form: { intent: "comment", body: text }, maxRedirects: 0 });
    expect(commented.status()).toBe(303);

    const release = await holdHydration(page);
    await page.goto(postPath);
    await expect(hydratedRoot(page)).toHaveCount(0);
    const own = page.getByRole("article", { name: /^Comentário de / }).filter({ hasText: text });
    await own.getByText("Responder", { exact: true }).click();
    const reply = `Passo aí às 10h ${tag}`;
    await own.getByLabel(/^Responder a /).fill(reply);
    await own.getByText("Editar", { exact: true }).click();
    await expect(own.getByLabel("Editar comentário")).toBeVisible();

    release();
    await hydratedAndSettled(page);
    await expect(own.getByLabel(/^Responder a /)).toHaveValue(reply);
    await expect(own.getByLabel("Editar comentário")).toBeVisible();
    await own.getByRole("button", { name: "Publicar resposta" }).click();
    await expect(page.getByRole("article", { name: /^Comentário de / }).filter({ hasText: reply })).toBeVisible();
  });

  test("the cart cannot be tapped before it works; once hydrated, one tap adds one item", { tag: "@js-only" }, async ({ page }) => {
    const release = await holdHydration(page);
    await page.goto("/sell-items");
    await expectFallbacks(page);
    release();
    await hydratedAndSettled(page);
    await expectCartWorks(page);
  });
});
