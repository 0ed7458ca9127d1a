import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { demoUserByUsername, expect, open, pageFor, signInOverHttp, test, waitForHydration } from "./helpers";

/**
 * The community screens against the production server: posts with polls (create, vote,
 * change a vote, results for visitors, the author's notification, edit, delete, someone
 * else's 403), the post form's validation, and news (publish with a cover, delete).
 * Every test runs in the "js" and "no-js" projects unless tagged @js-only / @no-js-only:
 * with JavaScript off every write is a plain form post answered by a 303 or a 4xx page.
 */

// Residents no other spec signs in as, so their notifications and posts are this file's own.
const author = demoUserByUsername("fe_carvalho");
const voter = demoUserByUsername("antonio_batista");
const intruder = demoUserByUsername("thiago_cardoso");
const reporter = demoUserByUsername("camila_nogueira");

const NOT_YOURS = "Só quem publicou o post pode editá-lo ou excluí-lo.";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** Unique per test run, so parallel workers and repeated runs never see each other's posts. */
const tag = () => randomUUID().slice(0, 8);

async function pngImage(color: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).png().toBuffer();
}

/** A post with a poll over the HTTP contract (multipart), returning its id. */
async function createPollPostOverHttp(page: Page, content: string, question: string, options: string[]) {
  const form = new FormData();
  form.append("content", content);
  form.append("pollQuestion", question);
  for (const option of options) form.append("pollOptions", option);
  const response = await page.request.post("/create-post", { multipart: form, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  const location = response.headers()["location"] ?? "";
  expect(location).toMatch(new RegExp(`^/posts/${UUID}$`));
  return location.split("/").pop()!;
}

/** The id of a poll's first option, read from the vote buttons of the post's page. */
async function firstOptionId(page: Page, postId: string): Promise<string> {
  const html = await (await page.request.get(`/posts/${postId}`)).text();
  const button = /<button[^>]*name="optionId"[^>]*>/.exec(html)?.[0] ?? "";
  const id = /value="([0-9a-f-]{36})"/.exec(button)?.[1];
  if (!id) throw new Error("no vote button on the post's page");
  return id;
}

const optionResult = (page: Page, postId: string, label: string) =>
  page.locator(`#post-${postId}`).getByRole("listitem").filter({ hasText: label }).getByTestId("option-result");

test.describe("posts with polls", () => {
  test("a resident publishes a post with an image and a poll; another votes and changes the vote; visitors see the results; the author is notified", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    // Several residents, uploads and round trips against one embedded database.
    test.slow();
    const id = tag();
    const question = `Qual o melhor dia para o mutirão da horta? ${id}`;
    await signInOverHttp(page, author);
    await open(page, "/create-post", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Novo post" })).toBeVisible();
    await page.getByLabel("Texto do post").fill(`Vamos marcar o mutirão da horta comunitária! (${id})`);
    await page.getByLabel(/^Imagem/).setInputFiles({ name: "horta.png", mimeType: "image/png", buffer: await pngImage("#2f855a") });
    await page.getByLabel("Pergunta").fill(question);
    await page.getByLabel("Opção 1", { exact: true }).fill("Sábado");
    await page.getByLabel("Opção 2", { exact: true }).fill("Domingo");
    await page.getByRole("button", { name: "Publicar" }).click();

    await expect(page).toHaveURL(new RegExp(`/posts/${UUID}$`));
    const postId = page.url().split("/").pop()!;
    await expect(page.getByText("Post publicado.")).toBeVisible();
    const post = page.locator(`#post-${postId}`);
    await expect(post.getByText(`Vamos marcar o mutirão da horta comunitária! (${id})`)).toBeVisible();
    await expect(post.getByRole("img", { name: `Imagem do post de ${author.fullName}` })).toBeVisible();
    await expect(post.getByRole("heading", { name: question })).toBeVisible();
    await expect(optionResult(page, postId, "Sábado")).toHaveText("0% · 0 votos");
    await expect(optionResult(page, postId, "Domingo")).toHaveText("0% · 0 votos");

    // Another resident votes from the feed, where the new post is near the top.
    const voterPage = await pageFor(browser, voter);
    await open(voterPage, "/posts", javaScriptEnabled);
    const inFeed = voterPage.locator(`#post-${postId}`);
    await expect(inFeed).toBeVisible();
    await inFeed.getByRole("button", { name: /^Sábado/ }).click();
    await expect(inFeed.getByRole("button", { name: /^Sábado/ })).toHaveAttribute("aria-pressed", "true");
    await expect(optionResult(voterPage, postId, "Sábado")).toHaveText("100% · 1 voto");
    await expect(optionResult(voterPage, postId, "Domingo")).toHaveText("0% · 0 votos");
    await expect(inFeed.getByTestId("poll-total")).toHaveText("1 voto · Toque em outra opção para mudar seu voto.");

    // One vote per resident: voting again moves the vote, the total stays 1.
    await inFeed.getByRole("button", { name: /^Domingo/ }).click();
    await expect(inFeed.getByRole("button", { name: /^Domingo/ })).toHaveAttribute("aria-pressed", "true");
    await expect(optionResult(voterPage, postId, "Domingo")).toHaveText("100% · 1 voto");
    await expect(optionResult(voterPage, postId, "Sábado")).toHaveText("0% · 0 votos");
    // What the server stored, not only what the page shows.
    await voterPage.goto(`/posts/${postId}`);
    await expect(voterPage.getByRole("button", { name: /^Domingo/ })).toHaveAttribute("aria-pressed", "true");
    await expect(optionResult(voterPage, postId, "Domingo")).toHaveText("100% · 1 voto");
    await expect(voterPage.locator(`#post-${postId}`).getByTestId("poll-total")).toHaveText(/^1 voto/);

    // A visitor sees counts and percentages, no vote buttons, and an invitation to sign in.
    const visitorPage = await pageFor(browser, null);
    await open(visitorPage, "/posts", javaScriptEnabled);
    const visitorPost = visitorPage.locator(`#post-${postId}`);
    await expect(optionResult(visitorPage, postId, "Domingo")).toHaveText("100% · 1 voto");
    await expect(optionResult(visitorPage, postId, "Sábado")).toHaveText("0% · 0 votos");
    await expect(visitorPost.getByRole("button", { name: /^Domingo/ })).toHaveCount(0);
    const invite = visitorPost.getByRole("link", { name: "Entre para votar" });
    await expect(invite).toHaveAttribute("href", "/login?redirectTo=/posts");
    await invite.click();
    await expect(visitorPage).toHaveURL("/login?redirectTo=/posts");

    // The author hears about the first vote only (changing it is not news), marks it read
    // and follows it to the post.
    await open(page, "/notifications", javaScriptEnabled);
    const notification = page.getByRole("listitem").filter({ hasText: question });
    await expect(notification).toHaveCount(1);
    await expect(notification.getByRole("link", { name: `${voter.fullName} votou na sua enquete` })).toHaveAttribute(
      "href",
      `/posts/${postId}`,
    );
    await expect(notification).toHaveAttribute("data-unread", "true");
    await notification.getByRole("button", { name: "Marcar como lida" }).click();
    await expect(notification).not.toHaveAttribute("data-unread", "true");
    await expect(notification.getByRole("button", { name: "Marcar como lida" })).toHaveCount(0);
    await notification.getByRole("link", { name: `${voter.fullName} votou na sua enquete` }).click();
    await expect(page).toHaveURL(`/posts/${postId}`);
    await expect(optionResult(page, postId, "Domingo")).toHaveText("100% · 1 voto");

    await voterPage.context().close();
    await visitorPage.context().close();
  });

  test("once someone voted the author can still edit the text but not the poll, and deletes the post from its edit page", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    // Several residents, uploads and round trips against one embedded database.
    test.slow();
    const id = tag();
    await signInOverHttp(page, author);
    const postId = await createPollPostOverHttp(page, `Feira de trocas na praça (${id})`, `Feira de trocas no domingo? ${id}`, ["Sim", "Não"]);

    // Before any vote the poll is editable.
    await open(page, `/posts/${postId}/edit`, javaScriptEnabled);
    await expect(page.getByLabel("Pergunta")).toBeEditable();

    const voterPage = await pageFor(browser, voter);
    const optionId = await firstOptionId(voterPage, postId);
    const vote = await voterPage.request.post("/posts", { form: { intent: "vote", postId, optionId }, maxRedirects: 0 });
    expect(vote.status()).toBe(303);
    await voterPage.context().close();

    await open(page, `/posts/${postId}/edit`, javaScriptEnabled);
    await expect(page.getByText("Esta enquete já recebeu votos, por isso a pergunta e as opções não podem mais mudar.")).toBeVisible();
    await expect(page.getByLabel("Pergunta")).not.toBeEditable();
    await expect(page.getByLabel("Opção 1", { exact: true })).not.toBeEditable();
    await expect(page.getByLabel("Opção 1", { exact: true })).toHaveValue("Sim");
    await page.getByLabel("Texto do post").fill(`Feira de trocas na praça, às 9h (${id})`);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(`/posts/${postId}`);
    await expect(page.getByText("Post atualizado.")).toBeVisible();
    await expect(page.getByText(`Feira de trocas na praça, às 9h (${id})`)).toBeVisible();
    await expect(optionResult(page, postId, "Sim")).toHaveText("100% · 1 voto");

    // The poll itself is refused over the contract too: 409 with the reason.
    const form = new FormData();
    form.append("intent", "save");
    form.append("content", "Outro texto");
    form.append("pollQuestion", `Feira de trocas no domingo? ${id}`);
    form.append("pollOptions", "Sim");
    form.append("pollOptions", "Talvez");
    const locked = await page.request.post(`/posts/${postId}/edit`, { multipart: form, maxRedirects: 0 });
    expect(locked.status()).toBe(409);
    expect(await locked.text()).toContain("Esta enquete já recebeu votos: a pergunta e as opções não podem mais mudar.");

    await open(page, "/my-posts", javaScriptEnabled);
    await expect(page.locator(`#post-${postId}`)).toBeVisible();
    await page.locator(`#post-${postId}`).getByRole("link", { name: /^Editar/ }).click();
    await expect(page).toHaveURL(`/posts/${postId}/edit`);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByText("Excluir post", { exact: true }).click();
    await page.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(page).toHaveURL("/my-posts");
    await expect(page.getByText("Post excluído.")).toBeVisible();
    await expect(page.locator(`#post-${postId}`)).toHaveCount(0);
    expect((await page.request.get(`/posts/${postId}`)).status()).toBe(404);
  });

  test("another resident gets 403 on /posts/{id}/edit and cannot change or delete the post", async ({ page, browser, javaScriptEnabled }) => {
    const id = tag();
    await signInOverHttp(page, author);
    const postId = await createPollPostOverHttp(page, `Post da Fernanda (${id})`, `Pergunta da Fernanda ${id}`, ["A", "B"]);

    const other = await pageFor(browser, intruder);
    await open(other, `/posts/${postId}`, javaScriptEnabled);
    await expect(other.locator(`#post-${postId}`).getByRole("link", { name: /^Editar/ })).toHaveCount(0);
    const response = await other.goto(`/posts/${postId}/edit`);
    expect(response?.status()).toBe(403);
    await expect(other.getByRole("heading", { level: 1, name: "Você não pode editar este post" })).toBeVisible();
    await expect(other.getByText(NOT_YOURS)).toBeVisible();
    await expect(other.getByLabel("Texto do post")).toHaveCount(0);

    const save = new FormData();
    save.append("intent", "save");
    save.append("content", "Alterado por outra pessoa");
    const edit = await other.request.post(`/posts/${postId}/edit`, { multipart: save, maxRedirects: 0 });
    expect(edit.status()).toBe(403);
    expect(await edit.text()).toContain(NOT_YOURS);
    const remove = await other.request.post(`/posts/${postId}/edit`, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(remove.status()).toBe(403);
    await other.context().close();

    await open(page, `/posts/${postId}`, javaScriptEnabled);
    await expect(page.getByText(`Post da Fernanda (${id})`)).toBeVisible();
    await expect(page.getByRole("heading", { name: `Pergunta da Fernanda ${id}` })).toBeVisible();
  });

  test("bad input answers 400 with Portuguese messages and keeps what was typed", async ({ page, javaScriptEnabled }) => {
    const id = tag();
    await signInOverHttp(page, author);

    // Through the form: empty text and a single option.
    await open(page, "/create-post", javaScriptEnabled);
    await page.getByLabel("Pergunta").fill(`Só uma opção? ${id}`);
    await page.getByLabel("Opção 1", { exact: true }).fill("Única");
    const posted = javaScriptEnabled
      ? null
      : page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/create-post");
    await page.getByRole("button", { name: "Publicar" }).click();
    // Without JavaScript the server answers; with it the same schema answers in the browser first.
    if (posted) expect((await posted).status()).toBe(400);
    await expect(page.getByText("Escreva o texto do post.")).toBeVisible();
    await expect(page.getByText("Uma enquete precisa de pelo menos 2 opções.")).toBeVisible();
    await expect(page).toHaveURL("/create-post");
    await expect(page.getByLabel("Pergunta")).toHaveValue(`Só uma opção? ${id}`);
    await expect(page.getByLabel("Opção 1", { exact: true })).toHaveValue("Única");

    // Over the contract: each case is a 400 page with the message and the values kept.
    const post = (fields: [string, string][]) =>
      page.request.post("/create-post", {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        data: new URLSearchParams(fields).toString(),
        maxRedirects: 0,
      });
    const empty = await post([["content", "  "], ["pollQuestion", ""]]);
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toContain("Escreva o texto do post.");

    const one = await post([["content", `Texto mantido ${id}`], ["pollQuestion", `Pergunta mantida ${id}`], ["pollOptions", "Única"]]);
    expect(one.status()).toBe(400);
    const oneHtml = await one.text();
    expect(oneHtml).toContain("Uma enquete precisa de pelo menos 2 opções.");
    expect(oneHtml).toContain(`Texto mantido ${id}`);
    expect(oneHtml).toContain(`value="Pergunta mantida ${id}"`);

    const seven = await post([
      ["content", `Sete opções ${id}`],
      ["pollQuestion", "Qual número?"],
      ...["1", "2", "3", "4", "5", "6", "7"].map((n): [string, string] => ["pollOptions", `Número ${n}`]),
    ]);
    expect(seven.status()).toBe(400);
    const sevenHtml = await seven.text();
    expect(sevenHtml).toContain("Uma enquete pode ter no máximo 6 opções.");
    expect(sevenHtml).toContain(`Sete opções ${id}`);
    expect(sevenHtml).toContain('value="Número 1"');

    // None of them was published.
    const mine = await page.request.get("/my-posts");
    expect(await mine.text()).not.toContain(id);
  });

  test("a vote shows at once, before the server answers, without leaving the page", { tag: "@js-only" }, async ({ page, browser }) => {
    const id = tag();
    await signInOverHttp(page, author);
    const postId = await createPollPostOverHttp(page, `Enquete rápida (${id})`, `Chuva ou sol amanhã? ${id}`, ["Chuva", "Sol"]);

    const voterPage = await pageFor(browser, voter);
    await open(voterPage, `/posts/${postId}`, true);
    // Hold the vote on its way to the server: the page must not wait for it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldVotes = 0;
    await voterPage.route(/\.data(\?|$)/, async (route) => {
      if (route.request().method() === "POST") {
        heldVotes += 1;
        await held;
      }
      await route.continue();
    });
    await voterPage.getByRole("button", { name: /^Sol/ }).click();
    await expect(voterPage.getByRole("button", { name: /^Sol/ })).toHaveAttribute("aria-pressed", "true");
    await expect(optionResult(voterPage, postId, "Sol")).toHaveText("100% · 1 voto");
    await expect(optionResult(voterPage, postId, "Chuva")).toHaveText("0% · 0 votos");
    // The result above was shown while the vote was still held back.
    expect(heldVotes).toBe(1);
    release();
    await expect(voterPage.getByText("1 voto · Toque em outra opção para mudar seu voto.")).toBeVisible();
    await expect(voterPage).toHaveURL(`/posts/${postId}`);
    await voterPage.reload();
    await expect(optionResult(voterPage, postId, "Sol")).toHaveText("100% · 1 voto");
    await voterPage.context().close();
  });
});

test.describe("news", () => {
  test("a resident publishes an article with a cover; only they can delete it, from its page", async ({ page, browser, javaScriptEnabled }) => {
    test.slow();
    const id = tag();
    const title = `Mutirão limpa a margem do ribeirão ${id}`;
    await signInOverHttp(page, reporter);
    await open(page, "/create-news", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Nova notícia" })).toBeVisible();
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Resumo (opcional)").fill("Quarenta voluntários recolheram duas toneladas de lixo.");
    await page.getByLabel("Texto", { exact: true }).fill("O mutirão começou às 7h.\n\nA prefeitura levou o lixo recolhido.");
    await page.getByLabel(/^Imagem de capa/).setInputFiles({ name: "capa.png", mimeType: "image/png", buffer: await pngImage("#1e6091") });
    await page.getByRole("button", { name: "Publicar notícia" }).click();

    await expect(page).toHaveURL(new RegExp(`/news/${UUID}$`));
    const newsPath = new URL(page.url()).pathname;
    await expect(page.getByText("Notícia publicada.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("A prefeitura levou o lixo recolhido.")).toBeVisible();
    const cover = page.locator("article img").first();
    await expect(cover).toHaveAttribute("src", /^\/media\/wide\//);

    // Someone else sees no delete control, and a hand-made delete is refused with a 403.
    const other = await pageFor(browser, intruder);
    await open(other, newsPath, javaScriptEnabled);
    await expect(other.getByText("Excluir notícia")).toHaveCount(0);
    const refused = await other.request.post(newsPath, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Só quem publicou a notícia pode excluí-la.");
    await other.context().close();

    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByText("Excluir notícia", { exact: true }).click();
    await page.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(page).toHaveURL("/news");
    await expect(page.getByText("Notícia excluída.")).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    expect((await page.request.get(newsPath)).status()).toBe(404);
  });

  test("bad input answers 400 with the messages and keeps what was typed", async ({ page }) => {
    await signInOverHttp(page, reporter);
    const response = await page.request.post("/create-news", {
      form: { title: "", summary: "Resumo guardado", content: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Dê um título à notícia.");
    expect(html).toContain("Escreva o texto da notícia.");
    expect(html).toContain("Resumo guardado");
  });
});
