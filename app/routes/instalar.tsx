import { useEffect, useState } from "react";
import { Link } from "react-router";
import { isStandalone, promptInstall } from "~/client/pwa";
import { AndroidInstallSteps, IOSInstallSteps } from "~/components/install-steps";
import { usePwaState } from "~/hooks/use-pwa-state";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import type { Route } from "./+types/instalar";
import { textLinkClass } from "~/components/ui/text-link";

export const meta: Route.MetaFunction = () => [
  { title: "Instalar o aplicativo · Guida" },
  { name: "description", content: "Como instalar o Guida na tela inicial do celular, no Android e no iPhone." },
];

/**
 * How to install, for every browser: the steps are plain server-rendered text; the button
 * appears only where the browser offered its install prompt (beforeinstallprompt).
 */
export default function Instalar() {
  const { installPrompt } = usePwaState();
  const [installed, setInstalled] = useState(false);
  useEffect(() => setInstalled(isStandalone()), []);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Instalar o Guida</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-300">
          Com o Guida na tela inicial, ele abre como um aplicativo, mais rápido, e as páginas que você já visitou continuam
          disponíveis sem internet.
        </p>
      </header>

      {installed ? (
        <p role="status" className="rounded-xl bg-brand-100 px-4 py-3 font-semibold text-brand-700 dark:bg-brand-700/30 dark:text-brand-100">
          O Guida já está instalado neste aparelho.
        </p>
      ) : installPrompt ? (
        <section aria-labelledby="instalar-agora" className={cardClass("p-4")}>
          <h2 id="instalar-agora" className="font-semibold">
            Seu navegador pode instalar agora
          </h2>
          <Button
            type="button"
            onClick={() => void promptInstall().catch((error: unknown) => console.warn("[pwa] install prompt failed:", error))}
            variant="primary"
            size="lg"
            className="mt-3 w-full"
          >
            Instalar Agora
          </Button>
        </section>
      ) : null}

      <section aria-labelledby="instalar-android" className={cardClass("p-4")}>
        <h2 id="instalar-android" className="text-lg font-semibold">
          Android
        </h2>
        <AndroidInstallSteps />
      </section>

      <section aria-labelledby="instalar-ios" className={cardClass("p-4")}>
        <h2 id="instalar-ios" className="text-lg font-semibold">
          iPhone e iPad
        </h2>
        <IOSInstallSteps />
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-300">É preciso usar o Safari: outros navegadores do iPhone não mostram essa opção.</p>
      </section>

      <Link to="/" className={textLinkClass()}>
        Voltar ao início
      </Link>
    </div>
  );
}
