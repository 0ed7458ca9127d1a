import { describe, expect, it } from "vitest";
import { telHref, whatsAppChatHref } from "~/lib/contact-links";
import { formatBrazilianPhone, normalizeBrazilianPhone } from "#core/phone";

describe("Brazilian phone numbers", () => {
  it("reads a number typed in any common Brazilian way as one E.164 number", () => {
    for (const typed of [
      "(31) 99876-5432",
      "31998765432",
      "+55 31 99876-5432",
      "+55 (31) 99876-5432",
      "55 31 99876 5432",
      "5531998765432",
      "031 99876-5432",
      " 31 9 9876.5432 ",
    ]) {
      expect(normalizeBrazilianPhone(typed), typed).toBe("+5531998765432");
    }
    expect(normalizeBrazilianPhone("(35) 3333-4444")).toBe("+553533334444");
    // DDD 55 (Rio Grande do Sul) is not mistaken for the country code.
    expect(normalizeBrazilianPhone("(55) 99876-5432")).toBe("+5555998765432");
  });

  it("refuses what is not a Brazilian number with its area code", () => {
    for (const typed of ["", "telefone", "1", "99876-5432", "(01) 99876-5432", "+1 415 555 0100", "(31) 89876-5432", "31 99876-54321", "31998765432; DROP"]) {
      expect(normalizeBrazilianPhone(typed), typed).toBeNull();
    }
  });

  it("shows a stored number the way people write it", () => {
    expect(formatBrazilianPhone("+5535998765432")).toBe("(35) 99876-5432");
    expect(formatBrazilianPhone("+553533334444")).toBe("(35) 3333-4444");
    expect(formatBrazilianPhone("ramal 12")).toBe("ramal 12");
  });

  it("dials and opens WhatsApp on the full international number", () => {
    expect(telHref("(35) 99876-5432")).toBe("tel:+5535998765432");
    expect(telHref("+5535998765432")).toBe("tel:+5535998765432");
    expect(telHref("(35) 3333-4444")).toBe("tel:+553533334444");
    expect(whatsAppChatHref("35998765432", "Olá!")).toBe("https://wa.me/5535998765432?text=Ol%C3%A1!");
    expect(whatsAppChatHref("5535998765432", "Oi")).toBe("https://wa.me/5535998765432?text=Oi");
  });
});
