import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { DEMO_PASSWORD, demoUserByUsername, expect, open, test, type DemoUser } from "./helpers";

/**
 * Issue #19: the page follows the town live (GET /events). With JavaScript on, the badge,
 * a poll's bars and /posts' "novas publicações" change within 2 s of someone else's write,
 * with no reload; with JavaScript off nothing opens a stream and pages are as fresh as
 * their last load.
 */

// Residents no other spec signs in as: their notifications are this file's own.
const author = demoUserByUsername("gabriel_teixeira");
const voter = demoUserByUsername("marcos_rocha");
const reader = demoUserByUsername("mari_campos");

/** Within this long of the write's answer, the open page must show it (the 2 s). */
const LIVE_MS = 2_000;

async function signIn(page: Page, resident: DemoUser) {
  const response = await page.request.post("/login", {
    form: { intent: "signin", email: resident.email, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${resident.username}`).toBe(303);
}

async function pageFor(browser: Browser, resident: DemoUser | null): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (resident) await signIn(page, resident);
  return page;
}

/** A post (with a poll when options are given) over the HTTP contract; returns its id. */
async function publish(page: Page, content: string, poll?: { question: string; options: string[] }): Promise<string> {
  const form = new FormData();
  form.append("content", content);
  if (poll) {
    form.append("pollQuestion", poll.question);
    for (const option of poll.options) form.append("pollOptions", option);
  }
  const response = await page.request.post("/create-post", { multipart: form, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  return (response.headers()["location"] ?? "").split("/").pop()!;
}

/** Votes over the HTTP contract for the option labelled `label` of the post's poll. */
async function voteFor(page: Page, postId: string, label: string) {
  const html = await (await page.request.get(`/posts/${postId}`)).text();
  const button = [...html.matchAll(/<button([^>]*name="optionId"[^>]*)>([\s\S]*?)<\/button>/g)].find((m) => m[2]!.includes(label));
  const optionId = /value="([0-9a-f-]{36})"/.exec(button?.[1] ?? "")?.[1];
  if (!optionId) throw new Error(`no option ${label}`);
  const response = await page.request.post(`/posts/${postId}`, {
    form: { intent: "vote", postId, optionId, redirectTo: `/posts/${postId}` },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

const optionResult = (page: Page, postId: string, label: string) =>
  page.locator(`#post-${postId}`).getByRole("listitem").filter({ hasText: label }).getByTestId("option-result");

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId("unread-badge");
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}

test.describe("live updates @js-only", () => {
  test("another resident's vote notifies the author: the badge of the author's open tab changes with no reload", async ({ browser }) => {
    const authorPage = await pageFor(browser, author);
    const postId = await publish(authorPage, `Enquete ao vivo ${randomUUID().slice(0, 8)}`, { question: "Qual dia?", options: ["Sábado", "Domingo"] });
    await open(authorPage, "/", true);
    const before = await badgeCount(authorPage);
    let reloaded = false;
    authorPage.on("framenavigated", () => (reloaded = true));

    const voterPage = await pageFor(browser, voter);
    await voteFor(voterPage, postId, "Sábado");
    await expect(authorPage.getByTestId("unread-badge")).toHaveText(String(before + 1), { timeout: LIVE_MS });
    expect(reloaded).toBe(false);
  });

  test("a vote from another browser moves the bars of an open post within 2 s, and a hidden tab catches up when shown", async ({ browser }) => {
    const authorPage = await pageFor(browser, author);
    const postId = await publish(authorPage, `Barras ao vivo ${randomUUID().slice(0, 8)}`, { question: "Qual cor?", options: ["Azul", "Verde"] });
    const readerPage = await pageFor(browser, reader);
    await open(readerPage, `/posts/${postId}`, true);
    await expect(optionResult(readerPage, postId, "Azul")).toHaveText("0% · 0 votos");
    const streams: string[] = [];
    readerPage.on("request", (request) => {
      if (new URL(request.url()).pathname === "/events") streams.push(request.url());
    });

    await voteFor(await pageFor(browser, voter), postId, "Azul");
    await expect(optionResult(readerPage, postId, "Azul")).toHaveText("100% · 1 voto", { timeout: LIVE_MS });

    // Hidden, the tab closes its stream; shown again, it reopens saying what it holds.
    await readerPage.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await voteFor(await pageFor(browser, author), postId, "Verde");
    await readerPage.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect(optionResult(readerPage, postId, "Verde")).toHaveText("50% · 1 voto", { timeout: LIVE_MS });
    expect(streams.some((url) => new URL(url).searchParams.has("ultimo"))).toBe(true);
  });

  test("a new post shows the “novas publicações” button on /posts, which loads it", async ({ browser }) => {
    const readerPage = await pageFor(browser, null);
    await open(readerPage, "/posts", true);
    const content = `Novidade ao vivo ${randomUUID().slice(0, 8)}`;
    await publish(await pageFor(browser, author), content);
    const button = readerPage.getByRole("button", { name: /^\d+ novas? publicaç(ão|ões)$/ });
    await expect(button).toBeVisible({ timeout: LIVE_MS });
    await expect(readerPage.getByText(content)).toHaveCount(0);
    await button.click();
    await expect(readerPage.getByText(content)).toBeVisible();
    await expect(button).toHaveCount(0);
  });
});

test.describe("with JavaScript off @no-js-only", () => {
  test("no stream opens and nothing changes until the page is loaded again", async ({ browser }) => {
    const readerPage = await pageFor(browser, null);
    const streams: string[] = [];
    readerPage.on("request", (request) => {
      if (new URL(request.url()).pathname === "/events") streams.push(request.url());
    });
    await open(readerPage, "/posts", false);
    const content = `Sem JavaScript ${randomUUID().slice(0, 8)}`;
    await publish(await pageFor(browser, author), content);
    await readerPage.reload();
    await expect(readerPage.getByText(content)).toBeVisible();
    await expect(readerPage.getByRole("button", { name: /novas? publicaç/ })).toHaveCount(0);
    expect(streams).toEqual([]);
  });
});
