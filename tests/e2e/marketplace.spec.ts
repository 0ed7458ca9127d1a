import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { formatBRL } from "../../core/format";
import {
  demoUserByKey,
  demoUserByUsername,
  expect,
  loginUrlFor,
  open,
  signIn,
  test,
  town,
  waitForHydration,
  type DemoUser,
} from "./helpers";

/**
 * The marketplace against the production server: publishing, editing, marking sold and
 * deleting an ad (with a real photo), the form's messages and status codes, the owner
 * check, and the in-memory cart. Every test runs in the "js" and "no-js" projects unless
 * tagged @js-only / @no-js-only: every write is a plain form post.
 */


/**
 * One resident per test and project: the projects run in parallel on one database, and
 * sign-ins are rate-limited per account. None of them is used by the other spec files.
 */
const residents = {
  creator: { js: demoUserByUsername("rafael_goncalves"), "no-js": demoUserByUsername("bia_moreira") },
  badInput: { js: demoUserByUsername("lucas_araujo"), "no-js": demoUserByUsername("ju_pereira") },
  intruder: { js: demoUserByUsername("tiao_rodrigues"), "no-js": demoUserByUsername("fe_carvalho") },
} as const;
const residentFor = (role: keyof typeof residents, testInfo: TestInfo): DemoUser =>
  residents[role][testInfo.project.name === "js" ? "js" : "no-js"];

const NOT_OWNER = "Só quem publicou este anúncio pode alterá-lo ou excluí-lo.";
const NOT_AN_IMAGE = "Esse arquivo não é uma imagem que conseguimos abrir (use JPG, PNG ou WebP).";

