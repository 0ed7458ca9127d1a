import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_MODERATOR } from "../../server/seed/seed-data";
import { createPostOverHttp, demoUserByUsername, expect, open, pageFor, test } from "./helpers";

/**
 * Issue #25 in the browser, JavaScript on ("js") and off ("no-js"), at 360 px: what the
 * report form says to residents the trust rules hold back, a report on an item hidden in
 * the meantime, and the moderators' answer reaching the reporter. Residents no other spec
 * reports as; each project has its own.
 */
const moderator = demoUserByUsername(DEMO_MODERATOR);
const per = (javaScriptEnabled: boolean, js: string, noJs: string) => demoUserByUsername(javaScriptEnabled ? js : noJs);
const tag = () => randomUUID().slice(0, 8);

async function moderate(mod: Page, intent: "hide" | "dismiss", postId: string) {
  const response = await mod.request.post("/moderacao", { form: { intent, kind: "post", id: postId }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

test.describe("trust", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a phone-only resident sees why they cannot report yet", async ({ browser, javaScriptEnabled }) => {
    const author = await pageFor(browser, per(javaScriptEnabled, "tiao_rodrigues", "camila_nogueira"));
    const postId = await createPostOverHttp(author, `Troco figurinhas ${tag()}`);
    // A new account with a phone only: a phone cannot be confirmed here, so it stays at level 0.
    const resident = await pageFor(browser, null, { address: "127.0.0.6" });
    const suffix = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
    const signup = await resident.request.post("/login", {
      form: { intent: "signup", phone: `(35) 9${suffix}`, password: "senha-forte-2026", fullName: "Morador Novo", username: `novo_${tag()}` },
      maxRedirects: 0,
    });
    expect(signup.status()).toBe(303);

    await open(resident, `/posts/${postId}`, javaScriptEnabled);
    await resident.getByRole("link", { name: /^Denunciar: post de / }).click();
    await expect(resident.getByText("Você ainda não pode denunciar")).toBeVisible();
    await expect(resident.getByText(/Contas só com telefone ainda não podem denunciar/)).toBeVisible();
    await expect(resident.getByRole("button", { name: "Enviar denúncia" })).toHaveCount(0);
    expect((await resident.request.get(`/denunciar?tipo=post&id=${postId}`)).status()).toBe(403);
  });

  test("a resident whose reports do not hide yet is told so on the form, and the report reaches the queue", async ({ browser, javaScriptEnabled }) => {
    // Months in town, one published item: level 1 (the threshold is 3).
    const resident = await pageFor(browser, per(javaScriptEnabled, "cida_ribeiro", "patricia_mendes"), { address: "127.0.0.7" });
    const author = await pageFor(browser, per(javaScriptEnabled, "tiao_rodrigues", "camila_nogueira"));
    const content = `Vendo filhotes ${tag()}`;
    const postId = await createPostOverHttp(author, content);
    await open(resident, `/denunciar?tipo=post&id=${postId}`, javaScriptEnabled);
    await expect(resident.getByText(/A sua vai para a fila da moderação, mas ainda não oculta o conteúdo: isso vem com o tempo de conta \(30 dias\)/)).toBeVisible();
    await resident.getByRole("radio", { name: "Spam" }).check();
    await resident.getByRole("button", { name: "Enviar denúncia" }).click();
    await expect(resident.getByText("Denúncia enviada. Obrigado: a moderação vai analisar.").first()).toBeVisible();

    const mod = await pageFor(browser, moderator);
    await open(mod, "/moderacao", javaScriptEnabled);
    const card = mod.getByRole("article", { name: `Denúncias: ${content}` });
    await expect(card.getByText(/1 denúncia \(peso 0\)/)).toBeVisible();
    await expect(card.getByRole("link", { name: content })).toHaveAttribute("href", `/posts/${postId}`);
  });

  test("reporting a post hidden in the meantime says it was already hidden", async ({ browser, javaScriptEnabled }) => {
    const author = await pageFor(browser, per(javaScriptEnabled, "tiao_rodrigues", "camila_nogueira"));
    const postId = await createPostOverHttp(author, `Corrente da sorte ${tag()}`);
    const reporter = await pageFor(browser, per(javaScriptEnabled, "thiago_cardoso", "dona_conceicao"), { address: "127.0.0.8" });
    await open(reporter, `/denunciar?tipo=post&id=${postId}`, javaScriptEnabled);
    await reporter.getByRole("radio", { name: "Golpe" }).check();
    await reporter.getByLabel("Comentário (opcional)").fill("Corrente de Pix");

    await moderate(await pageFor(browser, moderator), "hide", postId);

    await reporter.getByRole("button", { name: "Enviar denúncia" }).click();
    await expect(reporter.getByText("Este conteúdo já foi ocultado. A moderação vai analisá-lo.")).toBeVisible();
    await expect(reporter.getByText(/bloqueada/)).toHaveCount(0);
    if (javaScriptEnabled) {
      // The form stays, with what was typed.
      await expect(reporter.getByLabel("Comentário (opcional)")).toHaveValue("Corrente de Pix");
    } else {
      // The page the post answered (409): the same words, and the way back to the list.
      await expect(reporter.getByRole("heading", { level: 1, name: "Conteúdo já ocultado" })).toBeVisible();
      await expect(reporter.getByRole("link", { name: "Voltar à lista" })).toHaveAttribute("href", "/posts");
    }
    const again = await reporter.request.post("/denunciar", { form: { tipo: "post", id: postId, reason: "golpe" }, maxRedirects: 0 });
    expect(again.status()).toBe(409);
  });

  test("the reporter hears what the moderators decided", async ({ browser, javaScriptEnabled }) => {
    const author = await pageFor(browser, per(javaScriptEnabled, "tiao_rodrigues", "camila_nogueira"));
    const content = `Rifa da quermesse ${tag()}`;
    const postId = await createPostOverHttp(author, content);
    const reporter = await pageFor(browser, per(javaScriptEnabled, "thiago_cardoso", "dona_conceicao"), { address: "127.0.0.9" });
    const sent = await reporter.request.post("/denunciar", { form: { tipo: "post", id: postId, reason: "golpe" }, maxRedirects: 0 });
    expect(sent.status()).toBe(303);
    await moderate(await pageFor(browser, moderator), "hide", postId);

    await open(reporter, "/notifications", javaScriptEnabled);
    await expect(reporter.getByText("A moderação analisou sua denúncia").first()).toBeVisible();
    await expect(reporter.getByText(`A moderação analisou sua denúncia sobre “${content}” e ocultou o conteúdo.`, { exact: false })).toBeVisible();
  });
});
