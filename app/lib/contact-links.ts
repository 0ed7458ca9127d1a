import { normalizeBrazilianPhone } from "#core/phone";

/**
 * Links a phone can act on: dial, WhatsApp chat with a prefilled message, map, share.
 * Both dial the full international number, so they work from a phone roaming abroad or
 * registered elsewhere; a number we cannot read as Brazilian is dialled as written.
 */
export function telHref(phone: string): string {
  return `tel:${normalizeBrazilianPhone(phone) ?? phone.replace(/[^\d+]/g, "")}`;
}

export function whatsAppChatHref(whatsapp: string, message: string): string {
  const number = normalizeBrazilianPhone(whatsapp)?.slice(1) ?? whatsapp.replace(/\D/g, "");
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

export function whatsAppShareHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** OpenStreetMap search for an address: no API key, works in any browser. */
export function mapHref(address: string, town = "Vila Serena, MG"): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${address}, ${town}`)}`;
}

export function instagramHref(handle: string): string {
  return `https://www.instagram.com/${encodeURIComponent(handle.replace(/^@/, ""))}/`;
}

/** What a resident sends from a service's WhatsApp button, on its card and on its page alike. */
export function serviceWhatsAppMessage(name: string): string {
  return `Olá! Vi ${name} no Guida e gostaria de pedir um orçamento.`;
}
