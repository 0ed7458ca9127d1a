import type { Page, TestInfo } from "@playwright/test";
import { confirmationLink, confirmationLinksLogged, confirmEmail, expect, open, submitSignIn, test } from "./helpers";

/**
 * Issue #25's forms in the browser, JavaScript on and off, at 360 px: sign-up waits for the
 * mailed link (read from the server's log, as a town without SMTP hands it out), a sign-in
 * before it offers the link again, the link's page confirms with a button, and a new e-mail
 * in /edit-profile replaces the old one only once its own link is opened.
 */

const NOT_CONFIRMED = "Confirme seu e-mail antes de entrar: abra o link que enviamos. Não chegou? Peça outro abaixo.";

let seq = 0;
function newResident(testInfo: TestInfo, label: string) {
  seq += 1;
  const id = `${testInfo.workerIndex}${Date.now().toString(36)}${seq}`;
  return { fullName: `Pessoa ${label} ${id}`, username: `${label}_${id}`.slice(0, 20), email: `${label}.${id}@exemplo.com`, password: "senha-boa-2026" };
}

async function signUp(page: Page, account: ReturnType<typeof newResident>, javaScriptEnabled: boolean) {
  await open(page, "/login?modo=cadastro", javaScriptEnabled);
  await page.getByLabel("Nome completo", { exact: true }).fill(account.fullName);
  await page.getByLabel("Nome de usuário", { exact: true }).fill(account.username);
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirme seu e-mail" })).toBeVisible();
}

const sessionCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "guida_session");

test.describe("e-mail confirmation", () => {
  test("sign-up waits for the link; a sign-in before it offers a new one; only the newest link signs in", async ({ page, javaScriptEnabled }, testInfo) => {
    test.slow(); // a sign-up, three links and a dozen page loads
    const account = newResident(testInfo, "confirma");
    await signUp(page, account, javaScriptEnabled);
    await expect(page.getByRole("status").filter({ hasText: `Enviamos um link para ${account.email}` })).toBeVisible();
    expect(await sessionCookie(page)).toBeUndefined();
    const first = await confirmationLink(account.email);

    // Signing in before opening it: refused, with the address filled in to send it again.
    await open(page, "/login", javaScriptEnabled);
    await submitSignIn(page, account.email, account.password);
    await expect(page.getByRole("alert").filter({ hasText: NOT_CONFIRMED })).toBeVisible();
    await expect(page.getByLabel("E-mail da conta", { exact: true })).toHaveValue(account.email);
    await page.getByRole("button", { name: "Reenviar link de confirmação" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pedido recebido. Se este e-mail estiver aguardando confirmação" })).toBeVisible();
    await confirmationLink(account.email, 1);
    // And once more from that page's own button.
    await page.getByRole("button", { name: "Reenviar link" }).click();
    await expect.poll(() => confirmationLinksLogged(account.email)).toBe(3);
    expect(await sessionCookie(page)).toBeUndefined();

    // The first link was revoked by the resends: its page says so and offers a new one.
    await open(page, first, javaScriptEnabled);
    await page.getByRole("button", { name: "Confirmar e-mail" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Este link de confirmação expirou ou já foi usado. Peça um novo abaixo." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reenviar link de confirmação" })).toBeVisible();
    expect(await sessionCookie(page)).toBeUndefined();

    await confirmEmail(page, account.email, javaScriptEnabled);
    await expect(page.getByText("E-mail confirmado. Bem-vindo ao Guida!")).toBeVisible();
    expect(await sessionCookie(page)).toBeDefined();
  });

  test("a new e-mail in /edit-profile counts only once its own link is opened", async ({ page, javaScriptEnabled }, testInfo) => {
    test.slow();
    const account = newResident(testInfo, "trocamail");
    await signUp(page, account, javaScriptEnabled);
    await confirmEmail(page, account.email, javaScriptEnabled);

    await open(page, "/edit-profile", javaScriptEnabled);
    const field = page.getByLabel("Novo e-mail", { exact: true });
    await field.fill("isto-nao-e-email");
    await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
    await expect(page.getByText("Digite um e-mail válido, como nome@exemplo.com.")).toBeVisible();
    await expect(field).toHaveValue("isto-nao-e-email");

    const next = `novo.${account.email}`;
    await field.fill(next);
    await page.getByRole("button", { name: "Enviar link de confirmação" }).click();
    await expect(page).toHaveURL("/edit-profile");
    await expect(page.getByText(`Enviamos um link para ${next}. Seu e-mail muda quando você abrir o link.`)).toBeVisible();
    // Until then the account keeps its address.
    await expect(page.getByText(`Seu e-mail: ${account.email}`)).toBeVisible();

    await confirmEmail(page, next, javaScriptEnabled, "/profile");
    await expect(page.getByText(`E-mail alterado para ${next}.`)).toBeVisible();
    await open(page, "/edit-profile", javaScriptEnabled);
    await expect(page.getByText(`Seu e-mail: ${next}`)).toBeVisible();
  });
});
