import type { RefusedPage } from "./refused";

/**
 * Issue #25's trust levels as residents read them (the rule itself is the database's:
 * public.trust_of in supabase/migrations/20261128000200_trust.sql, docs/moderation.md).
 */
export type Trust = {
  /** 0 cannot report; 1 reports reach the queue only; 2 reports count towards hiding. */
  level: 0 | 1 | 2;
  /** What one report of theirs weighs (a trusted resident's: 1, between 0 and 2). */
  weight: number;
  confirmed: boolean;
  hasEmail: boolean;
  accountDays: number;
  contributions: number;
  upheld: number;
  dismissed: number;
  /** The town's numbers for level 2 (moderation_settings). */
  trustedAfterDays: number;
  trustedContributions: number;
};

/** Why a resident at level 0 cannot report yet, and what to do about it. */
export function whyCannotReport(trust: Trust | null): RefusedPage {
  const message = !trust?.hasEmail
    ? "Contas só com telefone ainda não podem denunciar: denunciar pede uma conta com e-mail confirmado. Assim a moderação sabe que cada denúncia vem de uma pessoa."
    : "Confirme seu e-mail pelo link que enviamos para poder denunciar. Assim a moderação sabe que cada denúncia vem de uma pessoa, e contas criadas às pressas não escondem o conteúdo da cidade.";
  return { title: "Você ainda não pode denunciar", message, link: { to: "/", label: "Voltar ao início" } };
}

/** What the report form says about the resident's own report before they send it. */
export function reportNotice(trust: Trust | null): string {
  if (trust?.level === 2 && trust.weight > 0) {
    return "A moderação analisa cada denúncia. Quando moradores de confiança denunciam o mesmo conteúdo, ele fica oculto até a análise.";
  }
  const days = trust?.trustedAfterDays ?? 30;
  const items = trust?.trustedContributions ?? 3;
  return `A moderação analisa cada denúncia. A sua vai para a fila da moderação, mas ainda não oculta o conteúdo: isso vem com o tempo de conta (${days} dias) e com o que você publica no Guida (${items} posts, anúncios ou notícias).`;
}
