import { data } from "react-router";
import type { RefusedPage } from "#core/refused";

/** Thrown by a loader: `throw refusePage(403, { title, message, link })` (the page: app/components/error-page.tsx). */
export function refusePage(status: 403 | 404 | 409, page?: RefusedPage) {
  return data(page ?? null, { status });
}
