import type { ReactNode } from "react";

/**
 * A page's title and, beside it, its actions ("Novo post", "Cadastrar negócio"); they drop
 * under the title when both do not fit on a phone's line.
 */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}
