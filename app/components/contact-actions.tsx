import { mapHref, telHref, whatsAppChatHref, whatsAppShareHref } from "~/lib/contact-links";
import { buttonClass } from "./ui/button";

/**
 * A business's or a driver's buttons: call, WhatsApp with a prefilled message, the map when
 * there is an address, and sharing the page on WhatsApp. Two to a row; `wideShare` gives the
 * share button a row of its own (a driver has no map button to pair it with).
 */
export function ContactActions({
  phone,
  whatsapp,
  whatsAppMessage,
  address,
  shareText,
  wideShare = false,
}: {
  phone: string | null;
  whatsapp: string | null;
  whatsAppMessage: string;
  address?: string | null;
  shareText: string;
  wideShare?: boolean;
}) {
  return (
    <section aria-label="Contato" className="grid grid-cols-2 gap-2">
      {phone ? (
        <a href={telHref(phone)} className={buttonClass("primary", "md")}>
          Ligar
        </a>
      ) : null}
      {whatsapp ? (
        <a href={whatsAppChatHref(whatsapp, whatsAppMessage)} className={buttonClass("whatsapp", "md")} rel="noopener noreferrer" target="_blank">
          WhatsApp
        </a>
      ) : null}
      {address ? (
        <a href={mapHref(address)} className={buttonClass("secondary", "md")} rel="noopener noreferrer" target="_blank">
          Ver no mapa
        </a>
      ) : null}
      <a
        href={whatsAppShareHref(shareText)}
        className={buttonClass("secondary", "md", wideShare ? "col-span-2" : undefined)}
        rel="noopener noreferrer"
        target="_blank"
      >
        Compartilhar no WhatsApp
      </a>
    </section>
  );
}
