import { formatBRL } from "#core/format";
import { addToCart, type Cart, type CartItem, type CartProduct } from "./cart";

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

/** The WhatsApp message about one item, for a page without the cart (JavaScript off or not yet running). */
export function itemOrderHref(product: CartProduct, origin: string): string {
  const [group] = groupBySeller(addToCart([], product));
  return group ? whatsAppOrderHref(group, { origin }) : "";
}
