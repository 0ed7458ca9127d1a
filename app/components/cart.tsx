import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useReducer, useRef, useState, useSyncExternalStore } from "react";
import { addToCart, cartCount, removeFromCart, setQuantity, type Cart, type CartProduct } from "~/lib/cart";
import { buttonClass } from "~/components/ui/button";

/**
 * The marketplace cart (the spec: in memory only). It is React state in the marketplace
 * layout route: it survives moving between /sell-items pages and item pages, and is gone
 * on a reload or when the resident leaves the marketplace — nothing is written to
 * localStorage or cookies. Only the marketplace routes import this module; the Radix Dialog
 * of the sheet loads on demand (cart-dialog.tsx).
 */

type CartAction =
  | { type: "add"; product: CartProduct }
  | { type: "set"; id: string; quantity: number }
  | { type: "remove"; id: string };

function reducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case "add":
      return addToCart(cart, action.product);
    case "set":
      return setQuantity(cart, action.id, action.quantity);
    case "remove":
      return removeFromCart(cart, action.id);
  }
}

type CartValue = {
  cart: Cart;
  add(product: CartProduct): void;
  setQuantity(id: string, quantity: number): void;
  remove(id: string): void;
};

const CartContext = createContext<CartValue | undefined>(undefined);

export function CartProvider({ children }: { children: React.ReactNode }) {
  const [cart, dispatch] = useReducer(reducer, [] as Cart);
  // What a screen reader hears after "Adicionar ao carrinho": the button itself does not change.
  const [announcement, setAnnouncement] = useState("");
  const add = useCallback(
    (product: CartProduct) => {
      dispatch({ type: "add", product });
      // The count makes each announcement different, so adding the same item twice is heard twice.
      const count = cartCount(addToCart(cart, product));
      setAnnouncement(`${product.title} adicionado ao carrinho (${count} ${count === 1 ? "item" : "itens"} no total).`);
    },
    [cart],
  );
  const value = useMemo<CartValue>(
    () => ({
      cart,
      add,
      setQuantity: (id, quantity) => dispatch({ type: "set", id, quantity }),
      remove: (id) => dispatch({ type: "remove", id }),
    }),
    [cart, add],
  );
  return (
    <CartContext.Provider value={value}>
      {children}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </CartContext.Provider>
  );
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (value === undefined) throw new Error("useCart must be used within a CartProvider");
  return value;
}

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true after: the cart exists only in the
 * browser's memory, so its controls are not rendered without JavaScript.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function AddToCartButton({ product, className = "" }: { product: CartProduct; className?: string }) {
  const hydrated = useHydrated();
  const { add } = useCart();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => add(product)}
      aria-label={`Adicionar ao carrinho: ${product.title}`}
      className={buttonClass("primary", "sm", `gap-2 ${className}`)}
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
  const hydrated = useHydrated();
  const { cart } = useCart();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The button only works with JavaScript; until then an empty box of its height keeps
  // the heading row from growing (and the list from jumping) at hydration.
  if (!hydrated) return <span aria-hidden="true" className="inline-block min-h-11 shrink-0" />;
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
        className={buttonClass("secondary", "sm", "relative shrink-0 gap-2 bg-white dark:bg-stone-900")}
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
