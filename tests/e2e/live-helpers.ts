import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./helpers";

// What the live-update specs share (live.spec.ts on the test server, live-servers.spec.ts on
// two servers behind nginx). `base` is the server's address; "" is the config's baseURL.

/** Within this long of the write's answer, the open page must show it (the 2 s). */
export const LIVE_MS = 2_000;

/**
 * Loads `url`, waits for it to hydrate and for its live stream to be open (the answer's
 * headers reached the browser). A write after this is the stream's to deliver, so LIVE_MS
 * measures write to screen, not the page's wake-up on a loaded machine (the CI's only two
 * failures of session 10 were a stream that had not opened yet).
 */
export async function openLive(page: Page, url: string) {
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === "/events", { timeout: 30_000 });
  await page.goto(url);
  await waitForHydration(page);
  await stream;
}

/** A post (with a poll when options are given) over the HTTP contract; returns its id. */
export async function publish(page: Page, content: string, poll?: { question: string; options: string[] }, base = ""): Promise<string> {
  const form = new FormData();
  form.append("content", content);
  if (poll) {
    form.append("pollQuestion", poll.question);
    for (const option of poll.options) form.append("pollOptions", option);
  }
  const response = await page.request.post(`${base}/create-post`, { multipart: form, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  return (response.headers()["location"] ?? "").split("/").pop()!;
}

/** Votes over the HTTP contract for the option labelled `label` of the post's poll. */
export async function voteFor(page: Page, postId: string, label: string, base = "") {
  const html = await (await page.request.get(`${base}/posts/${postId}`)).text();
  const button = [...html.matchAll(/<button([^>]*name="optionId"[^>]*)>([\s\S]*?)<\/button>/g)].find((m) => m[2]!.includes(label));
  const optionId = /value="([0-9a-f-]{36})"/.exec(button?.[1] ?? "")?.[1];
  if (!optionId) throw new Error(`no option ${label}`);
  const response = await page.request.post(`${base}/posts/${postId}`, {
    form: { intent: "vote", postId, optionId, redirectTo: `/posts/${postId}` },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

export const optionResult = (page: Page, postId: string, label: string) =>
  page.locator(`#post-${postId}`).getByRole("listitem").filter({ hasText: label }).getByTestId("option-result");

export async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId("unread-badge");
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}

