import { ITEM_KIND_ICONS, type ItemKind } from "#core/item-kinds";

/**
 * An item kind's icon (core/item-kinds.ts), an outline in the text's colour. Decorative:
 * the kind's name is always written beside it, so it is hidden from screen readers.
 */
export function KindIcon({ kind, size = 24, className }: { kind: ItemKind; size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-kind-icon={kind}
      className={className}
    >
      {ITEM_KIND_ICONS[kind].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
