import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { REVIEW_MAX_LENGTH, reviewAnchor, type ReviewIntent } from "~/lib/reviews";
import type { Refused } from "#core/refused";

/**
 * The review forms (issue #30): fetcher forms posting to the listing's own page. With
 * JavaScript off each is a plain post (303 back to the review, or the page again with the
 * message and the values kept, 4xx).
 */

/** What a refused submission sent back: its messages and the values typed. */
function refusalOf(data: unknown): { messages: string[]; kept: Record<string, string> } {
  if (!data || typeof data !== "object" || !("result" in data)) return { messages: [], kept: {} };
  const result = (data as Refused).result;
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  return { messages: Object.values(errors).flatMap((list) => list ?? []), kept: (result?.initialValue ?? {}) as Record<string, string> };
}

type FormProps = {
  action: string;
  intent: ReviewIntent;
  formKey: string;
  fields: Record<string, string>;
  /** The page's own refusal of this form (a plain post re-rendered the page). */
  refused: Refused | null;
  label: string;
  submitLabel: string;
  /** The stars and text already given (an edit), or none. */
  defaults?: { stars?: number; body?: string };
};

const fieldClass =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal dark:border-stone-700 dark:bg-stone-900 aria-[invalid]:border-red-600";

/** A review (stars and text) or the owner's answer (text only, intent answer-review). */
export function ReviewForm(props: FormProps) {
  const fetcher = useFetcher<Refused>({ key: props.formKey });
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    // Answered with a redirect (no data): the review is on the page now.
    else if (sent.current && !fetcher.data) {
      sent.current = false;
      formRef.current?.closest("details")?.removeAttribute("open");
    }
  }, [fetcher.state, fetcher.data]);
  const { messages, kept } = refusalOf(fetcher.data ?? props.refused);
  const errorId = `erro-${props.formKey.replace(/[^a-z0-9-]/gi, "-")}`;
  const stars = Number(kept.stars ?? props.defaults?.stars ?? 0);
  const body = kept.body ?? props.defaults?.body ?? "";
  const invalid = messages.length ? true : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form ref={formRef} method="post" action={props.action} className="space-y-3">
      {Object.entries({ intent: props.intent, form: props.formKey, ...props.fields }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.intent === "answer-review" ? null : (
        <fieldset aria-invalid={invalid} aria-describedby={invalid && errorId}>
          <legend className="text-sm font-semibold">{props.label}</legend>
          <div className="mt-1 flex flex-wrap gap-1" key={`estrelas-${stars}`}>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-full border border-stone-300 px-3 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 dark:border-stone-700 dark:has-[:checked]:bg-amber-950">
                <input type="radio" name="stars" value={n} defaultChecked={stars === n} className="size-4" />
                <span aria-hidden="true">{n} ★</span>
                <span className="sr-only">{n === 1 ? "1 estrela" : `${n} estrelas`}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <label className="block text-sm font-semibold">
        {props.intent === "answer-review" ? props.label : "Conte como foi (opcional)"}
        <textarea
          name="body"
          rows={3}
          maxLength={REVIEW_MAX_LENGTH}
          defaultValue={body}
          key={body}
          aria-invalid={invalid}
          aria-describedby={invalid && errorId}
          className={fieldClass}
        />
      </label>
      {messages.length ? (
        <div id={errorId} role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {kept.existingId ? (
            <p>
              {/* A new load (the query): the page then shows the review and its edit form, whatever this tab had. */}
              <a href={`${props.action}?avaliacao=${kept.existingId}#${reviewAnchor(kept.existingId)}`} className="font-semibold underline">
                Ver e editar a sua avaliação
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" variant="primary" size="md" disabled={busy}>
        {busy ? "Enviando..." : props.submitLabel}
      </Button>
    </fetcher.Form>
  );
}
