import { type RefObject, useState } from "react";
import { MAX_CART_QUANTITY, type CartItem } from "~/lib/cart";
import { cartTotal, formatCents, groupBySeller, lineTotal, priceToCents, whatsAppOrderHref } from "~/lib/cart-order";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { useCart } from "./cart-context";
import { Picture } from "./picture";

/**
 * The cart's sheet: a Radix Dialog sliding from the bottom, with one group per seller and
 * its WhatsApp checkout. Loaded only when a resident opens the cart (see CartSheet).
 */
export default function CartDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cart button: it opens the sheet without being a Dialog.Trigger, so focus is sent back by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
      className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[88dvh] max-w-3xl flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none dark:bg-stone-900"
    >
      <CartContents />
    </Dialog>
  );
}

function CartContents() {
  const { cart } = useCart();
  const groups = groupBySeller(cart);
  const origin = typeof window === "undefined" ? undefined : window.location.origin;
  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b border-stone-200 px-4 pb-3 pt-4 dark:border-stone-800">
        <div>
          <DialogTitle className="text-lg font-bold">Seu carrinho</DialogTitle>
          <DialogDescription className="text-sm text-stone-600 dark:text-stone-300">
            Fica só nesta página: ao recarregar ou sair das vendas, ele se esvazia.
          </DialogDescription>
        </div>
        <DialogClose
          aria-label="Fechar carrinho"
          className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-stone-100 dark:hover:bg-stone-800"
        >
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </DialogClose>
      </div>
      <div className="flex-1 space-y-5 overflow-y-auto px-4 py-4">
        {groups.length === 0 ? (
          <p className="py-6 text-center text-stone-600 dark:text-stone-300">Seu carrinho está vazio.</p>
        ) : (
          groups.map((group) => (
            <section key={group.sellerId} aria-labelledby={`vendedor-${group.sellerId}`} className="space-y-3">
              <h3 id={`vendedor-${group.sellerId}`} className="text-sm font-semibold text-stone-600 dark:text-stone-300">
                {/* Plain text, not a link: leaving the marketplace would empty the cart. */}
                Vendido por <span className="text-stone-900 dark:text-stone-100">{group.sellerName}</span>
              </h3>
              <ul className="space-y-3">
                {group.items.map((item) => (
                  <CartLine key={item.id} item={item} />
                ))}
              </ul>
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-100 p-3 dark:bg-stone-800">
                <p className="text-sm">
                  Subtotal: <strong>{formatCents(group.totalCents)}</strong>
                </p>
                <a
                  href={whatsAppOrderHref(group, { origin })}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Finalizar pelo WhatsApp com ${group.sellerName}`}
                  className="inline-flex min-h-11 items-center justify-center rounded-full bg-[#128c4a] px-4 text-sm font-semibold text-white hover:bg-[#0e6e3a]"
                >
                  Finalizar pelo WhatsApp
                </a>
              </div>
            </section>
          ))
        )}
      </div>
      {groups.length > 0 ? (
        <div className="border-t border-stone-200 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 dark:border-stone-800">
          <p className="flex items-baseline justify-between text-lg">
            <span>Total</span>
            <strong data-testid="cart-total">{formatCents(cartTotal(cart))}</strong>
          </p>
          <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">
            O pagamento e a entrega você combina com cada vendedor pelo WhatsApp.
          </p>
        </div>
      ) : null}
    </>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { setQuantity: set, remove } = useCart();
  // The typed text, kept apart from the quantity so an emptied field can be retyped;
  // it follows the quantity whenever the buttons change it.
  const [draft, setDraft] = useState(String(item.quantity));
  const [shown, setShown] = useState(item.quantity);
  if (shown !== item.quantity) {
    setShown(item.quantity);
    setDraft(String(item.quantity));
  }
  const inputId = `quantidade-${item.id}`;
  const stepClass =
    "flex size-11 items-center justify-center rounded-full border border-stone-300 text-lg font-semibold hover:bg-stone-100 disabled:opacity-40 dark:border-stone-700 dark:hover:bg-stone-800";
  return (
    <li className="flex gap-3" data-testid="cart-item">
      <Picture image={item.image} alt="" sizes="64px" placeholder={item.title} className="size-16 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold leading-tight break-words">{item.title}</p>
            <p className="text-sm text-stone-600 dark:text-stone-300">{formatCents(priceToCents(item.price))} cada</p>
          </div>
          <p className="shrink-0 font-semibold">
            <span className="sr-only">Total deste item: </span>
            {formatCents(lineTotal(item))}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <button type="button" className={stepClass} aria-label={`Diminuir quantidade de ${item.title}`} onClick={() => set(item.id, item.quantity - 1)}>
            −
          </button>
          <label htmlFor={inputId} className="sr-only">
            Quantidade de {item.title}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_CART_QUANTITY}
            step={1}
            value={draft}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setDraft(text);
              if (text.trim() !== "") set(item.id, Number(text));
            }}
            onBlur={() => setDraft(String(item.quantity))}
            className="h-11 w-14 rounded-lg border border-stone-300 bg-white text-center text-base dark:border-stone-700 dark:bg-stone-900"
          />
          <button
            type="button"
            className={stepClass}
            aria-label={`Aumentar quantidade de ${item.title}`}
            disabled={item.quantity >= MAX_CART_QUANTITY}
            onClick={() => set(item.id, item.quantity + 1)}
          >
            +
          </button>
          <button
            type="button"
            onClick={() => remove(item.id)}
            className="ml-auto min-h-11 rounded-full px-3 text-sm font-semibold text-red-700 underline hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            aria-label={`Remover ${item.title} do carrinho`}
          >
            Remover
          </button>
        </div>
      </div>
    </li>
  );
}

