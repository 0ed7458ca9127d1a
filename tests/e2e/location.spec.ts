import { neighbourhoodCentre } from "../../core/town-map";
import { demoUserByKey, expect, open, signIn, test, town } from "./helpers";

/**
 * Issue #33: the owner places their business on the map from its edit form — typed coordinates
 * (a point outside the town is refused with the typed values kept) or a neighbourhood's centre —
 * and the business's page then links to directions in Google Maps and Waze. JavaScript on and off.
 */

// Owners the other spec files sign in with, and the businesses they edit (hours.spec.ts takes
// the last two of its list, businesses.spec.ts the first four): keep clear.
const USED_ELSEWHERE = new Set([
  "antonio_batista", "bia_moreira", "camila_nogueira", "fe_carvalho", "helena_martins", "ju_pereira",
  "larissa_duarte", "lucas_araujo", "rafael_goncalves", "thiago_cardoso", "tiao_rodrigues", town.users[3]!.key,
]);
const owned = town.businesses.filter((b) => b.ownerKey && !USED_ELSEWHERE.has(b.ownerKey) && b.category !== "Padaria" && b.openingHours && b.holidayMode !== "special");
const [forJs, forNoJs] = [owned.at(-5)!, owned.at(-6)!];

test("the owner places the business by its neighbourhood; a point outside the town is refused", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const business = javaScriptEnabled ? forJs : forNoJs;
  await open(page, `/search?q=${encodeURIComponent(business.name)}`, javaScriptEnabled);
  const path = (await page.getByRole("region", { name: /^Negócios/ }).getByRole("link").filter({ hasText: business.name }).first().getAttribute("href"))!;
  expect(path).toMatch(/^\/business\/[0-9a-f-]{36}$/);
  await signIn(page, demoUserByKey(business.ownerKey!).email, `${path}/editar`, javaScriptEnabled);

  // São Paulo's cathedral square is not in Vila Serena.
  await page.getByLabel("Latitude").fill("-23,5505");
  await page.getByLabel("Longitude").fill("-46,6333");
  const [refused] = await Promise.all([
    javaScriptEnabled ? Promise.resolve(null) : page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Salvar" }).click(),
  ]);
  if (refused) expect(refused.status()).toBe(400);
  await expect(page.getByText("Esse ponto fica fora de Vila Serena. Confira os números ou escolha o bairro.")).toBeVisible();
  await expect(page.getByLabel("Latitude")).toHaveValue("-23,5505");
  await expect(page.getByLabel("Longitude")).toHaveValue("-46,6333");

  // The neighbourhood's centre wins over the numbers typed above.
  await page.getByLabel("Ou use o centro do bairro").selectOption("Vale do Sol");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByText("Negócio atualizado.")).toBeVisible();
  const centre = neighbourhoodCentre("Vale do Sol")!;
  const google = page.getByRole("link", { name: "Como chegar" });
  await expect(google).toHaveAttribute("href", `https://www.google.com/maps/dir/?api=1&destination=${centre.latitude},${centre.longitude}`);
  await expect(page.getByRole("link", { name: "Abrir no Waze" })).toHaveAttribute("href", `https://waze.com/ul?ll=${centre.latitude},${centre.longitude}&navigate=yes`);

  // Back on the form the pin reads as numbers with a comma, ready to adjust.
  await open(page, `${path}/editar`, javaScriptEnabled);
  await expect(page.getByLabel("Latitude")).toHaveValue(String(centre.latitude).replace(".", ","));
});
