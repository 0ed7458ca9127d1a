import { Outlet } from "react-router";
import { CartProvider } from "~/components/cart";

/**
 * Layout of /sell-items and /sell-items/{id}: the cart's state lives here, so it follows
 * the resident from the list to an item and back (client navigation) and is dropped on
 * a reload or on leaving the marketplace — the spec's in-memory cart.
 */
export default function Marketplace() {
  return (
    <CartProvider>
      <Outlet />
    </CartProvider>
  );
}
