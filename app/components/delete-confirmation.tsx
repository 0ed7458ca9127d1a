import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * A second step before deleting that needs no JavaScript: a disclosure holding the form that
 * posts `intent=delete` to the page's own action, with what will be lost spelled out.
 */
export function DeleteConfirmation({
  label,
  warning,
  busy,
  confirmLabel = "Confirmar exclusão",
}: {
  label: string;
  warning: string;
  busy: boolean;
  confirmLabel?: string;
}) {
  return (
    <details className="group rounded-xl border border-red-200 p-3 dark:border-red-900">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-red-700 dark:text-red-300">
        <span>{label}</span>
        <span aria-hidden="true" className="ml-auto text-xl transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <Form method="post" className="mt-2 space-y-2">
        <p className="text-sm text-stone-700 dark:text-stone-300">{warning}</p>
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" disabled={busy} variant="danger" size="lg" className="w-full">
          {confirmLabel}
        </Button>
      </Form>
    </details>
  );
}
