import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import {
  confirmationLink,
  confirmEmail,
  DEMO_PASSWORD,
  demoUserByUsername,
  expect,
  loginUrlFor,
  open,
  submitSignIn,
  test,
  town,
  waitForHydration,
} from "./helpers";

/**
 * Accounts against the production server (local adapter): sign-up, sign-in, sign-out,
 * protected routes, the last visited path, profile editing, password reset, public
 * profiles and the residents list, and one user trying to reach another's private data.
 * Every test runs in the "js" and "no-js" projects unless tagged @js-only / @no-js-only.
 */

const larissa = demoUserByUsername("larissa_duarte");
const helena = demoUserByUsername("helena_martins");

const SESSION_COOKIE = "guida_session";
const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";
const WRONG_CREDENTIALS = "E-mail, telefone ou senha incorretos.";
const LOGOUT_MESSAGE = "Logout realizado com sucesso!";
const USERNAME_TAKEN = "Este nome de usuário já está em uso. Escolha outro.";
const INVALID_DATE = "Digite uma data válida no formato DD/MM/AAAA.";
const RESET_SENT = "Se existir uma conta com este e-mail, você vai receber um link para criar uma nova senha.";

// Fixed (test titles must be the same in every worker); a visitor is sent away before any lookup.
const SOME_ID = "7e57a11d-0000-4000-8000-000000000001";

/**
 * Every protected route of the spec (point 2). Some are built in parallel with this file;
 * until they land, their rows fail here with a 404 instead of the redirect, which is the
 * point: the table is the spec's, not the app's.
 */
const PROTECTED_ROUTES: { path: string; redirectTo?: string }[] = [
  { path: "/profile" },
  { path: "/edit-profile" },
  { path: "/profile/edit", redirectTo: "/edit-profile" },
  { path: "/favorites" },
  { path: "/notifications" },
  { path: "/create-sell-item" },
  { path: "/my-sell-items" },
  { path: `/sell-items/${SOME_ID}/edit` },
  { path: "/create-post" },
  { path: "/my-posts" },
  { path: `/posts/${SOME_ID}/edit` },
  { path: "/create-news" },
];

type Account = { fullName: string; username: string; email: string; password: string };

