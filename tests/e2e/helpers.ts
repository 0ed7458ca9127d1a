import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { buildDemoTown, DEMO_PASSWORD } from "../../server/seed/seed-data";

/**
 * What every browser spec shares: the test fixture that watches for page errors, the seeded
 * demo town and its residents, and the steps most tests begin with (open a page and wait for
 * hydration, sign in through /login). Not a spec itself: Playwright only runs *.spec.ts.
 */

export { expect };

// Uncaught errors in the page (a broken hydration, a failing effect) fail the test.
export const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on("pageerror", (error) => errors.push(error));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

// The server seeds this exact town on first start (the seed is pure and deterministic), so
// expectations come from the same source instead of copied numbers, and so does the demo
// residents' password.
export const town = buildDemoTown();
export { DEMO_PASSWORD };

export type DemoUser = (typeof town.users)[number];

/** A demo resident by username; throws on a typo instead of failing later on `undefined`. */
export function demoUserByUsername(username: string): DemoUser {
  const user = town.users.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
}

/** A demo resident by seed key (what ownerKey, sellerKey and authorKey point at). */
export function demoUserByKey(key: string): DemoUser {
  const user = town.users.find((u) => u.key === key);
  if (!user) throw new Error(`no demo user ${key}`);
  return user;
}

/** Where the app sends a visitor who asked for `path` without being signed in. */
export const loginUrlFor = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

/**
 * Resolves once React has hydrated the page, so client-side Links, forms, fetchers and effects
 * are live. React Router creates its router while hydrating; the theme toggle's mount effect
 * then mirrors the theme into localStorage ("guida-theme"), which happens only after React commits.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => "__reactRouterDataRouter" in window && window.localStorage.getItem("guida-theme") !== null,
  );
}

/** Loads a page and, when the project runs JavaScript, waits for it to hydrate. */
export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
  return response;
}

/** Fills the sign-in form on the current /login page and submits it (no waiting). */
export async function submitSignIn(page: Page, login: string, password: string) {
  await page.getByLabel("E-mail ou celular", { exact: true }).fill(login);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/**
 * Signs a demo resident in through /login?redirectTo=…, waits to land on `redirectTo` and,
 * with JavaScript, for that page to hydrate.
 */
export async function signIn(page: Page, email: string, redirectTo: string, javaScriptEnabled: boolean) {
  await open(page, loginUrlFor(redirectTo), javaScriptEnabled);
  await submitSignIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(redirectTo);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Signs a demo resident in over plain HTTP (the /login form's contract): the page's context keeps the session cookie. */
export async function signInOverHttp(page: Page, resident: DemoUser, base = "") {
  const response = await page.request.post(`${base}/login`, {
    form: { intent: "signin", email: resident.email, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${resident.username}`).toBe(303);
}

/**
 * A second person on a browser context of their own (same project options: JavaScript on or
 * off), signed in unless `resident` is null. `address`: where they connect from
 * (X-Forwarded-For, which the e2e server trusts; the trust rules count one address as one
 * resident); `base`: another server than the config's baseURL.
 */
export async function pageFor(browser: Browser, resident: DemoUser | null, options: { address?: string; base?: string } = {}): Promise<Page> {
  const context = await browser.newContext(options.address ? { extraHTTPHeaders: { "X-Forwarded-For": options.address } } : {});
  const page = await context.newPage();
  if (resident) await signInOverHttp(page, resident, options.base);
  return page;
}

/** A text post over the HTTP contract (multipart), by the page's resident; returns its id. */
export async function createPostOverHttp(page: Page, content: string): Promise<string> {
  const form = new FormData();
  form.append("content", content);
  const response = await page.request.post("/create-post", { multipart: form, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  return (response.headers()["location"] ?? "").split("/").pop()!;
}

/** Where tests/e2e/start-server.mjs copies the server's output. */
const SERVER_LOG = path.resolve(import.meta.dirname, "../..", process.env.E2E_SERVER_LOG ?? "test-results/e2e-server.log");

/**
 * The newest e-mail confirmation link the server logged for `email` (no SMTP_URL in the
 * browser tests: server/auth/mailer.ts writes it to the log, after the form's answer), as a
 * path on this site. Polls the log with its own deadline.
 */
export async function confirmationLink(email: string, after = 0): Promise<string> {
  // The log is JSON lines in production: the link ends at the closing quote.
  const pattern = new RegExp(`e-mail confirmation link for ${email.toLowerCase().replace(/[.+]/g, "\\$&")}: ([^\\s"]+)`, "g");
  let links: string[] = [];
  await expect
    .poll(() => {
      links = [...fs.readFileSync(SERVER_LOG, "utf8").matchAll(pattern)].map((m) => m[1]!);
      return links.length;
    }, { message: `a confirmation link for ${email} in ${SERVER_LOG}`, timeout: 10_000 })
    .toBeGreaterThan(after);
  const url = new URL(links.at(-1)!);
  return `${url.pathname}${url.search}`;
}

/** How many confirmation links the server has logged for `email` so far. */
export function confirmationLinksLogged(email: string): number {
  return fs.readFileSync(SERVER_LOG, "utf8").split(`e-mail confirmation link for ${email.toLowerCase()}:`).length - 1;
}

/**
 * Opens the newest confirmation link for `email` and presses its button, as the resident does
 * from the mail; lands on `landing` signed in.
 */
export async function confirmEmail(page: Page, email: string, javaScriptEnabled: boolean, landing = "/") {
  await open(page, await confirmationLink(email), javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Confirmar e-mail" })).toBeVisible();
  await page.getByRole("button", { name: "Confirmar e-mail" }).click();
  await expect(page).toHaveURL(landing);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** <style> elements inside a <noscript> of the body: invalid HTML (the Nu checker flags them). */
export function noscriptStyles(html: string): string[] {
  const body = html.slice(html.indexOf("<body"));
  return [...body.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((m) => m[1]!).filter((inner) => inner.includes("<style"));
}
