import { randomUUID } from "node:crypto";
import { demoUserByUsername, expect, open, pageFor, test } from "./helpers";
import { badgeCount, LIVE_MS, openLive, optionResult, publish, voteFor } from "./live-helpers";

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

test.describe("live updates @js-only", () => {
  test("another resident's vote notifies the author: the badge of the author's open tab changes with no reload", async ({ browser }) => {
    const authorPage = await pageFor(browser, author);
    const postId = await publish(authorPage, `Enquete ao vivo ${randomUUID().slice(0, 8)}`, { question: "Qual dia?", options: ["Sábado", "Domingo"] });
    await openLive(authorPage, "/");
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
    await openLive(readerPage, `/posts/${postId}`);
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
    await openLive(readerPage, "/posts");
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
