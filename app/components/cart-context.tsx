import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState } from "react";
import { addToCart, cartCount, removeFromCart, setQuantity, type Cart, type CartProduct } from "~/lib/cart";

// The cart's state, read by the sheet (cart.tsx) and its lazily loaded dialog
// (cart-dialog.tsx): a file of its own, so neither imports the other for it.

/** The visit's cart while the marketplace is not on screen (browser memory; never used on the server). */
let visitCart: Cart = [];

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
  // The server always renders an empty cart; the browser picks up the visit's.
  const [cart, dispatch] = useReducer(reducer, undefined, () => (typeof window === "undefined" ? [] : visitCart));
  useEffect(() => {
    visitCart = cart;
  }, [cart]);
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
