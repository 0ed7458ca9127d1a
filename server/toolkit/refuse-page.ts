import { data, type UNSAFE_DataWithResponseInit } from "react-router";
import type { RefusedPage } from "#core/refused";

/** Thrown by a loader: `throw refusePage(403, { title, message, link })` (the page: app/components/error-page.tsx). */
export function refusePage(status: 403 | 404 | 409, page?: RefusedPage) {
  return data(page ?? null, { status });
}

/** Whether a caught error is a page refusal (`refusePage`), to be answered as such, not as a crash. */
export function isRefusedPage(error: unknown): error is UNSAFE_DataWithResponseInit<RefusedPage | null> {
  return typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
}
