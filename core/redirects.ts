/**
 * A redirect target is honoured only when it is a path on this site: one leading "/",
 * not "//" or "/\" (which browsers read as another host), no control characters.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const target = value.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://guida.invalid");
    if (url.origin !== "http://guida.invalid") return fallback;
    // Dot segments collapse on parsing: "/.//evil.example" becomes "//evil.example".
    const path = url.pathname + url.search + url.hash;
    return path.startsWith("//") ? fallback : path;
  } catch {
    return fallback;
  }
}
