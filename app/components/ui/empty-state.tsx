import { cardClass } from "./card";

/** What a list says when it has nothing to show ("Nenhum anúncio ainda."), on a card. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return <p className={cardClass("p-4 text-stone-600 dark:text-stone-300")}>{children}</p>;
}
