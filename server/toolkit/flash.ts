import { expireCookie, parseCookieHeader, serializeCookie } from "#core/cookies";
import { isHttps } from "../web/origin";

/**
 * A one-time message after a redirect ("Logout realizado com sucesso!"): set by the
 * action, read and cleared by the next page's root loader, so it shows with or without
 * JavaScript.
 */
export const FLASH_COOKIE = "guida_flash";

export type Flash = { kind: "success" | "error" | "info"; message: string };

export function flashCookie(request: Request, flash: Flash): string {
  return serializeCookie(FLASH_COOKIE, JSON.stringify(flash), {
    httpOnly: true,
    secure: isHttps(request),
    maxAge: 60,
  });
}

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const raw = parseCookieHeader(request.headers.get("Cookie")).get(FLASH_COOKIE);
  if (!raw) return { flash: null, clear: null };
  const clear = expireCookie(FLASH_COOKIE, isHttps(request));
  try {
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (typeof parsed.message !== "string" || !["success", "error", "info"].includes(parsed.kind ?? "")) {
      return { flash: null, clear };
    }
    return { flash: { kind: parsed.kind as Flash["kind"], message: parsed.message.slice(0, 200) }, clear };
  } catch {
    return { flash: null, clear };
  }
}
