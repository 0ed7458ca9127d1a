/**
 * A card: the white, rounded, lightly shadowed surface every list item, detail block and
 * notice sits on. Cards are list items, sections, links or paragraphs, so this is a class
 * name rather than an element; `interactive` is for a card that is itself a link.
 */
export function cardClass(className?: string, { interactive = false }: { interactive?: boolean } = {}): string {
  const classes = interactive
    ? "rounded-xl bg-white shadow-sm hover:bg-stone-100 dark:bg-stone-900 dark:hover:bg-stone-800"
    : "rounded-xl bg-white shadow-sm dark:bg-stone-900";
  return className ? `${classes} ${className}` : classes;
}
