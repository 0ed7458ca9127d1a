import type { Page, TestInfo } from "@playwright/test";
import { confirmEmail, expect, open, submitSignIn, test, waitForHydration } from "./helpers";

/**
 * The forms issue #13 changed, in the browser with JavaScript on and off: changing the
 * password in /edit-profile asks for the current one, and a resident can sign up with a
 * phone number instead of an e-mail (then sign in with it typed another way).
 */

let seq = 0;
/** A fresh resident, with a phone of their own (unique per worker, clock and counter). */
function newResident(testInfo: TestInfo, label: string) {
  seq += 1;
  const id = `${testInfo.workerIndex}${Date.now().toString(36)}${seq}`;
  const digits = `9${String(Date.now() * 10 + testInfo.workerIndex * 1000 + seq).slice(-8)}`;
  return {
    fullName: `Pessoa ${label} ${id}`,
    username: `${label}_${id}`.slice(0, 20),
    email: `${label}.${id}@exemplo.com`,
    // "(32) 9xxxx-xxxx": a DDD no demo resident uses.
    phone: `(32) ${digits.slice(0, 5)}-${digits.slice(5)}`,
    password: "senha-boa-2026",
  };
}

async function signUp(page: Page, account: ReturnType<typeof newResident>, javaScriptEnabled: boolean, by: "email" | "phone") {
  await open(page, "/login?modo=cadastro", javaScriptEnabled);
  await page.getByLabel("Nome completo", { exact: true }).fill(account.fullName);
  await page.getByLabel("Nome de usuário", { exact: true }).fill(account.username);
  if (by === "email") await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  else await page.getByLabel("Celular", { exact: true }).fill(account.phone);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  // Issue #25: an e-mail waits for its mailed link; a phone (no SMS here) signs in at once.
  if (by === "email") {
    await expect(page.getByRole("heading", { level: 1, name: "Confirme seu e-mail" })).toBeVisible();
    await confirmEmail(page, account.email, javaScriptEnabled);
    return;
  }
  await expect(page).toHaveURL("/");
  if (javaScriptEnabled) await waitForHydration(page);
}

async function signOut(page: Page, javaScriptEnabled: boolean) {
  await open(page, "/profile", javaScriptEnabled);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL("/");
}

test.describe("changing the password in /edit-profile", () => {
  test("asks for the current password: a wrong one is refused in Portuguese, the right one changes it", async ({ page, javaScriptEnabled }, testInfo) => {
    test.slow(); // three password hashes and a sign-out
    const account = newResident(testInfo, "senha");
    await signUp(page, account, javaScriptEnabled, "email");
    await open(page, "/edit-profile", javaScriptEnabled);

    const current = page.getByLabel("Senha atual", { exact: true });
    const next = page.getByLabel("Nova senha", { exact: true });
    await current.fill("nao-e-a-minha-senha");
    await next.fill("senha-nova-2027");
    const refused = javaScriptEnabled
      ? null
      : page.waitForResponse((r) => new URL(r.url()).pathname === "/edit-profile" && r.request().method() === "POST");
    await page.getByRole("button", { name: "Trocar senha" }).click();
    if (refused) expect((await refused).status()).toBe(400);
    await expect(page.getByText("A senha atual não confere.")).toBeVisible();
    // Passwords are never kept in the page.
    await expect(page.getByLabel("Senha atual", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue("");

    await page.getByLabel("Senha atual", { exact: true }).fill(account.password);
    await page.getByLabel("Nova senha", { exact: true }).fill("senha-nova-2027");
    await page.getByRole("button", { name: "Trocar senha" }).click();
    await expect(page).toHaveURL("/profile");
    await expect(page.getByText("Senha alterada.")).toBeVisible();

    await signOut(page, javaScriptEnabled);
    await open(page, "/login", javaScriptEnabled);
    await submitSignIn(page, account.email, "senha-nova-2027");
    await expect(page).toHaveURL("/");
  });
});

test.describe("signing up with a phone number", () => {
  test("a phone and a password make an account; it signs in with the number typed another way", async ({ page, javaScriptEnabled }, testInfo) => {
    test.slow(); // two password hashes and a sign-out
    const account = newResident(testInfo, "celular");
    await signUp(page, account, javaScriptEnabled, "phone");
    await open(page, "/edit-profile", javaScriptEnabled);
    await expect(page.getByLabel("Celular", { exact: true })).toHaveValue(account.phone);

    await signOut(page, javaScriptEnabled);
    await open(page, "/login", javaScriptEnabled);
    await submitSignIn(page, `+55 ${account.phone.replace(/\D/g, "")}`, account.password);
    await expect(page).toHaveURL("/");
  });

  test("a number without its area code is refused in Portuguese, the typed values kept", async ({ page, javaScriptEnabled }, testInfo) => {
    const account = newResident(testInfo, "semddd");
    await open(page, "/login?modo=cadastro", javaScriptEnabled);
    await page.getByLabel("Nome completo", { exact: true }).fill(account.fullName);
    await page.getByLabel("Nome de usuário", { exact: true }).fill(account.username);
    await page.getByLabel("Celular", { exact: true }).fill("99876-5432");
    await page.getByLabel("Senha", { exact: true }).fill(account.password);
    const posted = javaScriptEnabled
      ? null
      : page.waitForResponse((r) => new URL(r.url()).pathname === "/login" && r.request().method() === "POST");
    await page.getByRole("button", { name: "Criar conta" }).click();
    if (posted) expect((await posted).status()).toBe(400);
    await expect(page.getByText("Digite um celular com DDD, como (35) 99876-5432.")).toBeVisible();
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue(account.fullName);
    await expect(page.getByLabel("Celular", { exact: true })).toHaveValue("99876-5432");
  });
});
