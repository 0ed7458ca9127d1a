/**
 * The marketplace cart (the spec, point 4): pure functions over an immutable list, so
 * the rules are unit-tested here and the React provider only holds the current value.
 * The order side (prices in centavos, one WhatsApp message per seller) is cart-order.ts:
 * the cart sheet and the server need it, a page's first view does not.
 * Money is counted in whole centavos: prices arrive as the database's numeric(12,2)
 * text ("1234.50"), and adding floats (0.1 + 0.2) would drift.
 */

/** What the marketplace knows about an item when it is added. */
export type CartProduct = {
  id: string;
  title: string;
  /** Reais, as numeric(12,2) text ("1234.50") or a number. */
  price: string | number;
  image: string | null;
  sellerId: string;
  sellerName: string;
  sellerUsername: string;
};

/** The spec's cart item: id, price, quantity, plus the item's own fields. */
export type CartItem = CartProduct & { quantity: number };

export type Cart = readonly CartItem[];

/** A neighbour sells one of each thing; 99 keeps a typo from ordering a thousand. */
export const MAX_CART_QUANTITY = 99;

/** Adding an item already in the cart raises its quantity by 1; a new item starts at 1. */
export function addToCart(cart: Cart, product: CartProduct): Cart {
  const existing = cart.find((item) => item.id === product.id);
  if (!existing) return [...cart, { ...product, quantity: 1 }];
  return cart.map((item) =>
    item.id === product.id ? { ...item, quantity: Math.min(item.quantity + 1, MAX_CART_QUANTITY) } : item,
  );
}

/**
 * Setting a quantity of 0 or less removes the item. Quantities are whole units (a
 * fraction is rounded down first, so 0.5 removes too); something that is not a number
 * at all (an emptied input) leaves the cart as it was.
 */
export function setQuantity(cart: Cart, id: string, quantity: number): Cart {
  if (!Number.isFinite(quantity)) return cart;
  const whole = Math.floor(quantity);
  if (whole <= 0) return removeFromCart(cart, id);
  if (!cart.some((item) => item.id === id)) return cart;
  return cart.map((item) => (item.id === id ? { ...item, quantity: Math.min(whole, MAX_CART_QUANTITY) } : item));
}

export function removeFromCart(cart: Cart, id: string): Cart {
  return cart.some((item) => item.id === id) ? cart.filter((item) => item.id !== id) : cart;
}

export function cartCount(cart: Cart): number {
  return cart.reduce((sum, item) => sum + item.quantity, 0);
}