let accountSeq = 0;
/** A fresh resident per call: worker, clock and a counter keep usernames unique across a run. */
function newAccount(testInfo: TestInfo, label: string): Account {
  accountSeq += 1;
  const id = `${testInfo.workerIndex}${Date.now().toString(36)}${accountSeq}`;
  return {
    fullName: `Pessoa ${label} ${id}`,
    username: `${label}_${id}`.slice(0, 20),
    email: `${label}.${id}@exemplo.com`,
    password: "senha-boa-2026",
  };
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

async function fillSignUp(page: Page, account: Account) {
  await page.getByLabel("Nome completo", { exact: true }).fill(account.fullName);
  await page.getByLabel("Nome de usuário", { exact: true }).fill(account.username);
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
}

/** Signs up, then opens the link the server logged (issue #25: no session before it). */
async function signUp(page: Page, account: Account, javaScriptEnabled: boolean) {
  await open(page, "/login?modo=cadastro", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Criar conta" })).toBeVisible();
  await fillSignUp(page, account);
  await expect(page.getByRole("heading", { level: 1, name: "Confirme seu e-mail" })).toBeVisible();
  expect(await sessionCookie(page)).toBeUndefined();
  await confirmEmail(page, account.email, javaScriptEnabled);
  await expect.poll(async () => Boolean(await sessionCookie(page))).toBe(true);
}

/**
 * Not the shared signIn of helpers.ts: any login and password, from any /login URL, and no
 * waiting afterwards, because these tests check where the form sends you (or that it refuses).
 */
async function signIn(page: Page, login: string, password: string, javaScriptEnabled: boolean, from = "/login") {
  await open(page, from, javaScriptEnabled);
  await submitSignIn(page, login, password);
}

async function signOutFromProfile(page: Page, javaScriptEnabled: boolean) {
  await open(page, "/profile", javaScriptEnabled);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(LOGOUT_MESSAGE)).toBeVisible();
}

async function expectSentToLogin(page: Page, path: string, redirectTo = path) {
  await page.goto(path);
  await expect(page).toHaveURL(loginUrlFor(redirectTo));
  await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
}

/** Signs a resident up over plain HTTP (the README's form contract), in its own cookie jar. */
async function signUpOverHttp(request: APIRequestContext, account: Account) {
  const response = await request.post("/login", {
    form: { intent: "signup", ...account },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  const link = new URL(await confirmationLink(account.email), "http://x");
  const confirmed = await request.post("/login", { form: { intent: "confirm", token: link.searchParams.get("confirmar")! }, maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
  expect(confirmed.headers()["set-cookie"]).toContain(`${SESSION_COOKIE}=`);
}

test.describe("sign-up, sign-out and sign-in", () => {
  test("sign up, sign out, then sign in again and land on the page that sent you to /login", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.slow(); // a dozen page loads and two password hashes in one story
    const account = newAccount(testInfo, "ciclo");
    await signUp(page, account, javaScriptEnabled);
    await expect(page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Perfil" })).toBeVisible();

    await open(page, "/profile", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: account.fullName })).toBeVisible();
    await expect(page.getByText(`@${account.username}`)).toBeVisible();

    // Someone already signed in who opens /login goes to /.
    await page.goto("/login");
    await expect(page).toHaveURL("/");

    await signOutFromProfile(page, javaScriptEnabled);
    expect(await sessionCookie(page)).toBeUndefined();

    await expectSentToLogin(page, "/profile");
    if (javaScriptEnabled) await waitForHydration(page);
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("heading", { level: 1, name: account.fullName })).toBeVisible();
    expect(await sessionCookie(page)).toBeDefined();
  });

  test("a demo resident signs in with the phone number in the e-mail field", async ({ page, javaScriptEnabled }) => {
    await signIn(page, helena.phone, DEMO_PASSWORD, javaScriptEnabled, loginUrlFor("/profile"));
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("heading", { level: 1, name: helena.fullName })).toBeVisible();
  });

  test("an empty sign-in answers the spec's error", async ({ page, javaScriptEnabled }) => {
    await open(page, "/login", javaScriptEnabled);
    const posted = javaScriptEnabled
      ? null
      : page.waitForResponse((r) => new URL(r.url()).pathname === "/login" && r.request().method() === "POST");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    if (posted) expect((await posted).status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: MISSING_CREDENTIALS })).toBeVisible();
    await expect(page).toHaveURL("/login");
    expect(await sessionCookie(page)).toBeUndefined();
  });

  test("the server answers a sign-in or sign-up without credentials with the spec's error", async ({ request }) => {
    const forms: Record<string, string>[] = [
      { intent: "signin", email: "", password: "" },
      { intent: "signin", email: larissa.email, password: "" },
      { intent: "signin", email: "", password: DEMO_PASSWORD },
      { intent: "signup", email: "", password: "", fullName: "Sem Nada", username: "sem_nada" },
    ];
    for (const form of forms) {
      const response = await request.post("/login", { form, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(form)).toBe(400);
      expect(await response.text()).toContain(MISSING_CREDENTIALS);
    }
  });

  test("a wrong password shows a Portuguese message, keeps the e-mail and empties the password", async ({
    page,
    javaScriptEnabled,
  }) => {
    await open(page, "/login", javaScriptEnabled);
    const posted = javaScriptEnabled
      ? null
      : page.waitForResponse((r) => new URL(r.url()).pathname === "/login" && r.request().method() === "POST");
    await submitSignIn(page, larissa.email, "senha-errada-123");
    if (posted) expect((await posted).status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: WRONG_CREDENTIALS })).toBeVisible();
    await expect(page.getByLabel("E-mail ou celular", { exact: true })).toHaveValue(larissa.email);
    await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("");
    expect(await sessionCookie(page)).toBeUndefined();

    // A "phone" with no digits at all matches nobody, whatever the password.
    await submitSignIn(page, "--------", DEMO_PASSWORD);
    await expect(page.getByRole("alert").filter({ hasText: WRONG_CREDENTIALS })).toBeVisible();
    await expect(page.getByLabel("E-mail ou celular", { exact: true })).toHaveValue("--------");
    await expect(page).toHaveURL("/login");
    expect(await sessionCookie(page)).toBeUndefined();
  });

  test("sign-up with a taken username says so, keeping what was typed; a taken e-mail answers as a new one would", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const account = newAccount(testInfo, "repetido");
    await open(page, "/login?modo=cadastro", javaScriptEnabled);
    await fillSignUp(page, { ...account, username: larissa.username });
    await expect(page.getByText(USERNAME_TAKEN)).toBeVisible();
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue(account.fullName);
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel("Nome de usuário", { exact: true })).toHaveValue(larissa.username);
    await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("");

    // Issue #25: "enviamos um link", as for a new address (its owner is told by mail).
    await fillSignUp(page, { ...account, email: larissa.email });
    await expect(page.getByRole("heading", { level: 1, name: "Confirme seu e-mail" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Enviamos um link para ${larissa.email}` })).toBeVisible();
    await expect(page.getByText(USERNAME_TAKEN)).toHaveCount(0);
    expect(await sessionCookie(page)).toBeUndefined();

    // Neither attempt created an account: no profile under the new username, no sign-in with the new e-mail.
    expect((await page.request.get(`/u/${account.username}`)).status()).toBe(404);
    const signIn = await page.request.post("/login", {
      form: { intent: "signin", email: account.email, password: account.password },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(400);
    expect(await sessionCookie(page)).toBeUndefined();
  });
});

test.describe("sign-out", () => {
  test("ends the server session, clears the cookie, shows the message on / and protected pages go back to /login", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    await signUp(page, newAccount(testInfo, "saida"), javaScriptEnabled);
    const before = await sessionCookie(page);
    expect(before?.httpOnly).toBe(true);

    await signOutFromProfile(page, javaScriptEnabled);
    expect(await sessionCookie(page)).toBeUndefined();
    await expect(page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Entrar" })).toBeVisible();
    for (const path of ["/profile", "/notifications", "/favorites"]) await expectSentToLogin(page, path);

    // The old cookie, replayed, opens nothing: the session ended on the server too.
    await page.context().addCookies([{ name: SESSION_COOKIE, value: before!.value, url: baseURL! }]);
    await expectSentToLogin(page, "/edit-profile");
    expect(await sessionCookie(page)).toBeUndefined();
  });

  test("GET /logout changes nothing and goes home", async ({ page, javaScriptEnabled }, testInfo) => {
    await signUp(page, newAccount(testInfo, "getsair"), javaScriptEnabled);
    await page.goto("/logout");
    await expect(page).toHaveURL("/");
    expect(await sessionCookie(page)).toBeDefined();
    await page.goto("/profile");
    await expect(page).toHaveURL("/profile");
  });

  test(
    "clears sessionStorage and localStorage except the theme and the install-dismissed entries",
    { tag: "@js-only" },
    async ({ page }, testInfo) => {
      await signUp(page, newAccount(testInfo, "limpa"), true);
      await open(page, "/profile", true);
      await page.evaluate(() => {
        window.localStorage.setItem("guida-install-dismissed", "1767225600000");
        window.localStorage.setItem("guida-rascunho", "um rascunho");
        window.localStorage.setItem("outra-chave", "x");
        window.sessionStorage.setItem("guida-carrinho", "[1,2]");
        // The theme cookie says light; a kept "dark" is restored into it on the next page.
        window.localStorage.setItem("guida-theme", "dark");
      });
      expect(await page.evaluate(() => window.sessionStorage.getItem("guida-last-path"))).toBe("/profile");

      await page.getByRole("button", { name: "Sair" }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByText(LOGOUT_MESSAGE)).toBeVisible();
      await waitForHydration(page);

      const storage = await page.evaluate(() => ({
        local: Object.fromEntries(Object.entries(window.localStorage)),
        session: Object.fromEntries(Object.entries(window.sessionStorage)),
      }));
      expect(storage.local["guida-install-dismissed"]).toBe("1767225600000");
      expect(storage.local["guida-theme"]).toBe("dark");
      expect(storage.local).not.toHaveProperty("guida-rascunho");
      expect(storage.local).not.toHaveProperty("outra-chave");
      expect(storage.session).not.toHaveProperty("guida-carrinho");
      // The saved path was removed; the home page the user landed on is the only one recorded.
      expect(storage.session["guida-last-path"] ?? "/").toBe("/");
      await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
      expect(await sessionCookie(page)).toBeUndefined();
    },
  );
});

test.describe("protected routes send a visitor to /login", () => {
  for (const { path, redirectTo } of PROTECTED_ROUTES) {
    test(`${path} → ${loginUrlFor(redirectTo ?? path)}`, async ({ page }) => {
      await expectSentToLogin(page, path, redirectTo);
    });
  }
});

test.describe("where sign-in lands", () => {
  test(
    "without redirectTo, on the last page visited in this tab",
    { tag: "@js-only" },
    async ({ page }) => {
      await open(page, "/users", true);
      await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem("guida-last-path"))).toBe("/users");
      await signIn(page, larissa.email, DEMO_PASSWORD, true);
      await expect(page).toHaveURL("/users");
      await expect(page.getByRole("heading", { level: 1, name: "Moradores" })).toBeVisible();
      expect(await sessionCookie(page)).toBeDefined();
    },
  );

  test("without redirectTo or a saved path, on /", async ({ page, javaScriptEnabled }) => {
    await signIn(page, larissa.email, DEMO_PASSWORD, javaScriptEnabled);
    await expect(page).toHaveURL("/");
  });

  test("a redirectTo off this site is ignored", async ({ page, javaScriptEnabled }) => {
    await signIn(page, larissa.email, DEMO_PASSWORD, javaScriptEnabled, "/login?redirectTo=%2F%2Fevil.example%2F");
    await expect(page).toHaveURL("/");
  });
});

test.describe("edit profile", () => {
  test("name, bio, phone and birth date are saved and shown", async ({ page, javaScriptEnabled }, testInfo) => {
    const account = newAccount(testInfo, "editar");
    await signUp(page, account, javaScriptEnabled);
    await open(page, "/profile/edit", javaScriptEnabled);
    await expect(page).toHaveURL("/edit-profile");
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue(account.fullName);

    const newName = `${account.fullName} Editada`;
    await page.getByLabel("Nome completo", { exact: true }).fill(newName);
    await page.getByLabel("Bio", { exact: true }).fill("Moro no Centro e adoro a feira de sábado.");
    // Issue #13: a phone belongs to one account, and both projects share the server.
    const phone = javaScriptEnabled ? "(35) 99876-5432" : "(35) 99876-5433";
    await page.getByLabel("Celular", { exact: true }).fill(phone);
    const birthDate = page.getByLabel("Data de nascimento", { exact: true });
    if (javaScriptEnabled) {
      // The spec's mask: digits only, shaped DD/MM/YYYY as they are typed.
      await birthDate.pressSequentially("15031990");
      await expect(birthDate).toHaveValue("15/03/1990");
    } else {
      await birthDate.fill("15/03/1990");
    }
    await page.getByRole("button", { name: "Salvar perfil" }).click();

    await expect(page).toHaveURL("/profile");
    await expect(page.getByText("Perfil atualizado.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
    await expect(page.getByText("Moro no Centro e adoro a feira de sábado.")).toBeVisible();

    await open(page, "/edit-profile", javaScriptEnabled);
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue(newName);
    await expect(page.getByLabel("Celular", { exact: true })).toHaveValue(phone);
    await expect(page.getByLabel("Data de nascimento", { exact: true })).toHaveValue("15/03/1990");
    await expect(page.getByLabel("Bio", { exact: true })).toHaveValue("Moro no Centro e adoro a feira de sábado.");
    // Private fields never reach the public profile.
    await page.goto(`/u/${account.username}`);
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
    await expect(page.getByText("99876-5432")).toHaveCount(0);
  });

  test("an impossible birth date is refused in Portuguese, keeping what was typed", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const account = newAccount(testInfo, "data");
    await signUp(page, account, javaScriptEnabled);
    await open(page, "/edit-profile", javaScriptEnabled);
    await page.getByLabel("Nome completo", { exact: true }).fill("Nome Novo Que Fica");
    await page.getByLabel("Data de nascimento", { exact: true }).fill("31/02/1990");
    const posted = javaScriptEnabled
      ? null
      : page.waitForResponse((r) => new URL(r.url()).pathname === "/edit-profile" && r.request().method() === "POST");
    await page.getByRole("button", { name: "Salvar perfil" }).click();
    if (posted) expect((await posted).status()).toBe(400);
    await expect(page.getByText(INVALID_DATE)).toBeVisible();
    await expect(page).toHaveURL("/edit-profile");
    await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue("Nome Novo Que Fica");
    await expect(page.getByLabel("Data de nascimento", { exact: true })).toHaveValue("31/02/1990");

    // The server's answer to the same post (with JavaScript the browser never sent it).
    const response = await page.request.post("/edit-profile", {
      form: { intent: "profile", fullName: "Nome Novo Que Fica", username: account.username, birthDate: "31/02/1990" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(INVALID_DATE);
    await open(page, "/profile", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: account.fullName })).toBeVisible();
  });

  test("a username taken by a demo resident is refused", async ({ page, javaScriptEnabled }, testInfo) => {
    const account = newAccount(testInfo, "usuario");
    await signUp(page, account, javaScriptEnabled);
    await open(page, "/edit-profile", javaScriptEnabled);
    await page.getByLabel("Nome de usuário", { exact: true }).fill(larissa.username);
    const posted = javaScriptEnabled
      ? null
      : page.waitForResponse((r) => new URL(r.url()).pathname === "/edit-profile" && r.request().method() === "POST");
    await page.getByRole("button", { name: "Salvar perfil" }).click();
    if (posted) expect((await posted).status()).toBe(409);
    await expect(page.getByText(USERNAME_TAKEN)).toBeVisible();
    await expect(page.getByLabel("Nome de usuário", { exact: true })).toHaveValue(larissa.username);
    await page.goto(`/u/${account.username}`);
    await expect(page.getByRole("heading", { level: 1, name: account.fullName })).toBeVisible();
  });
});

test.describe("password reset", () => {
  test("the form answers the same for an e-mail with an account and one without", async ({ page, javaScriptEnabled }) => {
    await open(page, "/login", javaScriptEnabled);
    await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
    await expect(page).toHaveURL("/login?modo=recuperar");
    await expect(page.getByRole("heading", { level: 1, name: "Recuperar senha" })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);

    for (const email of [larissa.email, "ninguem.mora.aqui@exemplo.com.br"]) {
      await page.getByLabel("E-mail da conta", { exact: true }).fill(email);
      const posted = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/login") && r.request().method() === "POST");
      await page.getByRole("button", { name: "Enviar link" }).click();
      expect((await posted).status(), email).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: RESET_SENT })).toBeVisible();
    }
  });
});

test.describe("public profiles and the residents list", () => {
  test("/u/{username} shows a demo resident; an unknown one is the 404 page", async ({ page }) => {
    const response = await page.goto(`/u/${larissa.username}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: larissa.fullName })).toBeVisible();
    await expect(page.getByText(`@${larissa.username}`)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(larissa.fullName));

    const missing = await page.goto("/u/nobody");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Página não encontrada", { exact: true })).toBeVisible();
  });

  test("/users?q= finds a demo resident by part of the name", async ({ page, javaScriptEnabled }) => {
    // Larissa's surname; no other seeded name or username contains it.
    const query = "duarte";
    expect(town.users.filter((u) => `${u.fullName} ${u.username}`.toLowerCase().includes(query))).toEqual([larissa]);
    await open(page, "/users", javaScriptEnabled);
    await page.getByLabel("Buscar pelo nome", { exact: true }).fill(query);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(`/users?q=${query}`);
    const results = page.getByRole("main").getByRole("listitem");
    await expect(results).toHaveCount(1);
    await results.getByRole("link", { name: new RegExp(larissa.fullName) }).click();
    await expect(page).toHaveURL(`/u/${larissa.username}`);
    await expect(page.getByRole("heading", { level: 1, name: larissa.fullName })).toBeVisible();
  });
});

