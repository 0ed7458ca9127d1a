import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import {
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_WIDTH_PX,
  TOASTER_VISIBLE_TOASTS,
  createSimpleToastStore,
  type SimpleToast,
} from "~/lib/toast-store";

/** The simple store (at most one toast): inline notices such as "Login required". */
export const simpleToasts = createSimpleToastStore();

export function SimpleToaster() {
  const toasts = useSyncExternalStore(simpleToasts.subscribe, simpleToasts.get, () => [] as SimpleToast[]);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-4 bottom-24 z-50 mx-auto flex max-w-sm flex-col gap-2">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === "destructive" ? "alert" : "status"}
          data-testid="simple-toast"
          className={`pointer-events-auto rounded-xl px-4 py-3 text-sm shadow-lg ${
            t.variant === "destructive" ? "bg-red-700 text-white" : "bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-900"
          }`}
        >
          <p className="font-semibold">{t.title}</p>
          {t.description ? <p>{t.description}</p> : null}
        </div>
      ))}
    </div>
  );
}

/**
 * The second system is sonner, loaded on the first toast so pages that never toast do not
 * pay for it. Calls made before it loads are queued and replayed once the Toaster mounts.
 */
type Notice = { message: string; description?: string; duration?: number; kind?: "success" | "error" | "info" };
const pending: Notice[] = [];
let requestMount: (() => void) | null = null;
let deliver: ((notice: Notice) => void) | null = null;

export function notify(notice: Notice) {
  if (deliver) {
    deliver(notice);
    return;
  }
  pending.push(notice);
  requestMount?.();
}

const SonnerToaster = lazy(async () => {
  const sonner = await import("sonner");
  function Mounted() {
    useEffect(() => {
      deliver = (n) => {
        const options = { description: n.description, duration: n.duration ?? TOAST_DURATION_MS };
        if (n.kind === "error") sonner.toast.error(n.message, options);
        else if (n.kind === "success") sonner.toast.success(n.message, options);
        else sonner.toast(n.message, options);
      };
      for (const n of pending.splice(0)) deliver(n);
      return () => {
        deliver = null;
      };
    }, []);
    return (
      <sonner.Toaster
        visibleToasts={TOASTER_VISIBLE_TOASTS}
        duration={TOAST_DURATION_MS}
        gap={TOAST_GAP_PX}
        // The width goes to sonner's own variable, not to each toast: on a phone sonner then
        // narrows the toast to the screen (16 px each side) instead of letting 356 px run off it.
        style={{ "--width": `${TOAST_WIDTH_PX}px` } as React.CSSProperties}
        position="top-center"
        closeButton
        containerAriaLabel="Notificações"
      />
    );
  }
  return { default: Mounted };
});

export function LazyToaster() {
  const [wanted, setWanted] = useState(pending.length > 0);
  useEffect(() => {
    requestMount = () => setWanted(true);
    if (pending.length) setWanted(true);
    return () => {
      requestMount = null;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
