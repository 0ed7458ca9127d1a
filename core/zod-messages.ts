import { z } from "zod";

/**
 * Portuguese for the checks a schema leaves without a message of its own. A person using
 * the forms never meets these (every visible field has its own words); a hand-made
 * request does — a field sent twice arrives as a list — and still deserves an answer in
 * Portuguese rather than zod's English. Imported by every module that defines a form
 * schema, so the browser's validation speaks the same language as the server's.
 */
z.config({
  localeError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return Array.isArray(issue.input) ? "Valor inválido: envie este campo uma vez só, como texto." : "Valor inválido neste campo.";
      case "invalid_value":
        return "Opção inválida.";
      case "too_big":
        return "Valor grande demais.";
      case "too_small":
        return "Valor pequeno demais.";
      default:
        return "Valor inválido.";
    }
  },
});
