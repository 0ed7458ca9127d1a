import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { applyUpdate, installDialogWanted, snoozeUpdate, startServiceWorker } from "~/client/pwa";
import { usePwaState } from "~/hooks/use-pwa-state";
import { INSTALL_PROMPT_DELAY_MS } from "~/lib/pwa-timing";
import { Button } from "~/components/ui/button";

/**
 * The update banner and the install dialog (spec point 4), rendered once by the root layout.
 * The banner is a few elements; the dialog and Radix are a separate chunk fetched only when
 * the dialog is about to show.
 */
const InstallDialog = lazy(() => import("./install-dialog"));


export function PwaPrompts() {
  useEffect(startServiceWorker, []);
  return (
    <>
      <UpdateBanner />
      <InstallPrompt />
    </>
  );
}

function UpdateBanner() {
  const { updateBanner } = usePwaState();
  if (!updateBanner) return null;
  return (
    <div
      role="region"
      aria-label="Atualização do aplicativo"
      data-testid="update-banner"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md flex-wrap items-center gap-2 rounded-2xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-stone-100 dark:text-stone-900"
    >
      <p className="flex-1 font-semibold">Nova versão disponível!</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={snoozeUpdate}
          className="min-h-11 rounded-full px-3 font-semibold underline-offset-2 hover:underline"
        >
          Mais Tarde
        </button>
        <Button type="button" onClick={applyUpdate} variant="primary" size="md">
          Atualizar Agora
        </Button>
      </div>
    </div>
  );
}

function InstallPrompt() {
  const { installPrompt } = usePwaState();
  const { pathname } = useLocation();
  const [delayOver, setDelayOver] = useState(false);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    // Counted from the page's start, not from this component's (it loads after hydration).
    const timer = setTimeout(() => setDelayOver(true), Math.max(0, INSTALL_PROMPT_DELAY_MS - performance.now()));
    return () => clearTimeout(timer);
  }, []);

  // Decided when the delay ends and again if the browser's install event arrives later.
  // /instalar explains the same thing in full, so the dialog stays out of its way.
  useEffect(() => {
    if (!delayOver || done || open || pathname === "/instalar") return;
    if (installDialogWanted()) setOpen(true);
  }, [delayOver, done, open, installPrompt, pathname]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <InstallDialog
        onClose={() => {
          setOpen(false);
          setDone(true);
        }}
      />
    </Suspense>
  );
}
