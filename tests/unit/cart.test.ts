import { describe, expect, it } from "vitest";
import { addToCart, cartCount, MAX_CART_QUANTITY, removeFromCart, setQuantity, type Cart, type CartProduct } from "~/lib/cart";
import { cartTotal, formatCents, groupBySeller, priceToCents, whatsAppOrderHref, whatsAppOrderText } from "~/lib/cart-order";
import { formatBRL } from "#core/format";

const ana = { sellerId: "seller-ana", sellerName: "Ana Clara Souza", sellerUsername: "ana_souza" };
const tiao = { sellerId: "seller-tiao", sellerName: "Sebastião Rodrigues", sellerUsername: "tiao_rodrigues" };

const bike: CartProduct = { id: "bike", title: "Bicicleta aro 29", price: "1200.00", image: null, ...ana };
const lamp: CartProduct = { id: "lamp", title: "Luminária de mesa", price: "0.10", image: "/media/photo/x", ...tiao };
const chair: CartProduct = { id: "chair", title: "Cadeira de palha", price: "0.20", image: null, ...ana };

const empty: Cart = [];

describe("addToCart", () => {
  it("a new item starts at quantity 1", () => {
    const cart = addToCart(empty, bike);
    expect(cart).toEqual([{ ...bike, quantity: 1 }]);
  });

  it("adding an item already in the cart raises its quantity by 1", () => {
    let cart = addToCart(empty, bike);
    cart = addToCart(cart, lamp);
    cart = addToCart(cart, bike);
    expect(cart.map((i) => [i.id, i.quantity])).toEqual([
      ["bike", 2],
      ["lamp", 1],
    ]);
  });

  it("keeps the order items were first added", () => {
    const cart = [lamp, bike, lamp, chair, bike].reduce(addToCart, empty);
    expect(cart.map((i) => i.id)).toEqual(["lamp", "bike", "chair"]);
  });

  it("never mutates the cart it is given", () => {
    const before = addToCart(empty, bike);
    const frozen = Object.freeze(before.map((item) => Object.freeze({ ...item })));
    const after = addToCart(frozen, bike);
    expect(frozen[0]!.quantity).toBe(1);
    expect(after[0]!.quantity).toBe(2);
    expect(addToCart(frozen, lamp)).not.toBe(frozen);
  });

  it(`stops at ${MAX_CART_QUANTITY} units`, () => {
    let cart = setQuantity(addToCart(empty, bike), "bike", MAX_CART_QUANTITY);
    cart = addToCart(cart, bike);
    expect(cart[0]!.quantity).toBe(MAX_CART_QUANTITY);
  });
});