test.describe("private data", () => {
  test("signed in as B, /edit-profile shows only B's data and A's notification cannot be marked", async ({
    page,
    playwright,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    test.slow(); // two accounts and a dozen requests
    // A: over plain HTTP in a cookie jar of its own, with private data of its own.
    const ana = newAccount(testInfo, "ana");
    // Issue #13: a phone belongs to one account, and both projects share the server.
    const anaPhone = javaScriptEnabled ? "(35) 91234-0000" : "(35) 91234-0001";
    const anaHttp = await playwright.request.newContext({ baseURL });
    try {
      await signUpOverHttp(anaHttp, ana);
      const saved = await anaHttp.post("/edit-profile", {
        form: { intent: "profile", fullName: ana.fullName, username: ana.username, bio: "bio da A", phone: anaPhone, birthDate: "01/02/1980" },
        maxRedirects: 0,
      });
      expect(saved.status()).toBe(303);
      const anaPage = await (await anaHttp.get("/notifications")).text();
      const anaNotification = /name="id" value="([0-9a-f-]{36})"/.exec(anaPage)?.[1];
      expect(anaNotification, "A's welcome notification").toBeDefined();

      // B: in the browser.
      const beto = newAccount(testInfo, "beto");
      await signUp(page, beto, javaScriptEnabled);
      await open(page, "/edit-profile", javaScriptEnabled);
      await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue(beto.fullName);
      await expect(page.getByLabel("Nome de usuário", { exact: true })).toHaveValue(beto.username);
      await expect(page.getByLabel("Celular", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("Data de nascimento", { exact: true })).toHaveValue("");
      const html = await page.content();
      for (const secret of [anaPhone.slice(5), "01/02/1980", ana.email, ana.username]) expect(html).not.toContain(secret);

      // B marks A's notification: the same answer as for an id that does not exist.
      const attempt = await page.request.post("/notifications", { form: { intent: "read", id: anaNotification! }, maxRedirects: 0 });
      expect(attempt.status()).toBe(404);
      const unknown = await page.request.post("/notifications", { form: { intent: "read", id: randomUUID() }, maxRedirects: 0 });
      expect(unknown.status()).toBe(404);
      // A's notification is still unread.
      expect(await (await anaHttp.get("/notifications")).text()).toContain(`name="id" value="${anaNotification}"`);
      // B's own notification is B's to mark.
      await open(page, "/notifications", javaScriptEnabled);
      await page.getByRole("button", { name: "Marcar como lida" }).first().click();
      await expect(page.getByRole("button", { name: "Marcar como lida" })).toHaveCount(0);
    } finally {
      await anaHttp.dispose();
    }
  });
});
