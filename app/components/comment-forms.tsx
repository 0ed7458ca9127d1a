import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { COMMENT_MAX_LENGTH } from "~/lib/comments";
import type { Refused } from "#core/refused";

/**
 * The comment forms (issue #30), loaded apart from the page (React.lazy in comments.tsx) so a
 * post's or an article's first view does not carry them. Each is a fetcher form posting to
 * the item's own page: with JavaScript off the same form is a plain post (303 back to the
 * comment, or the page again with the message and the text kept).
 */

/** Every message of a refusal (the form's and each field's). */
function messagesOf(data: unknown): string[] {
  if (!data || typeof data !== "object" || !("result" in data)) return [];
  const errors = (data as Refused).result?.error as Record<string, string[] | null> | undefined;
  return Object.values(errors ?? {}).flatMap((list) => list ?? []);
}

/** The text a refused submission sent, to put back in its textarea. */
function keptBody(data: unknown): string | undefined {
  if (!data || typeof data !== "object" || !("result" in data)) return undefined;
  const kept = (data as Refused).result?.initialValue as Record<string, unknown> | undefined;
  return typeof kept?.body === "string" ? kept.body : undefined;
}

type FormProps = {
  action: string;
  intent: "comment" | "edit-comment" | "delete-comment";
  formKey: string;
  fields: Record<string, string>;
  /** The page's own refusal of this form (a plain post re-rendered the page). */
  refused: Refused | null;
};

function useCommentFetcher(formKey: string) {
  const fetcher = useFetcher<Refused>({ key: formKey });
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
  return { fetcher, formRef };
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

function Errors({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/** A new comment, a reply or an edit: one textarea and its button. */
export function CommentTextForm(props: FormProps & { label: string; submitLabel: string; defaultBody?: string; autoFocus?: boolean }) {
  const { fetcher, formRef } = useCommentFetcher(props.formKey);
  const result = fetcher.data ?? props.refused;
  const messages = messagesOf(result);
  const errorId = `erro-${props.formKey.replace(/[^a-z0-9-]/gi, "-")}`;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form ref={formRef} method="post" action={props.action} className="space-y-2">
      <Hidden fields={{ intent: props.intent, form: props.formKey, ...props.fields }} />
      <label className="block text-sm font-semibold">
        {props.label}
        <textarea
          name="body"
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          autoFocus={props.autoFocus}
          defaultValue={keptBody(result) ?? props.defaultBody ?? ""}
          key={keptBody(result) === undefined ? "fresh" : "kept"}
          aria-invalid={messages.length ? true : undefined}
          aria-describedby={messages.length ? errorId : undefined}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal dark:border-stone-700 dark:bg-stone-900 aria-[invalid]:border-red-600"
        />
      </label>
      <Errors id={errorId} messages={messages} />
      <Button type="submit" variant="primary" size="md" disabled={busy}>
        {busy ? "Enviando..." : props.submitLabel}
      </Button>
    </fetcher.Form>
  );
}

/** "Excluir": removes the author's comment (what replies hang on stays as "comentário removido"). */
export function DeleteCommentForm(props: FormProps & { label: string }) {
  const { fetcher, formRef } = useCommentFetcher(props.formKey);
  const messages = messagesOf(fetcher.data ?? props.refused);
  return (
    <fetcher.Form ref={formRef} method="post" action={props.action} className="space-y-2">
      <Hidden fields={{ intent: props.intent, form: props.formKey, ...props.fields }} />
      <p className="text-sm">O comentário será apagado. Respostas a ele continuam no lugar.</p>
      <Errors id={`erro-${props.formKey.replace(/[^a-z0-9-]/gi, "-")}`} messages={messages} />
      <Button type="submit" variant="danger" size="sm" disabled={fetcher.state !== "idle"} aria-label={props.label}>
        Confirmar exclusão
      </Button>
    </fetcher.Form>
  );
}
