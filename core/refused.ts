import type { SubmissionResult } from "@conform-to/react";

/**
 * The one shape of a refused submission (server/toolkit/action.ts): which of the page's forms it
 * was (intent) and conform's result, whose "" entry holds the messages about the whole form.
 * Pages and fetchers read it back with refusalOf.
 */
export type Refused = { intent: string; result: SubmissionResult<string[]> };

/** The refusal's form-level messages, if `data` is a refusal (of `intent`, when given). */
export function refusalMessages(data: unknown, intent?: string): string[] {
  if (!data || typeof data !== "object" || !("result" in data)) return [];
  const refused = data as Refused;
  if (intent !== undefined && refused.intent !== intent) return [];
  return (refused.result?.error as Record<string, string[] | null> | undefined)?.[""] ?? [];
}

/** The same, as one text (null when there is none). */
export function refusalOf(data: unknown, intent?: string): string | null {
  const messages = refusalMessages(data, intent);
  return messages.length ? messages.join(" ") : null;
}

/**
 * Every message of the refusal: the form's, then each field's. For forms whose fields are
 * hidden (the moderation queue's kind and id), where no field has a place for its own.
 */
export function everyRefusalMessage(data: unknown): string[] {
  if (!data || typeof data !== "object" || !("result" in data)) return [];
  const errors = ((data as Refused).result?.error ?? {}) as Record<string, string[] | null>;
  const fields = Object.entries(errors).filter(([name]) => name !== "").flatMap(([, messages]) => messages ?? []);
  return [...new Set([...(errors[""] ?? []), ...fields])];
}

/**
 * What a page that cannot be shown says (403, 404, 409…), rendered by the root error
 * boundary the same way for every route (app/components/error-page.tsx). Without one, the
 * status's own words are shown.
 */
export type RefusedPage = { title: string; message: string; link?: { to: string; label: string } };
