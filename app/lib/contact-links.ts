/** Links a phone can act on: dial, WhatsApp chat with a prefilled message, map, share. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function whatsAppChatHref(whatsappDigits: string, message: string): string {
  return `https://wa.me/${whatsappDigits.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;
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
