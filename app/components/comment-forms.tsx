import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { COMMENT_MAX_LENGTH } from "~/lib/comments";
import type { Refused } from "#core/refused";

/**
 * The comment forms (issue #30), hydrated with the page (comments.tsx says why never a lazy
 * chunk). Each is a fetcher form posting to
 * the item's own page: with JavaScript off the same form is a plain post (303 back to the
 * comment, or the page again with the message and the text kept).
 */

/** What a refused submission answered (a plain post's page, or the fetcher's data). */
function resultOf(data: unknown): Refused["result"] | undefined {
  return data && typeof data === "object" && "result" in data ? (data as Refused).result : undefined;
}

/** Every message of a refusal (the form's and each field's). */
export function messagesOf(data: unknown): string[] {
  return Object.values((resultOf(data)?.error ?? {}) as Record<string, string[] | null>).flatMap((list) => list ?? []);
}

export type CommentFormProps = {
  action: string;
  intent: "comment" | "edit-comment" | "delete-comment";
  formKey: string;
  fields: Record<string, string>;
  /** The page's own refusal of this form (a plain post re-rendered the page). */
  refused: Refused | null;
  label: string;
  submitLabel?: string;
  defaultBody?: string;
};

export function Errors({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/**
 * A new comment, a reply or an edit (one textarea and its button), or "Excluir"'s confirmation
 * (delete-comment: removes the author's comment; what replies hang on stays as "comentário removido").
 */
export function CommentForm(props: CommentFormProps) {
  const fetcher = useFetcher<Refused>({ key: props.formKey });
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    // Answered with a redirect (no data): the comment is on the page now, the form starts over.
    else if (sent.current && !fetcher.data) {
      sent.current = false;
      formRef.current?.reset();
      formRef.current?.closest("details")?.removeAttribute("open");
    }
  }, [fetcher.state, fetcher.data]);
  const result = fetcher.data ?? props.refused;
  const messages = messagesOf(result);
  const kept = resultOf(result)?.initialValue as Record<string, unknown> | undefined;
  const keptBody = typeof kept?.body === "string" ? kept.body : undefined;
  const errorId = `erro-${props.formKey.replace(/[^a-z0-9-]/gi, "-")}`;
  const busy = fetcher.state !== "idle";
  const removing = props.intent === "delete-comment";
  return (
    <fetcher.Form ref={formRef} method="post" action={props.action} className="space-y-2">
      {Object.entries({ intent: props.intent, form: props.formKey, ...props.fields }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {removing ? (
        <p className="text-sm">O comentário será apagado. Respostas a ele continuam no lugar.</p>
      ) : (
        <label className="block text-sm font-semibold">
          {props.label}
          <textarea
            name="body"
            rows={3}
            maxLength={COMMENT_MAX_LENGTH}
            defaultValue={keptBody ?? props.defaultBody ?? ""}
            key={keptBody === undefined ? "fresh" : "kept"}
            aria-invalid={messages.length ? true : undefined}
            aria-describedby={messages.length ? errorId : undefined}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal dark:border-stone-700 dark:bg-stone-900 aria-[invalid]:border-red-600"
          />
        </label>
      )}
      <Errors id={errorId} messages={messages} />
      {removing ? (
        <Button type="submit" variant="danger" size="sm" disabled={busy} aria-label={props.label}>
          Confirmar exclusão
        </Button>
      ) : (
        <Button type="submit" variant="primary" size="md" disabled={busy}>
          {busy ? "Enviando..." : props.submitLabel}
        </Button>
      )}
    </fetcher.Form>
  );
}
