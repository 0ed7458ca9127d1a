/** "Vendido" on an ad that was marked sold: it stays listed so favorites and links still lead somewhere. */
export function SoldBadge({ className = "" }: { className?: string }) {
  return (
    <span
      data-testid="sold-badge"
      className={`inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900 dark:bg-amber-900 dark:text-amber-50 ${className}`}
    >
      Vendido
    </span>
  );
}
