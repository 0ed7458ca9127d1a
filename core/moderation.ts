import { hrefOf } from "./item-kinds";

/**
 * Issue #18's vocabulary, shared by the report form, the moderation queue and the audit
 * log. The values are the database's (reports.item_type, reports.reason,
 * moderation_log.action: supabase/migrations/20261125000300_moderation.sql).
 */
export const REPORTABLE_KINDS = ["post", "sell_item", "news", "profile", "business", "service", "driver", "comment", "review"] as const;
export type ReportableKind = (typeof REPORTABLE_KINDS)[number];

/** The thing reported, as a sentence names it ("Denunciar este post"). */
export const REPORTABLE_KIND_NAMES: Record<ReportableKind, string> = {
  post: "post",
  sell_item: "anúncio",
  news: "notícia",
  profile: "perfil",
  business: "negócio",
  service: "serviço",
  driver: "motorista",
  comment: "comentário",
  review: "avaliação",
};

export const REPORT_REASONS = ["spam", "golpe", "ofensivo", "informacao_errada", "outro"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  golpe: "Golpe",
  ofensivo: "Ofensivo",
  informacao_errada: "Informação errada",
  outro: "Outro",
};

export const MODERATOR_ACTIONS = ["hide", "restore", "dismiss", "block"] as const;
export type ModeratorAction = (typeof MODERATOR_ACTIONS)[number];

export const LOG_ACTION_LABELS: Record<string, string> = {
  hide: "Ocultou",
  restore: "Restaurou",
  dismiss: "Descartou as denúncias",
  block: "Bloqueou o autor",
  unblock: "Desbloqueou",
  approve_listing: "Aprovou o cadastro",
  reject_listing: "Recusou o cadastro",
  approve_claim: "Aprovou o pedido de dono",
  reject_claim: "Recusou o pedido de dono",
  grant_role: "Papel concedido",
  revoke_role: "Papel retirado",
  approve_event: "Aprovou o evento",
  reject_event: "Recusou o evento",
};

/** Where a reported thing is seen (a comment's or a review's place is on its item's page: public.item_link). */
export function reportedItemHref(kind: Exclude<ReportableKind, "comment" | "review">, id: string): string {
  return kind === "profile" ? `/user/${id}` : hrefOf(kind, id);
}

/** The report form of an item ("Informar erro" opens it with its reason already chosen). */
export function reportHref(kind: ReportableKind, id: string, reason?: ReportReason): string {
  return `/denunciar?tipo=${kind}&id=${id}${reason ? `&motivo=${reason}` : ""}`;
}

/** What the author reads on their own hidden content. */
export const HIDDEN_LABEL = "Oculto pela moderação";

/** Where a reporter goes back to: the list of the kind (the item itself may now be hidden). */
export const KIND_LIST_HREFS: Record<ReportableKind, string> = {
  post: "/posts",
  sell_item: "/sell-items",
  news: "/news",
  profile: "/users",
  business: "/businesses",
  service: "/services",
  driver: "/drivers/all",
  // A reporter of a comment goes back to its item (the form's `voltar`); this is the fallback.
  comment: "/posts",
  // A reporter of a review goes back to its listing (the form's `voltar`); this is the fallback.
  review: "/businesses",
};
