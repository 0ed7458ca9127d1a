import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formatBRL } from "#core/format";
import { SellItemSchema } from "~/lib/sell-item-schema";
import { conditionLabel, priceInputValue } from "#core/sell-items";

/** The form as a browser posts it: every field a string, photos as files. */
function form(fields: Record<string, string>, files: File[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append("images", file);
  return data;
}

const valid = {
  title: "Bicicleta aro 29",
  description: "Revisada.",
  price: "1.234,56",
  condition: "seminovo",
  category: "Bicicletas",
  location: "Centro",
};

const photo = (bytes: number, name = "foto.png") => new File([new Uint8Array(bytes)], name, { type: "image/png" });

function errorsOf(fields: Record<string, string>, files: File[] = []) {
  const submission = parseWithZod(form(fields, files), { schema: SellItemSchema });
  expect(submission.status).toBe("error");
  return submission.reply().error ?? {};
}

describe("SellItemSchema", () => {
  it("accepts a complete ad and gives the price as exact decimal text", () => {
    const submission = parseWithZod(form(valid, [photo(10)]), { schema: SellItemSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ ...valid, price: "1234.56" });
    expect(submission.value.images).toHaveLength(1);
  });

  it.each([
    ["1.234,56", "1234.56"],
    ["1234.56", "1234.56"],
    ["R$ 35", "35.00"],
    ["0", "0.00"],
    ["10.000.000,00", "10000000.00"],
    [" 99,9 ", "99.90"],
  ])("reads the price %j as %j", (price, expected) => {
    const submission = parseWithZod(form({ ...valid, price }), { schema: SellItemSchema });
    expect(submission.status === "success" && submission.value.price).toBe(expected);
  });

  it.each([
    ["-5", "O preço não pode ser negativo."],
    ["R$ -1,00", "O preço não pode ser negativo."],
    ["abc", "Digite o preço em reais, como 1.234,56 ou 35."],
    ["12,345", "Digite o preço em reais, como 1.234,56 ou 35."],
    ["1e9", "Digite o preço em reais, como 1.234,56 ou 35."],
    ["10.000.000,01", `O preço pode ser no máximo ${formatBRL(10_000_000)}.`],
    ["99999999999", `O preço pode ser no máximo ${formatBRL(10_000_000)}.`],
    ["", "Diga o preço (use 0 para doação)."],
  ])("refuses the price %j: %s", (price, message) => {
    expect(errorsOf({ ...valid, price }).price).toEqual([message]);
  });

  it("says what is missing, field by field, in Portuguese", () => {
    expect(errorsOf({ title: "   ", price: "", condition: "", category: "", location: "" })).toEqual({
      title: ["Dê um título ao anúncio."],
      price: ["Diga o preço (use 0 para doação)."],
      condition: ["Escolha o estado do item: novo, seminovo ou usado."],
      category: ["Escolha uma categoria."],
      location: ["Diga o bairro onde o item está."],
    });
  });

  it("refuses values outside the lists and over the lengths", () => {
    const errors = errorsOf({ ...valid, condition: "quebrado", category: "Armas", title: "x".repeat(121), description: "y".repeat(4001) });
    expect(errors.condition).toEqual(["Escolha o estado do item: novo, seminovo ou usado."]);
    expect(errors.category).toEqual(["Escolha uma categoria."]);
    expect(errors.title).toEqual(["O título pode ter no máximo 120 caracteres."]);
    expect(errors.description).toEqual(["A descrição pode ter no máximo 4000 caracteres."]);
  });

  it("refuses more than 6 photos and any photo over 5 MB, on the photos field itself", () => {
    expect(errorsOf(valid, Array.from({ length: 7 }, () => photo(10))).images).toEqual(["Envie no máximo 6 fotos."]);
    expect(errorsOf(valid, [photo(10), photo(5 * 1024 * 1024 + 1, "grande.jpg")]).images).toEqual([
      "Cada foto pode ter no máximo 5 MB.",
    ]);
    const exactly = parseWithZod(form(valid, [photo(5 * 1024 * 1024)]), { schema: SellItemSchema });
    expect(exactly.status).toBe("success");
  });

  it("an untouched file input (one empty file) means no photos", () => {
    const submission = parseWithZod(form(valid, [new File([], "")]), { schema: SellItemSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && (submission.value.images ?? [])).toEqual([]);
  });
});

describe("sell item helpers", () => {
  it("writes a stored price back the way the form reads it", () => {
    expect(priceInputValue("1234.50")).toBe("1.234,50");
    expect(priceInputValue("0.00")).toBe("0,00");
    expect(priceInputValue("10000000.00")).toBe("10.000.000,00");
  });

  it("labels conditions", () => {
    expect(conditionLabel("seminovo")).toBe("Seminovo");
    expect(conditionLabel("outro")).toBe("outro");
  });
});
