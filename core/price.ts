/**
 * Prices as Brazilians type them: "1.234,56", "1234,56", "1234.56", "R$ 35", "35".
 * Returns the value in reais rounded to centavos, or null when it is not a price.
 */
export const MAX_PRICE = 10_000_000;

export function parsePrice(input: string): number | null {
  let text = input.trim().replace(/^R\$\s*/i, "").replace(/\s/g, "");
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const decimal = lastComma > lastDot ? "," : ".";
    const group = decimal === "," ? "." : ",";
    if (!isGrouped(text.slice(0, text.lastIndexOf(decimal)), group)) return null;
    text = text.split(group).join("").replace(decimal, ".");
  } else if (lastComma >= 0) {
    // Only commas: one comma with 1–2 digits after it is decimal ("35,9"); otherwise not a price.
    if (text.indexOf(",") !== lastComma || !/,\d{1,2}$/.test(text)) return null;
    text = text.replace(",", ".");
  } else if (lastDot >= 0) {
    // Only dots: "1234.56" (decimal) or "1.234" / "1.234.567" (thousands, as pt-BR writes them).
    if (text.indexOf(".") === lastDot && /\.\d{1,2}$/.test(text)) {
      // decimal point, keep
    } else if (isGrouped(text, ".")) {
      text = text.split(".").join("");
    } else {
      return null;
    }
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100) / 100;
}

function isGrouped(integerPart: string, group: string): boolean {
  if (!integerPart.includes(group)) return /^\d+$/.test(integerPart);
  const pattern = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);
  return pattern.test(integerPart);
}
