import { z } from "zod";
import { fieldRules } from "#core/field-rules";
import "#core/zod-messages";

/**
 * The listing fields residents write (issue #18): a proposed business, service or driver
 * (/cadastrar/{tipo}) and an owner's edit of their business (/business/{id}/editar). Limits
 * mirror the CHECK constraints of listing_proposals and businesses.
 */
export const listingFields = {
  description: z.string().trim().max(4000, "A descrição pode ter no máximo 4.000 caracteres.").optional(),
  address: z.string().trim().max(200, "O endereço pode ter no máximo 200 caracteres.").optional(),
  neighbourhood: z.string().trim().max(80, "O bairro pode ter no máximo 80 caracteres.").optional(),
  // The house's one phone wording (PHONE_FORMAT), landlines accepted too.
  phone: fieldRules.optional(fieldRules.phone()),
  // wa.me wants the international number's digits, without "+".
  whatsapp: fieldRules.optional(fieldRules.phone().transform((v) => v.slice(1))),
};

export { PROPOSAL_PATHS, PROPOSAL_TITLES, type ProposalPath } from "./proposal-paths";
