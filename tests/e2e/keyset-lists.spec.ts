import type { Page } from "@playwright/test";
import { expect, open, signIn, test, town } from "./helpers";

// Keyset pages for the newest-first lists and the residents' name order (issue #17): "Próxima" carries the last item shown
// (?depois=<id>&pagina=N+1), "Anterior" the first (?antes=<id>&pagina=N-1), plain links that
// work with JavaScript off; an old ?pagina=N link still shows the same page. (The demo's
// drivers fit on one page: their cursor pages are checked in city-scale.test.ts.)

const ID = "[0-9a-f-]{36}";
const LISTS = [
  { path: "/news", item: "/news/", address: ID, next: "Próxima →", previous: "← Anterior" },
  { path: "/posts", item: "/posts/", address: ID, next: "Próxima →", previous: "← Anterior" },
  { path: "/sell-items", item: "/sell-items/", address: ID, next: "Próxima →", previous: "← Anterior" },
  { path: "/users", item: "/u/", address: "[a-z0-9_]+", next: "Próxima", previous: "Anterior" },
] as const;

/** The items a page shows, by the address each one links to (in order, once each). */
async function shown(page: Page, itemPrefix: string, address: string): Promise<string[]> {
  const hrefs = await page.locator(`main a[href^="${itemPrefix}"]`).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs.filter((href) => new RegExp(`^${itemPrefix}${address}$`).test(href)))];
}

for (const { path, item, address, next, previous } of LISTS) {
  test(`${path} pages on by cursor, back again, and answers old ?pagina= links`, async ({ page, javaScriptEnabled }) => {
    await open(page, path, javaScriptEnabled);
    const first = await shown(page, item, address);
    expect(first.length).toBeGreaterThan(1);

    await page.getByRole("link", { name: next, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?depois=[0-9a-f-]{36}&pagina=2$`));
    // With JavaScript the address changes before the next page renders: read once it has.
    await expect.poll(async () => (await shown(page, item, address)).filter((href) => first.includes(href))).toEqual([]);
    const second = await shown(page, item, address);
    expect(second.length).toBeGreaterThan(0);

    await page.getByRole("link", { name: previous, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect.poll(() => shown(page, item, address)).toEqual(first);

    await open(page, `${path}?pagina=2`, javaScriptEnabled);
    expect(await shown(page, item, address)).toEqual(second);
  });
}

// Without JavaScript a vote is a form post that returns to the page it was cast on: on a
// cursor page that is the same ?depois= page, at the post voted on, not the page before it.
test("a vote on /posts page 2 returns to page 2, at the post @no-js-only", async ({ page, javaScriptEnabled }) => {
  await signIn(page, town.users[0]!.email, "/posts", javaScriptEnabled);
  await page.getByRole("link", { name: "Próxima →", exact: true }).click();
  await expect(page).toHaveURL(/\/posts\?depois=[0-9a-f-]{36}&pagina=2$/);
  const pageTwo = page.url();
  const withPoll = page.locator("article[id^=post-]").filter({ has: page.getByRole("list", { name: "Opções" }) }).first();
  const postId = await withPoll.getAttribute("id");
  await withPoll.getByRole("list", { name: "Opções" }).getByRole("button").first().click();
  await expect(page).toHaveURL(`${pageTwo}#${postId}`);
  await expect(page.locator(`article#${postId}`)).toBeVisible();
});
