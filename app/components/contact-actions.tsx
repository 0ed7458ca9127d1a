import { mapHref, telHref, whatsAppChatHref, whatsAppShareHref } from "~/lib/contact-links";
import { buttonClass } from "./ui/button";


/**
 * A business's or a driver's buttons: call, WhatsApp with a prefilled message, the map when
 * there is an address, and sharing the page on WhatsApp. Two to a row; sharing always has a
 * row of its own ("Compartilhar no WhatsApp" wrapped onto two lines in half of a 360 px
 * screen), and the last of the others takes a whole row when it would be alone in one.
 */
export function ContactActions({
  phone,
  whatsapp,
  whatsAppMessage,
  address,
  directions,
  shareText,
}: {
  phone: string | null;
  whatsapp: string | null;
  whatsAppMessage: string;
  address?: string | null;
  /** Directions to the listing's pin (issue #33), built by the loader: instead of an address search. */
  directions?: { google: string; waze: string } | null;
  shareText: string;
}) {
  return (
    // The button before "Compartilhar" spans the row when it would be alone in it (an odd count).
    <section aria-label="Contato" className="grid grid-cols-2 gap-2 [&>:nth-last-child(2):nth-child(odd)]:col-span-2">
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
      {directions ? (
        <>
          <a href={directions.google} className={buttonClass("secondary", "md")} rel="noopener noreferrer" target="_blank">
            Como chegar
          </a>
          <a href={directions.waze} className={buttonClass("secondary", "md")} rel="noopener noreferrer" target="_blank">
            Abrir no Waze
          </a>
        </>
      ) : address ? (
        <a href={mapHref(address)} className={buttonClass("secondary", "md")} rel="noopener noreferrer" target="_blank">
          Ver no mapa
        </a>
      ) : null}
      <a
        href={whatsAppShareHref(shareText)}
        className={buttonClass("secondary", "md", "col-span-2")}
        rel="noopener noreferrer"
        target="_blank"
      >
        Compartilhar no WhatsApp
      </a>
    </section>
  );
}
