import { useEffect, useState } from "react";

type Flash = { kind: "success" | "error" | "info"; message: string };

/**
 * The message an action left for the next page. Server-rendered (so it shows with
 * JavaScript off) and announced by screen readers; with JavaScript it fades after 4 s.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!flash) return;
    const timer = window.setTimeout(() => setVisible(false), 4000);
    return () => window.clearTimeout(timer);
  }, [flash]);
  if (!flash || !visible) return null;
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