describe("setQuantity", () => {
  const cart = [bike, lamp].reduce(addToCart, empty);

  it("sets the quantity of an item", () => {
    expect(setQuantity(cart, "lamp", 5).find((i) => i.id === "lamp")?.quantity).toBe(5);
  });

  it.each([0, -1, -100, 0.5, -0.1])("a quantity of %d removes the item", (quantity) => {
    const next = setQuantity(cart, "bike", quantity);
    expect(next.map((i) => i.id)).toEqual(["lamp"]);
  });

  it("rounds fractions down to whole units", () => {
    expect(setQuantity(cart, "bike", 2.9)[0]!.quantity).toBe(2);
  });

  it("caps the quantity", () => {
    expect(setQuantity(cart, "bike", 1000)[0]!.quantity).toBe(MAX_CART_QUANTITY);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("ignores %d (an emptied input)", (quantity) => {
    expect(setQuantity(cart, "bike", quantity)).toBe(cart);
  });

  it("an unknown id changes nothing", () => {
    expect(setQuantity(cart, "nope", 3)).toBe(cart);
    expect(setQuantity(cart, "nope", 0)).toBe(cart);
  });
});

describe("removeFromCart", () => {
  it("removes the item whatever its quantity", () => {
    const cart = [bike, bike, bike, lamp].reduce(addToCart, empty);
    expect(removeFromCart(cart, "bike").map((i) => i.id)).toEqual(["lamp"]);
  });

  it("an unknown id returns the same cart", () => {
    const cart = addToCart(empty, bike);
    expect(removeFromCart(cart, "nope")).toBe(cart);
  });
});

describe("priceToCents", () => {
  it.each([
    ["1200.00", 120000],
    ["0.10", 10],
    ["0.1", 10],
    ["35", 3500],
    ["9999999.99", 999999999],
    ["10000000.00", 1000000000],
    [" 12.34 ", 1234],
    [0.1, 10],
    [1234.56, 123456],
    [19.99, 1999],
  ] as const)("%j → %d centavos", (price, cents) => {
    expect(priceToCents(price)).toBe(cents);
  });

  it.each(["", "abc", "-5", "1.234,56", "1.999", "1e3", Number.NaN, -1, Number.POSITIVE_INFINITY])("refuses %j", (price) => {
    expect(() => priceToCents(price)).toThrow(RangeError);
  });
});

describe("cartTotal", () => {
  it("is 0 for an empty cart", () => {
    expect(cartTotal(empty)).toBe(0);
    expect(formatCents(cartTotal(empty))).toBe(formatBRL(0));
  });

  it("is the sum of price × quantity, without float drift", () => {
    // 0.10 + 0.20 in floats is 0.30000000000000004; in centavos it is exactly 30.
    let cart = [lamp, chair].reduce(addToCart, empty);
    expect(cartTotal(cart)).toBe(30);
    cart = setQuantity(addToCart(cart, bike), "lamp", 3);
    expect(cartTotal(cart)).toBe(120000 + 3 * 10 + 20);
    expect(formatCents(cartTotal(cart))).toBe(formatBRL(1200.5));
  });

  it("handles the largest prices the database allows", () => {
    const car: CartProduct = { ...bike, id: "car", price: "10000000.00" };
    const cart = setQuantity(addToCart(empty, car), "car", MAX_CART_QUANTITY);
    expect(cartTotal(cart)).toBe(99 * 1_000_000_000);
    expect(Number.isSafeInteger(cartTotal(cart))).toBe(true);
  });

  it("follows quantity changes and removals", () => {
    let cart = [bike, lamp, bike].reduce(addToCart, empty);
    expect(cartTotal(cart)).toBe(2 * 120000 + 10);
    cart = setQuantity(cart, "bike", 0);
    expect(cartTotal(cart)).toBe(10);
    cart = removeFromCart(cart, "lamp");
    expect(cartTotal(cart)).toBe(0);
  });
});

describe("cartCount", () => {
  it("sums the quantities", () => {
    expect(cartCount(empty)).toBe(0);
    expect(cartCount([bike, lamp, bike].reduce(addToCart, empty))).toBe(3);
  });
});

describe("groupBySeller", () => {
  it("groups items by seller in the order each seller first appeared, with subtotals", () => {
    const cart = [lamp, bike, chair, lamp].reduce(addToCart, empty);
    const groups = groupBySeller(cart);
    expect(groups.map((g) => [g.sellerName, g.items.map((i) => i.id), g.totalCents])).toEqual([
      ["Sebastião Rodrigues", ["lamp"], 20],
      ["Ana Clara Souza", ["bike", "chair"], 120020],
    ]);
    expect(groups.reduce((sum, g) => sum + g.totalCents, 0)).toBe(cartTotal(cart));
  });

  it("is empty for an empty cart", () => {
    expect(groupBySeller(empty)).toEqual([]);
  });
});

describe("whatsAppOrderText", () => {
  const cart = [bike, chair, bike].reduce(addToCart, empty);
  const [group] = groupBySeller(cart);

  it("greets the seller and lists each item with quantity, unit price, line total and the order total", () => {
    expect(whatsAppOrderText(group!)).toBe(
      [
        "Olá, Ana Clara Souza! Vi seus anúncios no Guida e quero comprar:",
        `• 2× Bicicleta aro 29 — ${formatBRL(1200)} cada = ${formatBRL(2400)}`,
        `• 1× Cadeira de palha — ${formatBRL(0.2)} cada = ${formatBRL(0.2)}`,
        `Total: ${formatBRL(2400.2)}`,
        "Ainda está disponível?",
      ].join("\n"),
    );
  });

  it("links each item when the site's origin is known", () => {
    const text = whatsAppOrderText(group!, { origin: "https://guida.example" });
    expect(text).toContain("https://guida.example/sell-items/bike");
    expect(text).toContain("https://guida.example/sell-items/chair");
  });

  it("builds a wa.me link with no number (the phone is private) carrying the text", () => {
    const href = whatsAppOrderHref(group!);
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(href.slice("https://wa.me/?text=".length))).toBe(whatsAppOrderText(group!));
  });
});
