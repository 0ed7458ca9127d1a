/**
 * A link that reads as a link ("Cadastrar negócio", "Voltar para os posts") but is a thumb's
 * height (44 px) tall. `small` is the size beside a title or under a card; `className` adds layout.
 */
export function textLinkClass({ small = false, className }: { small?: boolean; className?: string } = {}): string {
  const classes = small
    ? "inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-100"
    : "inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-100";
  return className ? `${classes} ${className}` : classes;
}
