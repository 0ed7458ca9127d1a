/**
 * The app's buttons, and links that look like buttons: one pill shape, at least 44 px tall
 * (a thumb's reach), in a few variants and sizes. `<Button>` is a <button>; a link (Link, <a>)
 * takes `buttonClass(...)` as its className.
 */

const VARIANTS = {
  /** The page's main action. */
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  /** Any other action beside it. */
  secondary: "border border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800",
  /** Deleting for good. */
  danger: "bg-red-700 text-white hover:bg-red-800",
  /** Opening WhatsApp (its green, dark enough for white text). */
  whatsapp: "bg-emerald-700 text-white hover:bg-emerald-800",
  /** A quiet action that reads as a link. */
  link: "text-brand-700 underline dark:text-brand-100",
} as const;

const SIZES = {
  xs: "px-3 text-sm",
  sm: "px-4 text-sm",
  md: "px-4",
  /** Forms' submit buttons and dialogs' choices, usually the full width. */
  lg: "px-6",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The classes of a button-looking element; `className` adds layout (width, margin, flex). */
export function buttonClass(variant: ButtonVariant, size: ButtonSize, className?: string): string {
  const classes = `inline-flex min-h-11 items-center justify-center rounded-full font-semibold disabled:opacity-60 ${SIZES[size]} ${VARIANTS[variant]}`;
  return className ? `${classes} ${className}` : classes;
}

type ButtonProps = React.ComponentProps<"button"> & { variant: ButtonVariant; size: ButtonSize };

export function Button({ variant, size, className, ...props }: ButtonProps) {
  return <button className={buttonClass(variant, size, className)} {...props} />;
}