/** A real, small PNG: the server decodes every upload with sharp. */
async function pngPhoto(name: string, color: string) {
  const buffer = await sharp({ create: { width: 96, height: 72, channels: 3, background: color } }).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Fills the ad form (create and edit share it); only the given fields are touched. */
async function fillAd(
  page: Page,
  ad: Partial<{ title: string; description: string; price: string; condition: string; category: string; location: string }>,
) {
  if (ad.title !== undefined) await page.getByLabel("Título", { exact: true }).fill(ad.title);
  if (ad.description !== undefined) await page.getByLabel("Descrição", { exact: true }).fill(ad.description);
  if (ad.price !== undefined) await page.getByLabel("Preço (R$)", { exact: true }).fill(ad.price);
  if (ad.condition !== undefined) await page.getByLabel("Estado", { exact: true }).selectOption({ label: ad.condition });
  if (ad.category !== undefined) await page.getByLabel("Categoria", { exact: true }).selectOption(ad.category);
  if (ad.location !== undefined) await page.getByLabel("Bairro", { exact: true }).fill(ad.location);
}

/** Submits a form post; without JavaScript, returns the document response (status check). */
async function submit(page: Page, button: Locator, path: RegExp) {
  const response = page.waitForResponse((r) => r.request().method() === "POST" && path.test(new URL(r.url()).pathname));
  await button.click();
  return response;
}

function brlToCents(text: string): number {
  const digits = text.replace(/[^\d,]/g, "").replace(",", ".");
  return Math.round(Number(digits) * 100);
}

const cardFor = (page: Page, title: string) =>
  page.getByRole("list", { name: "Itens à venda" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });

test.describe("publishing an ad", () => {
  test("create with a photo, see it listed, edit it, mark it sold and back, delete it", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    // A whole ad's life in one test: many page loads, some with uploads.
    test.slow();
    const seller = residentFor("creator", testInfo);
    const suffix = randomUUID().slice(0, 8);
    const title = `Cadeira de balanço ${suffix}`;
    await signIn(page, seller.email, "/create-sell-item", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Anunciar item" })).toBeVisible();

    await fillAd(page, {
      title,
      description: "Madeira maciça, assento de palhinha.\nRetirar no Centro.",
      price: "1.234,56",
      condition: "Usado",
      category: "Móveis",
      location: "Centro",
    });
    await page.getByLabel("Fotos", { exact: true }).setInputFiles(await pngPhoto("cadeira.png", "#8b5a2b"));
    await page.getByRole("button", { name: "Publicar anúncio" }).click();

    // 303 to the new ad, with the flash message.
    await expect(page).toHaveURL(/\/sell-items\/[0-9a-f-]{36}$/);
    const adPath = new URL(page.url()).pathname;
    await expect(page.getByText("Anúncio publicado.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(formatBRL(1234.56), { exact: true })).toBeVisible();
    await expect(page.getByText("Madeira maciça, assento de palhinha.")).toBeVisible();
    await expect(page.getByRole("link", { name: seller.fullName })).toHaveAttribute("href", `/u/${seller.username}`);
    const photo = page.getByRole("img", { name: `Foto de ${title}` });
    await expect(photo).toBeVisible();
    // The upload was decoded and stored as WebP in the photo widths.
    const stored = await page.request.get((await photo.getAttribute("src"))!);
    expect(stored.status()).toBe(200);
    expect(stored.headers()["content-type"]).toBe("image/webp");
    if (javaScriptEnabled) await waitForHydration(page);
    // The owner sees "Editar"; nobody adds their own ad to a cart.
    await expect(page.getByRole("link", { name: "Editar", exact: true })).toHaveAttribute("href", `${adPath}/edit`);
    await expect(page.getByRole("button", { name: /Adicionar ao carrinho/ })).toHaveCount(0);

    // On the marketplace's first page (newest first; the other project may be publishing
    // at the same moment, so not necessarily the very first card), and in its category.
    await open(page, "/sell-items", javaScriptEnabled);
    const card = cardFor(page, title);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(formatBRL(1234.56));
    await expect(card).toContainText("Usado · Centro");
    await expect(card.getByRole("link", { name: seller.fullName })).toBeVisible();
    await open(page, "/sell-items?categoria=M%C3%B3veis", javaScriptEnabled);
    await expect(cardFor(page, title)).toHaveCount(1);

    // On /my-sell-items, newest first, with its status and an edit link.
    await open(page, "/my-sell-items", javaScriptEnabled);
    const mine = page.getByRole("list", { name: "Meus anúncios" }).getByRole("listitem").first();
    await expect(mine).toContainText(title);
    await expect(mine).toContainText("À venda");
    await mine.getByRole("link", { name: `Editar ${title}` }).click();
    await expect(page).toHaveURL(`${adPath}/edit`);
    if (javaScriptEnabled) await waitForHydration(page);

    // The form starts from the ad, the price as a Brazilian writes it.
    await expect(page.getByLabel("Título", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Preço (R$)", { exact: true })).toHaveValue("1.234,56");
    await expect(page.getByLabel("Categoria", { exact: true })).toHaveValue("Móveis");
    const edited = `${title} (restaurada)`;
    await fillAd(page, { title: edited, price: "999,90", condition: "Seminovo" });
    await page.getByLabel("Remover foto 1").check();
    await page.getByLabel("Adicionar fotos", { exact: true }).setInputFiles([
      await pngPhoto("nova-1.png", "#336699"),
      await pngPhoto("nova-2.png", "#996633"),
    ]);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(adPath);
    await expect(page.getByText("Anúncio atualizado.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: edited })).toBeVisible();
    await expect(page.getByText(formatBRL(999.9), { exact: true })).toBeVisible();
    await expect(page.getByText("Seminovo", { exact: true })).toBeVisible();
    // The old photo left; the two new ones are the cover and one more.
    await expect(page.getByRole("img", { name: `Foto de ${edited}` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Mais fotos" }).getByRole("img")).toHaveCount(1);

    // Mark sold: the badge shows on the ad and in the list; then back on sale.
    await open(page, `${adPath}/edit`, javaScriptEnabled);
    await page.getByRole("button", { name: "Marcar como vendido" }).click();
    await expect(page).toHaveURL(adPath);
    await expect(page.getByText("Anúncio marcado como vendido.")).toBeVisible();
    await expect(page.getByTestId("sold-badge")).toHaveText("Vendido");
    await open(page, "/sell-items", javaScriptEnabled);
    await expect(cardFor(page, edited).getByTestId("sold-badge")).toHaveText("Vendido");
    await open(page, "/my-sell-items", javaScriptEnabled);
    await expect(page.getByRole("list", { name: "Meus anúncios" }).getByRole("listitem").first()).toContainText("Vendido");
    await open(page, `${adPath}/edit`, javaScriptEnabled);
    await page.getByRole("button", { name: "Marcar como disponível" }).click();
    await expect(page.getByText("Anúncio à venda de novo.")).toBeVisible();
    await expect(page.getByTestId("sold-badge")).toHaveCount(0);

    // Delete: a second step, then the ad is gone for good.
    await open(page, `${adPath}/edit`, javaScriptEnabled);
    await page.getByText("Quero excluir este anúncio").click();
    await page.getByRole("button", { name: "Excluir de vez" }).click();
    await expect(page).toHaveURL("/my-sell-items");
    await expect(page.getByText("Anúncio excluído.")).toBeVisible();
    await expect(page.getByText(edited)).toHaveCount(0);
    const gone = await page.goto(adPath);
    expect(gone?.status()).toBe(404);
    await expect(page.getByText("Página não encontrada", { exact: true })).toBeVisible();
  });

  test("bad input is refused with Portuguese messages per field, typed values kept", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    // Four round trips, one of them a 10 MB upload.
    test.slow();
    const seller = residentFor("badInput", testInfo);
    const suffix = randomUUID().slice(0, 8);
    await signIn(page, seller.email, "/create-sell-item", javaScriptEnabled);
    const publish = page.getByRole("button", { name: "Publicar anúncio" });
    const price = page.getByLabel("Preço (R$)", { exact: true });
    const title = page.getByLabel("Título", { exact: true });

    // With JavaScript the same schema answers in the browser, before any request.
    const expectRefused = async (status: number) => {
      if (javaScriptEnabled) {
        await publish.click();
      } else {
        const response = await submit(page, publish, /^\/create-sell-item$/);
        expect(response.status()).toBe(status);
      }
      await expect(page).toHaveURL("/create-sell-item");
    };

    // An empty title (spaces only: the browser's own `required` check lets it through) and a negative price.
    await fillAd(page, {
      title: "   ",
      description: `Descrição que fica ${suffix}`,
      price: "-5",
      condition: "Novo",
      category: "Ferramentas",
      location: "Vale do Sol",
    });
    await expectRefused(400);
    await expect(page.getByText("Dê um título ao anúncio.")).toBeVisible();
    await expect(page.getByText("O preço não pode ser negativo.")).toBeVisible();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(price).toHaveValue("-5");
    await expect(page.getByLabel("Descrição", { exact: true })).toHaveValue(`Descrição que fica ${suffix}`);
    await expect(page.getByLabel("Estado", { exact: true })).toHaveValue("novo");
    await expect(page.getByLabel("Categoria", { exact: true })).toHaveValue("Ferramentas");
    await expect(page.getByLabel("Bairro", { exact: true })).toHaveValue("Vale do Sol");

    // A price that is not a price, then an absurd one.
    await fillAd(page, { title: `Furadeira ${suffix}`, price: "abc" });
    await expectRefused(400);
    await expect(page.getByText("Digite o preço em reais, como 1.234,56 ou 35.")).toBeVisible();
    await expect(page.getByText("Dê um título ao anúncio.")).toHaveCount(0);
    await expect(price).toHaveValue("abc");
    await expect(title).toHaveValue(`Furadeira ${suffix}`);
    await fillAd(page, { price: "20.000.000,00" });
    await expectRefused(400);
    await expect(page.getByText(`O preço pode ser no máximo ${formatBRL(10_000_000)}.`)).toBeVisible();

    // A 10 MB photo: 413 from the server.
    await fillAd(page, { price: "150" });
    await page.getByLabel("Fotos", { exact: true }).setInputFiles({
      name: "enorme.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(10 * 1024 * 1024, 0xff),
    });
    await expectRefused(413);
    await expect(page.getByText("Cada foto pode ter no máximo 5 MB.")).toBeVisible();
    await expect(title).toHaveValue(`Furadeira ${suffix}`);
    await expect(price).toHaveValue("150");

    // Nothing of this was published.
    await open(page, "/my-sell-items", javaScriptEnabled);
    await expect(page.getByText(`Furadeira ${suffix}`)).toHaveCount(0);
  });

  test("the form contract over plain HTTP: 303 on success, 400/413 with the message otherwise @no-js-only", async ({
    page,
  }, testInfo) => {
    const seller = residentFor("badInput", testInfo);
    await signIn(page, seller.email, "/my-sell-items", false);
    const suffix = randomUUID().slice(0, 8);
    const photo = await pngPhoto("foto.png", "#123456");
    const post = (fields: Record<string, string>, files: { name: string; mimeType: string; buffer: Buffer }[] = []) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const file of files) form.append("images", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
      return page.request.post("/create-sell-item", { multipart: form, maxRedirects: 0 });
    };
    const valid = {
      title: `Anúncio por HTTP ${suffix}`,
      description: "",
      price: "1234.56",
      condition: "usado",
      category: "Casa",
      location: "Centro",
    };
    const refused = async (response: Awaited<ReturnType<typeof post>>, status: number, message: string) => {
      expect(response.status()).toBe(status);
      expect(await response.text()).toContain(message);
    };

    await refused(await post({ ...valid, title: "" }), 400, "Dê um título ao anúncio.");
    await refused(await post({ ...valid, price: "-5" }), 400, "O preço não pode ser negativo.");
    await refused(await post({ ...valid, price: "abc" }), 400, "Digite o preço em reais, como 1.234,56 ou 35.");
    await refused(await post({ ...valid, condition: "quebrado" }), 400, "Escolha o estado do item: novo, seminovo ou usado.");
    await refused(await post(valid, Array.from({ length: 7 }, () => photo)), 400, "Envie no máximo 6 fotos.");
    await refused(await post(valid, [photo, { name: "nota.png", mimeType: "image/png", buffer: Buffer.from("não sou imagem") }]), 400, NOT_AN_IMAGE);
    await refused(await post(valid, [{ name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024) }]), 413, "Cada foto pode ter no máximo 5 MB.");

    // Both Brazilian and plain decimals are prices.
    const created = await post({ ...valid, price: "1.234,56" }, [photo]);
    expect(created.status()).toBe(303);
    const location = created.headers()["location"] ?? "";
    expect(location).toMatch(/^\/sell-items\/[0-9a-f-]{36}$/);
    await page.goto(location);
    await expect(page.getByText(formatBRL(1234.56), { exact: true })).toBeVisible();
    // Nothing refused above was stored: only this one is on the seller's list.
    await page.goto("/my-sell-items");
    await expect(page.getByText(`Anúncio por HTTP ${suffix}`)).toHaveCount(1);

    // And the same ad goes through the edit contract: save with a plain decimal, then delete.
    const save = new FormData();
    for (const [name, value] of Object.entries({ ...valid, intent: "save", price: "99.5" })) save.append(name, value);
    const saved = await page.request.post(`${location}/edit`, { multipart: save, maxRedirects: 0 });
    expect(saved.status()).toBe(303);
    await page.goto(location);
    await expect(page.getByText(formatBRL(99.5), { exact: true })).toBeVisible();
    const unknown = await page.request.post(`${location}/edit`, { form: { intent: "vender-duas-vezes" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);
    const deleted = await page.request.post(`${location}/edit`, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(deleted.status()).toBe(303);
    expect(deleted.headers()["location"]).toBe("/my-sell-items");
    expect((await page.request.get(location)).status()).toBe(404);
  });
});

test.describe("only the owner changes an ad", () => {
  /**
   * Someone else's ad: its path, title and whether it is sold. A seeded category no other
   * test publishes in, so no parallel test deletes it meanwhile.
   */
  async function someoneElsesAd(page: Page, me: DemoUser) {
    await page.goto("/sell-items?categoria=Eletr%C3%B4nicos");
    const card = page
      .getByRole("list", { name: "Itens à venda" })
      .getByRole("listitem")
      .filter({ hasNot: page.getByRole("link", { name: me.fullName, exact: true }) })
      .first();
    const link = card.getByRole("heading").getByRole("link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/sell-items\/[0-9a-f-]{36}$/);
    return { adPath: href!, title: (await link.textContent())!, sold: (await card.getByTestId("sold-badge").count()) > 0 };
  }

  test("a visitor is sent to /login; another resident gets 403 on the page and on every write", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const intruder = residentFor("intruder", testInfo);
    const { adPath, title, sold } = await someoneElsesAd(page, intruder);

    const asVisitor = await page.request.get(`${adPath}/edit`, { maxRedirects: 0 });
    expect(asVisitor.status()).toBe(302);
    expect(asVisitor.headers()["location"]).toBe(loginUrlFor(`${adPath}/edit`));

    await signIn(page, intruder.email, adPath, javaScriptEnabled);
    await expect(page.getByRole("link", { name: "Editar", exact: true })).toHaveCount(0);
    const response = await page.goto(`${adPath}/edit`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Você não pode editar este anúncio" })).toBeVisible();
    await expect(page.getByText(NOT_OWNER)).toBeVisible();
    await expect(page.getByLabel("Título", { exact: true })).toHaveCount(0);

    await expectForbidden(page.request, adPath, { intent: "sold" });
    await expectForbidden(page.request, adPath, { intent: "delete" });
    await expectForbidden(page.request, adPath, {
      intent: "save",
      title: "Agora é meu",
      price: "1",
      condition: "novo",
      category: "Casa",
      location: "Centro",
    });
    // Still there, unchanged.
    expect((await page.goto(adPath))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("sold-badge")).toHaveCount(sold ? 1 : 0);
  });

  async function expectForbidden(request: APIRequestContext, adPath: string, form: Record<string, string>) {
    const response = await request.post(`${adPath}/edit`, { form, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(NOT_OWNER);
  }
});

test.describe("the cart", () => {
  test("adds, counts, totals in BRL, groups by seller and removes at quantity 0 @js-only", async ({ page }) => {
    // The sheet's code (Radix Dialog) is not part of the page's first load: it comes when asked for.
    const dialogCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/cart-dialog-[^/]+\.js$/.test(request.url())) dialogCode.push(request.url());
    });
    await open(page, "/sell-items?categoria=Bicicletas", true);
    expect(dialogCode).toEqual([]);
    const cards = page.getByRole("list", { name: "Itens à venda" }).getByRole("listitem");
    const forSale = cards.filter({ has: page.getByRole("button", { name: /^Adicionar ao carrinho/ }) });
    await expect(forSale.nth(1)).toBeVisible();
    const [first, second] = [forSale.nth(0), forSale.nth(1)];
    const nameOf = async (card: Locator) => (await card.getByRole("heading").textContent())!.trim();
    const centsOf = async (card: Locator) => brlToCents((await card.getByText(/^R\$/).first().textContent())!);
    const a = { title: await nameOf(first), cents: await centsOf(first), seller: (await first.getByRole("link").last().textContent())! };
    const b = { title: await nameOf(second), cents: await centsOf(second), seller: (await second.getByRole("link").last().textContent())! };

    // Sold ads cannot go into a cart.
    const sold = cards.filter({ has: page.getByTestId("sold-badge") });
    for (const card of await sold.all()) await expect(card.getByRole("button", { name: /Adicionar ao carrinho/ })).toHaveCount(0);

    const cartButton = page.getByRole("button", { name: /^Abrir carrinho/ });
    await expect(cartButton).toHaveAccessibleName("Abrir carrinho (vazio)");
    await first.getByRole("button", { name: `Adicionar ao carrinho: ${a.title}` }).click();
    await second.getByRole("button", { name: `Adicionar ao carrinho: ${b.title}` }).click();
    await expect(cartButton).toHaveAccessibleName("Abrir carrinho (2 itens)");
    // Adding one already there raises its quantity by 1.
    await first.getByRole("button", { name: `Adicionar ao carrinho: ${a.title}` }).click();
    await expect(cartButton).toHaveAccessibleName("Abrir carrinho (3 itens)");
    await expect(page.getByRole("status").filter({ hasText: "adicionado ao carrinho" })).toHaveText(`${a.title} adicionado ao carrinho (3 itens no total).`);

    await cartButton.click();
    const sheet = page.getByRole("dialog", { name: "Seu carrinho" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId("cart-item")).toHaveCount(2);
    await expect(sheet.getByLabel(`Quantidade de ${a.title}`, { exact: true })).toHaveValue("2");
    await expect(sheet.getByLabel(`Quantidade de ${b.title}`, { exact: true })).toHaveValue("1");
    await expect(sheet.getByTestId("cart-total")).toHaveText(formatBRL((2 * a.cents + b.cents) / 100));

    // One order per seller, the text carrying the items, quantities and total.
    const sellers = new Set([a.seller, b.seller]);
    const checkout = sheet.getByRole("link", { name: /^Finalizar pelo WhatsApp com / });
    await expect(checkout).toHaveCount(sellers.size);
    const orderFor = sheet.getByRole("link", { name: `Finalizar pelo WhatsApp com ${a.seller}` });
    const href = (await orderFor.getAttribute("href"))!;
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    const text = decodeURIComponent(href.slice("https://wa.me/?text=".length));
    expect(text).toContain(`Olá, ${a.seller}!`);
    expect(text).toContain(`2× ${a.title}`);
    expect(text).toContain(formatBRL((2 * a.cents) / 100));

    // The steppers and the typed quantity both follow the rules.
    await sheet.getByRole("button", { name: `Aumentar quantidade de ${b.title}` }).click();
    await expect(sheet.getByLabel(`Quantidade de ${b.title}`, { exact: true })).toHaveValue("2");
    await expect(sheet.getByTestId("cart-total")).toHaveText(formatBRL((2 * a.cents + 2 * b.cents) / 100));
    await sheet.getByLabel(`Quantidade de ${a.title}`, { exact: true }).fill("0");
    await expect(sheet.getByTestId("cart-item")).toHaveCount(1);
    await expect(sheet.getByLabel(`Quantidade de ${a.title}`, { exact: true })).toHaveCount(0);
    await expect(sheet.getByTestId("cart-total")).toHaveText(formatBRL((2 * b.cents) / 100));
    await sheet.getByRole("button", { name: `Diminuir quantidade de ${b.title}` }).click();
    await sheet.getByRole("button", { name: `Diminuir quantidade de ${b.title}` }).click();
    await expect(sheet.getByText("Seu carrinho está vazio.")).toBeVisible();
    await sheet.getByRole("button", { name: "Fechar carrinho" }).click();
    await expect(sheet).toBeHidden();
    await expect(cartButton).toHaveAccessibleName("Abrir carrinho (vazio)");
    // Focus goes back to the button, and Escape closes the sheet as well.
    await expect(cartButton).toBeFocused();
    await cartButton.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(cartButton).toBeFocused();

    // It follows the resident to an item page, and is gone after a reload (memory only).
    await first.getByRole("button", { name: `Adicionar ao carrinho: ${a.title}` }).click();
    await first.getByRole("heading").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: a.title })).toBeVisible();
    await expect(cartButton).toHaveAccessibleName("Abrir carrinho (1 item)");
    await page.getByRole("button", { name: `Adicionar ao carrinho: ${a.title}` }).click();
    await expect(cartButton).toHaveAccessibleName("Abrir carrinho (2 itens)");
    await page.reload();
    await waitForHydration(page);
    await expect(cartButton).toHaveAccessibleName("Abrir carrinho (vazio)");
    expect(await page.evaluate((title) => JSON.stringify(window.localStorage).includes(title), a.title)).toBe(false);
  });

  test("without JavaScript there is no cart to show, and the list still works @no-js-only", async ({ page }) => {
    const response = await page.goto("/sell-items");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("list", { name: "Itens à venda" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /carrinho/i })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Favoritar/ }).first()).toBeVisible();
  });
});

test.describe("browsing", () => {
  const bikes = town.sellItems.filter((item) => item.category === "Bicicletas");

  test("filters by category and price range, explains an unreadable price, pages with links", async ({ page }) => {
    const inRange = bikes.filter((item) => item.price >= 500 && item.price <= 1500);
    await page.goto("/sell-items");
    // Folded until a filter is in use.
    await expect(page.getByLabel("Categoria")).toBeHidden();
    await page.getByText("Filtrar por categoria e preço").click();
    await page.getByLabel("Categoria").selectOption("Bicicletas");
    await page.getByLabel("Preço mínimo (R$)").fill("500");
    await page.getByLabel("Preço máximo (R$)").fill("1.500");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/categoria=Bicicletas&precoMin=500&precoMax=1\.500/);
    const cards = page.getByRole("list", { name: "Itens à venda" }).getByRole("listitem");
    await expect(cards).toHaveCount(inRange.length);
    for (const item of inRange) await expect(cards.getByRole("link", { name: item.title, exact: true })).toBeVisible();
    await expect(page.getByText("Filtros em uso")).toBeVisible();
    await expect(page.getByLabel("Preço máximo (R$)")).toHaveValue("1.500");

    await page.goto("/sell-items?precoMin=abc");
    await expect(page.getByRole("alert")).toContainText("O preço mínimo “abc” não é um valor que entendemos");
    await expect(cards).toHaveCount(20);

    await page.getByRole("link", { name: "Próxima →" }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(page.getByText("Página 2")).toBeVisible();
  });

  test("an item page shows every field; an unknown id is the 404 page", async ({ page }) => {
    const item = bikes.find((b) => !b.sold)!;
    await page.goto("/sell-items?categoria=Bicicletas");
    await page.getByRole("link", { name: item.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: item.title })).toBeVisible();
    await expect(page.getByText(formatBRL(item.price), { exact: true })).toBeVisible();
    await expect(page.getByText(item.location, { exact: true })).toBeVisible();
    const seller = demoUserByKey(item.sellerKey);
    await expect(page.getByRole("link", { name: seller.fullName })).toHaveAttribute("href", `/u/${seller.username}`);
    await expect(page.getByRole("button", { name: new RegExp(`^Favoritar ${item.title}`) })).toBeVisible();

    for (const path of ["/sell-items/7e57a11d-0000-4000-8000-000000000009", "/sell-items/nao-existe"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Página não encontrada", { exact: true })).toBeVisible();
    }
  });
});
