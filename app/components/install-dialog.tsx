import { useState } from "react";
import { dismissInstall, installEnvironment, promptInstall } from "~/client/pwa";
import { Button } from "~/components/ui/button";
import { Dialog, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { IOSInstallSteps } from "./install-steps";
import { usePwaState } from "~/hooks/use-pwa-state";

/**
 * The install dialog (spec point 4), a lazy chunk: loaded only when it is about to show.
 * iOS has no install event, so it gets the Safari steps; other browsers get the browser's own
 * prompt behind "Instalar Agora". Closing it any way but installing counts as "Agora não".
 */
export default function InstallDialog({ onClose }: { onClose: () => void }) {
  const [{ isIOS, isSafari }] = useState(installEnvironment);
  const { installPrompt } = usePwaState();
  const [busy, setBusy] = useState(false);

  const dismiss = () => {
    dismissInstall();
    onClose();
  };

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } catch (error) {
      console.warn("[pwa] install prompt failed:", error);
    } finally {
      onClose();
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : dismiss())}
      overlayClassName="z-50"
      data-testid="install-dialog"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:bottom-auto sm:top-1/3 dark:bg-stone-900"
    >
      <div className="flex items-center gap-3">
        <img src="/icons/icon-192.png" alt="" width={48} height={48} className="size-12 rounded-xl" />
        <DialogTitle className="text-lg font-bold">Instale o Guida</DialogTitle>
      </div>
      {isIOS ? (
        <>
          <DialogDescription className="mt-3 text-sm text-stone-600 dark:text-stone-300">
            Adicione o Guida à sua tela de início para abrir como um aplicativo, mesmo sem internet.
          </DialogDescription>
          <IOSInstallSteps isSafari={isSafari} />
          <Button type="button" onClick={dismiss} variant="primary" size="lg" className="mt-5 w-full">
            Entendi
          </Button>
        </>
      ) : (
        <>
          <DialogDescription className="mt-3 text-sm text-stone-600 dark:text-stone-300">
            Instale o aplicativo para abrir mais rápido, direto da tela inicial, e consultar o que você já viu mesmo sem internet.
          </DialogDescription>
          <div className="mt-5 flex flex-col gap-2">
            <Button
              type="button"
              disabled={busy || !installPrompt}
              onClick={() => void install()}
              variant="primary"
              size="lg"
              className="w-full"
            >
              Instalar Agora
            </Button>
            <Button type="button" onClick={dismiss} variant="secondary" size="lg" className="w-full">
              Agora não
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
