import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createPostOverHttp, demoUserByUsername, expect, open, pageFor, test } from "./helpers";
import { LIVE_MS, openLive } from "./live-helpers";

/**
 * Issue #30, live: someone comments on a post another resident has open. With JavaScript on
 * the open page's count moves and a "1 novo comentário" link appears within LIVE_MS of the
 * write's answer, with no reload; the link loads the thread's page that holds the comment.
 * With JavaScript off no stream opens, and the comment is there on the next load.
 * Residents no other spec uses as the author or the commenter of this post.
 */
const author = demoUserByUsername("chico_lima");
// The author publishes from an address of their own: a post notes its author's address (issue
// #25), and chico_lima is one of moderation.spec's no-js reporters; published from the default
// 127.0.0.1, which bia_moreira (marketplace.spec) also publishes from, their reports weighed
// half each and three reports no longer hid the post (the fresh-clone CI of session 11).
const AUTHOR_ADDRESS = { address: "127.0.0.21" };
const commenter = demoUserByUsername("cida_ribeiro");

/** A comment over the HTTP contract (the plain form post): 303 to the new comment. */
async function commentOverHttp(page: Page, postId: string, body: string) {
  const response = await page.request.post(`/posts/${postId}`, { form: { intent: "comment", form: "comment", body }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers()["location"]).toMatch(/\?comentario=[0-9a-f-]{36}#comentario-/);
}

const heading = (page: Page) => page.getByRole("heading", { name: /^Comentários/ });

test.describe("live comments @js-only", () => {
  test("a new comment moves the open post's count and offers a link to it within 2 s, with no reload", async ({ browser }) => {
    const tag = randomUUID().slice(0, 8);
    const authorPage = await pageFor(browser, author, AUTHOR_ADDRESS);
    const postId = await createPostOverHttp(authorPage, `Alguém tem uma escada emprestada? ${tag}`);
    const reader = await pageFor(browser, null);
    await openLive(reader, `/posts/${postId}`);
    await expect(heading(reader)).toHaveText("Comentários");
    await expect(reader.getByText("Ninguém comentou ainda.")).toBeVisible();
    let reloaded = false;
    reader.on("framenavigated", (frame) => {
      if (frame === reader.mainFrame()) reloaded = true;
    });

    const text = `Tenho uma de seis degraus, passa aqui ${tag}`;
    await commentOverHttp(await pageFor(browser, commenter), postId, text);
    const link = reader.getByRole("link", { name: "1 novo comentário" });
    await expect(link).toBeVisible({ timeout: LIVE_MS });
    await expect(heading(reader)).toHaveText("Comentários (1 comentário)");
    expect(reloaded).toBe(false);
    await expect(reader.getByText(text)).toHaveCount(0);

    // The link loads the page of the thread that holds the comment, at the comment.
    await link.click();
    await expect(reader.getByRole("article", { name: `Comentário de ${commenter.fullName}` }).filter({ hasText: text })).toBeVisible();
    await expect(reader).toHaveURL(new RegExp(`/posts/${postId}\\?comentario=[0-9a-f-]{36}#comentario-`));
    await expect(link).toHaveCount(0);
    await expect(heading(reader)).toHaveText("Comentários (1 comentário)");
  });
});

test.describe("with JavaScript off @no-js-only", () => {
  test("no stream opens: a new comment is on the post's page at its next load", async ({ browser }) => {
    const tag = randomUUID().slice(0, 8);
    const postId = await createPostOverHttp(await pageFor(browser, author, AUTHOR_ADDRESS), `Perdi um guarda-chuva azul na praça ${tag}`);
    const reader = await pageFor(browser, null);
    const streams: string[] = [];
    reader.on("request", (request) => {
      if (new URL(request.url()).pathname === "/events") streams.push(request.url());
    });
    await open(reader, `/posts/${postId}`, false);
    const text = `Está na padaria do Seu Antônio ${tag}`;
    await commentOverHttp(await pageFor(browser, commenter), postId, text);
    await expect(reader.getByRole("link", { name: /novos? comentários?/ })).toHaveCount(0);
    await reader.reload();
    await expect(reader.getByText(text)).toBeVisible();
    await expect(heading(reader)).toHaveText("Comentários (1 comentário)");
    expect(streams).toEqual([]);
  });
});
