import { useEffect, useState } from "react";
import { notify } from "~/components/ui/toast";

type Flash = { kind: "success" | "error" | "info"; message: string };

/**
 * The message an action left for the next page ("Logout realizado com sucesso!").
 * Server-rendered as a status message, so it shows with JavaScript off; once hydrated it
 * moves into the toast system. Both are announced to screen readers.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const [handedOver, setHandedOver] = useState(false);
  useEffect(() => {
    if (!flash) return;
    notify({ message: flash.message, kind: flash.kind });
    setHandedOver(true);
  }, [flash]);
  if (!flash || handedOver) return null;
  const tone =
    flash.kind === "error"
      ? "bg-red-50 text-red-900 border-red-200 dark:bg-red-950 dark:text-red-100 dark:border-red-900"
      : "bg-brand-50 text-brand-900 border-brand-100 dark:bg-brand-900 dark:text-brand-50 dark:border-brand-700";
  return (
    <div role={flash.kind === "error" ? "alert" : "status"} className={`mb-4 rounded-xl border px-4 py-3 text-sm font-medium ${tone}`}>
      {flash.message}
    </div>
  );
}
