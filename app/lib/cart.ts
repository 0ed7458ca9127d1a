import { formatBRL } from "./format";

/**
 * The marketplace cart (the spec, point 4): pure functions over an immutable list, so
 * the rules are unit-tested here and the React provider only holds the current value.
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

/**
 * A price in reais as integer centavos. Decimal text is read digit by digit (no float
 * on the way); a number is rounded to the nearest centavo. Anything else is a bug upstream.
 */
export function priceToCents(price: string | number): number {
  if (typeof price === "number") {
    if (!Number.isFinite(price) || price < 0) throw new RangeError(`not a price: ${price}`);
    return Math.round(price * 100);
  }
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) throw new RangeError(`not a price: ${JSON.stringify(price)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export function lineTotal(item: CartItem): number {
  return priceToCents(item.price) * item.quantity;
}

/** The total is the sum of price × quantity, in centavos. */
export function cartTotal(cart: Cart): number {
  return cart.reduce((sum, item) => sum + lineTotal(item), 0);
}

/** How many units the cart holds (the badge on the cart button). */
export function cartCount(cart: Cart): number {
  return cart.reduce((sum, item) => sum + item.quantity, 0);
}

export function formatCents(cents: number): string {
  return formatBRL(cents / 100);
}

export type SellerGroup = {
  sellerId: string;
  sellerName: string;
  sellerUsername: string;
  items: CartItem[];
  totalCents: number;
};

/** One group per seller, in the order their first item was added: each seller gets one order. */
export function groupBySeller(cart: Cart): SellerGroup[] {
  const groups = new Map<string, SellerGroup>();
  for (const item of cart) {
    let group = groups.get(item.sellerId);
    if (!group) {
      group = { sellerId: item.sellerId, sellerName: item.sellerName, sellerUsername: item.sellerUsername, items: [], totalCents: 0 };
      groups.set(item.sellerId, group);
    }
    group.items.push(item);
    group.totalCents += lineTotal(item);
  }
  return [...groups.values()];
}

/**
 * The message a buyer sends one seller: each item with quantity, unit price and line
 * total, then the order total. With `origin`, each item carries its link so the seller
 * knows exactly which ad it is.
 */
export function whatsAppOrderText(group: SellerGroup, options: { origin?: string } = {}): string {
  const lines = group.items.map((item) => {
    const unit = formatCents(priceToCents(item.price));
    const link = options.origin ? ` ${options.origin}/sell-items/${item.id}` : "";
    return `• ${item.quantity}× ${item.title} — ${unit} cada = ${formatCents(lineTotal(item))}${link}`;
  });
  return [
    `Olá, ${group.sellerName}! Vi seus anúncios no Guida e quero comprar:`,
    ...lines,
    `Total: ${formatCents(group.totalCents)}`,
    "Ainda está disponível?",
  ].join("\n");
}

/**
 * The seller's phone is private (profile_private is readable only by its owner), so the
 * link names no number: wa.me/?text= opens WhatsApp with the order written and lets the
 * buyer pick the seller's chat. Exposing phones would need an explicit opt-in first.
 */
export function whatsAppOrderHref(group: SellerGroup, options: { origin?: string } = {}): string {
  return `https://wa.me/?text=${encodeURIComponent(whatsAppOrderText(group, options))}`;
}
