/**
 * The three kinds of listing a resident proposes, by their pt-BR path segment. Apart from
 * the form's schema (listing-form.ts): the directory pages link to the forms with these
 * titles, and importing the schema there put zod (24 KiB gzip) in every list's first view.
 */
export const PROPOSAL_PATHS = { negocio: "business", servico: "service", motorista: "driver" } as const;
export type ProposalPath = keyof typeof PROPOSAL_PATHS;

export const PROPOSAL_TITLES: Record<ProposalPath, string> = {
  negocio: "Cadastrar negócio",
  servico: "Cadastrar serviço",
  motorista: "Cadastrar motorista",
};
