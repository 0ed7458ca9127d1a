import { lazy, Suspense, useRef, useState } from "react";
import { cartCount, type CartProduct } from "~/lib/cart";
import { buttonClass } from "~/components/ui/button";
import { useCart } from "./cart-context";

export { CartProvider } from "./cart-context";

/**
 * The marketplace cart (the spec: in memory only). It is React state in the marketplace
 * layout route, kept for the whole visit in this module's memory: leaving the marketplace
 * and coming back finds it as it was, and a reload — or signing out, which reloads the
 * page — empties it. Nothing is written to localStorage or cookies. Only the marketplace
 * routes import this module; the Radix Dialog of the sheet loads on demand (cart-dialog.tsx).
 */

/**
 * Rendered with the page but shown only once the page is hydrated (the `js-only` rule in
 * app.css): before that, or if its scripts never arrive, the item's WhatsApp button
 * (WhatsAppWithoutCart) stands in its place.
 */
export function AddToCartButton({ product, className = "" }: { product: CartProduct; className?: string }) {
  const { add } = useCart();
  return (
    <button
      type="button"
      onClick={() => add(product)}
      aria-label={`Adicionar ao carrinho: ${product.title}`}
      className={buttonClass("primary", "sm", `js-only gap-2 ${className}`)}
    >
      <CartIcon />
      Adicionar ao carrinho
    </button>
  );
}

export function CartIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.4 11.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6" />
    </svg>
  );
}

// The sheet's code (Radix Dialog and the cart lines) is fetched when a resident reaches for
// the button, not with the page: the marketplace's first view stays as light as the others.
const CartDialog = lazy(() => import("./cart-dialog"));
const preloadCartDialog = () => void import("./cart-dialog");

/** The cart button and the sheet it opens (a Radix Dialog sliding from the bottom, see cart-dialog.tsx). */
export function CartSheet() {
  const { cart } = useCart();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The button only works with JavaScript: hidden (`js-only`, app.css) until the page is
  // hydrated, its box's height kept by the heading row (min-h-11) so nothing jumps.
  const count = cartCount(cart);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={count === 0 ? "Abrir carrinho (vazio)" : `Abrir carrinho (${count} ${count === 1 ? "item" : "itens"})`}
        onPointerEnter={preloadCartDialog}
        onTouchStart={preloadCartDialog}
        onFocus={preloadCartDialog}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={buttonClass("secondary", "sm", "js-only relative shrink-0 gap-2 bg-white dark:bg-stone-900")}
      >
        <CartIcon size={20} />
        Carrinho
        {count > 0 ? (
          <span data-testid="cart-count" className="min-w-6 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-6 text-white">
            {count}
          </span>
        ) : null}
      </button>
      {/* Mounted from the first opening on, so closing returns focus to the button. */}
      {wanted ? (
        <Suspense fallback={null}>
          <CartDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The cart's view of a listed item. */
export function toCartProduct(item: {
  id: string;
  title: string;
  price: string;
  image: string | null;
  sellerId: string;
  sellerName: string;
  sellerUsername: string;
}): CartProduct {
  return {
    id: item.id,
    title: item.title,
    price: item.price,
    image: item.image,
    sellerId: item.sellerId,
    sellerName: item.sellerName,
    sellerUsername: item.sellerUsername,
  };
}

/**
 * Without JavaScript there is no cart: one line says so where the cart button would be…
 * (a <noscript>: with JavaScript on, nothing of it renders).
 */
export function CartNeedsJavaScript() {
  return (
    <noscript>
      <p className="rounded-xl bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-100 dark:ring-amber-500/40">
        O carrinho precisa de JavaScript; sem ele, use o botão WhatsApp de cada item para falar com quem vende.
      </p>
    </noscript>
  );
}

/**
 * …and each item offers its own WhatsApp message to the seller instead of "Adicionar ao
 * carrinho": also with JavaScript on until the page is hydrated (`no-js-only`, app.css), so
 * a page whose scripts are late or never arrive still reaches the seller. `href` is the
 * loader's (lib/cart-order.ts itemOrderHref): the message's code stays off the first view.
 */
export function WhatsAppWithoutCart({ href, title, className = "" }: { href: string; title: string; className?: string }) {
  return (
    <a href={href} className={buttonClass("whatsapp", "sm", `no-js-only ${className}`)} rel="noopener noreferrer" target="_blank">
      WhatsApp<span className="sr-only"> sobre {title}</span>
    </a>
  );
}
