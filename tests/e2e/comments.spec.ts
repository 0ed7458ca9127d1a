import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_MODERATOR } from "../../server/seed/seed-data";
import { createPostOverHttp, demoUserByUsername, expect, open, pageFor, test } from "./helpers";

/**
 * Issue #30 in the browser at 360 px, JavaScript on ("js": fetcher forms) and off ("no-js":
 * plain form posts, 303 back to the comment): a resident comments on a post, its author
 * replies, the comment is edited ("editado") and removed ("comentário removido" where the
 * reply hangs), another resident reports the reply, the moderator hides it from the queue
 * (the comment in context), and it is gone for a visitor while its author sees it marked.
 * Residents of their own per project.
 */
const moderator = demoUserByUsername(DEMO_MODERATOR);
const cast = (javaScriptEnabled: boolean) => {
  const [author, commenter, reporter] = (javaScriptEnabled
    ? ["rosangela_dias", "henrique_castro", "isa_freitas"]
    : ["raimundo_vieira", "vini_moura", "leticia_barbosa"]
  ).map(demoUserByUsername);
  return { author: author!, commenter: commenter!, reporter: reporter! };
};

const commentCard = (page: Page, text: string) => page.getByRole("article", { name: /^Comentário de / }).filter({ hasText: text });

test.describe("comments", () => {
  test.describe.configure({ timeout: 120_000 });

  test("comment, reply, edit, delete, report, hide: each resident sees what they should", async ({ page, browser, javaScriptEnabled }) => {
    const { author, commenter, reporter } = cast(javaScriptEnabled);
    const tag = randomUUID().slice(0, 8);
    const authorPage = await pageFor(browser, author);
    const postId = await createPostOverHttp(authorPage, `Alguém sabe quando volta a feira da Várzea? ${tag}`);
    const postPath = `/posts/${postId}`;

    // The commenter writes; a blank comment is refused in Portuguese first (400, same page).
    const them = await pageFor(browser, commenter);
    await open(them, postPath, javaScriptEnabled);
    await them.getByLabel("Comentar este post").fill("   ");
    await them.getByRole("button", { name: "Publicar comentário" }).click();
    await expect(them.getByText("Escreva o comentário.")).toBeVisible();
    const text = `Volta no sábado, vi o cartaz na praça ${tag}`;
    await them.getByLabel("Comentar este post").fill(text);
    await them.getByRole("button", { name: "Publicar comentário" }).click();
    await expect(them).toHaveURL(new RegExp(`${postPath}\\?comentario=[0-9a-f-]{36}#comentario-`));
    await expect(commentCard(them, text)).toBeVisible();
    await expect(them.getByText("Comentário publicado.").first()).toBeVisible();

    // Its author hears of it, and replies under it.
    await open(authorPage, "/notifications", javaScriptEnabled);
    await expect(authorPage.getByText("Novo comentário no seu post").first()).toBeVisible();
    await open(authorPage, postPath, javaScriptEnabled);
    const card = commentCard(authorPage, text);
    await card.getByText("Responder", { exact: true }).click();
    const reply = `Obrigada! Vou levar as sacolas ${tag}`;
    await card.getByLabel(`Responder a ${commenter.fullName}`).fill(reply);
    await card.getByRole("button", { name: "Publicar resposta" }).click();
    await expect(commentCard(authorPage, reply)).toBeVisible();

    // The commenter edits within the window ("editado"), then removes it: the reply keeps its place.
    await open(them, postPath, javaScriptEnabled);
    const own = commentCard(them, text);
    await own.getByText("Editar", { exact: true }).click();
    const edited = `${text} (às 7h)`;
    await own.getByLabel("Editar comentário").fill(edited);
    await own.getByRole("button", { name: "Salvar" }).click();
    const mine = commentCard(them, edited);
    await expect(mine.getByText("· editado")).toBeVisible();
    await mine.getByText("Excluir", { exact: true }).click();
    await mine.getByRole("button", { name: /^Excluir comentário de / }).click();
    await expect(them.getByText("comentário removido")).toBeVisible();
    await expect(them.getByText(edited)).toHaveCount(0);
    await expect(commentCard(them, reply)).toBeVisible();

    // The list counts what is left (the reply).
    await open(page, "/posts", javaScriptEnabled);
    await expect(page.locator(`#post-${postId}`).getByRole("link", { name: "1 comentário" })).toBeVisible();

    // Another resident reports the reply from its "Denunciar" link and lands back on the post.
    const reporterPage = await pageFor(browser, reporter);
    await open(reporterPage, postPath, javaScriptEnabled);
    await commentCard(reporterPage, reply).getByRole("link", { name: `Denunciar: comentário de ${author.fullName}` }).click();
    await expect(reporterPage.getByRole("heading", { level: 1, name: "Denunciar comentário" })).toBeVisible();
    await reporterPage.getByRole("radio", { name: "Ofensivo" }).check();
    await reporterPage.getByRole("button", { name: "Enviar denúncia" }).click();
    await expect(reporterPage).toHaveURL(new RegExp(`${postPath}$`));

    // The moderator's queue shows it in context and hides it.
    const mod = await pageFor(browser, moderator);
    await open(mod, "/moderacao", javaScriptEnabled);
    const queued = mod.getByRole("article", { name: `Denúncias: ${reply}` });
    await expect(queued.getByText(/^No post “Alguém sabe quando volta a feira da Várzea/)).toBeVisible();
    await queued.getByRole("button", { name: "Ocultar" }).click();
    await expect(mod.getByText("Conteúdo ocultado.").first()).toBeVisible();

    // Gone for a visitor; marked for its author.
    await open(page, postPath, javaScriptEnabled);
    await expect(page.getByText(reply)).toHaveCount(0);
    await open(authorPage, postPath, javaScriptEnabled);
    await expect(commentCard(authorPage, reply).getByText("Oculto pela moderação")).toBeVisible();
  });

  test("a comment being written survives the page's other updates (a favorite, a revalidation)", async ({ browser, javaScriptEnabled }) => {
    // A later render of the page (here the heart's revalidation) must not remount the comments and
    // throw away a half-typed comment (it did while they were a lazy chunk: comments.tsx).
    // JavaScript only: without it the heart is a plain post that reloads the page, so there is no
    // in-page render to survive.
    test.skip(!javaScriptEnabled, "a plain post reloads the page: nothing to keep");
    const resident = await pageFor(browser, demoUserByUsername("tiao_rodrigues")!);
    await open(resident, "/posts", javaScriptEnabled);
    await resident.locator("article[id^=post-]").first().locator('a[href$="#comentarios"]').click();
    await expect(resident.getByLabel("Comentar este post")).toBeVisible();
    await resident.waitForFunction(() => performance.getEntriesByType("resource").some((r) => /\/comments-[^/]*\.js$/.test(r.name)));
    const draft = `Rascunho que não pode sumir ${randomUUID().slice(0, 8)}`;
    await resident.getByLabel("Comentar este post").fill(draft);
    const heart = resident.getByRole("main").getByRole("button", { name: /^(Favoritar|Remover) o post/ });
    const before = await heart.getAttribute("aria-label");
    // The page's data read again after the heart's post: the render that used to remount the comments.
    const revalidated = resident.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname.endsWith(".data"));
    await heart.click();
    await revalidated;
    // React commits the revalidated data within a frame or two of the answer.
    await resident.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
    await expect(heart).not.toHaveAttribute("aria-label", before!);
    await expect(resident.getByLabel("Comentar este post")).toHaveValue(draft);
  });

  test("a visitor is asked to sign in to comment, and a news article takes comments too", async ({ page, browser, javaScriptEnabled }) => {
    await open(page, "/news", javaScriptEnabled);
    await page.getByRole("link", { name: /^Feira do produtor rural/ }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: /^Comentários/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Entre na sua conta" })).toBeVisible();
    const resident = await pageFor(browser, demoUserByUsername(javaScriptEnabled ? "tiao_rodrigues" : "dona_conceicao"));
    await open(resident, new URL(page.url()).pathname, javaScriptEnabled);
    const text = `Parabéns aos feirantes! ${randomUUID().slice(0, 8)}`;
    await resident.getByLabel("Comentar esta notícia").fill(text);
    await resident.getByRole("button", { name: "Publicar comentário" }).click();
    await expect(commentCard(resident, text)).toBeVisible();
  });
});
