import { useCallback, useEffect, useState } from "react";
import {
  clearImageCache,
  clearLoaderCache,
  clearLocalStorage,
  clearSessionStorage,
  deleteCache,
  readStorageReport,
  type StorageReport,
} from "~/debug/browser-storage";
import {
  CacheList,
  ClearButton,
  EstimateFacts,
  ImageCacheFacts,
  LoaderCacheFacts,
  Loading,
  Section,
  Unavailable,
  WebStorageTable,
} from "~/debug/storage-view";
import type { Route } from "./+types/debug-storage";

/**
 * /debug/storage: what the app keeps in this browser, with a button to empty each part.
 * The server cannot see any of it, so it sends the headings with "Carregando…" and the
 * browser fills them in after hydration.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Armazenamento deste navegador · Guida" },
  { name: "robots", content: "noindex" },
];

export default function DebugStorage() {
  // undefined: not read yet (the server's render and the hydration render).
  const [report, setReport] = useState<StorageReport>();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState("");

  const refresh = useCallback(async () => {
    setReport(await readStorageReport());
  }, []);

  useEffect(() => {
    let current = true;
    void readStorageReport().then((next) => {
      if (current) setReport(next);
    });
    // Another tab (the game, a sign-out) may change localStorage while this page is open.
    const onStorage = () => void refresh();
    window.addEventListener("storage", onStorage);
    return () => {
      current = false;
      window.removeEventListener("storage", onStorage);
    };
  }, [refresh]);

  async function run(id: string, action: () => void | Promise<void>, done: string) {
    setBusy(id);
    try {
      await action();
      setMessage(done);
    } catch (error) {
      console.warn("[debug/storage] clear failed:", error);
      setMessage("Não foi possível limpar. Tente de novo.");
    } finally {
      await refresh();
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">Armazenamento deste navegador</h1>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          O que o Guida guarda neste aparelho. Nada daqui vai para o servidor; limpar só afeta este navegador.
        </p>
        <noscript>
          <p className="mt-2 rounded-xl bg-amber-100 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-100">
            Esta página precisa de JavaScript para ler o armazenamento do navegador.
          </p>
        </noscript>
      </header>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="min-h-5 text-sm font-medium text-brand-700 dark:text-brand-100">
          {message}
        </p>
        {report ? (
          <button
            type="button"
            onClick={() => void refresh()}
            className="min-h-11 rounded-full px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-500/40 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-stone-800"
          >
            Atualizar
          </button>
        ) : null}
      </div>

      <Section title="localStorage" action={report?.local ? <ClearButton label="Limpar localStorage" busy={busy === "local"} onClick={() => void run("local", clearLocalStorage, "localStorage limpo.")} /> : null}>
        {report === undefined ? <Loading /> : <WebStorageTable entries={report.local} name="localStorage" />}
      </Section>

      <Section
        title="sessionStorage"
        action={report?.session ? <ClearButton label="Limpar sessionStorage" busy={busy === "session"} onClick={() => void run("session", clearSessionStorage, "sessionStorage limpo.")} /> : null}
      >
        {report === undefined ? <Loading /> : <WebStorageTable entries={report.session} name="sessionStorage" />}
      </Section>

      <Section
        title="Cache de imagens"
        action={
          report?.imageCache && report.imageCache.entries > 0 ? (
            <ClearButton label="Limpar cache de imagens" busy={busy === "images"} onClick={() => void run("images", clearImageCache, "Cache de imagens limpo.")} />
          ) : null
        }
      >
        {report === undefined ? <Loading /> : report.imageCache === null ? <Unavailable /> : <ImageCacheFacts imageCache={report.imageCache} />}
      </Section>

      <Section
        title="Cache de dados das páginas"
        action={report?.loaderCache ? <ClearButton label="Limpar cache de dados" busy={busy === "loader"} onClick={() => void run("loader", clearLoaderCache, "Cache de dados limpo.")} /> : null}
      >
        {report === undefined ? <Loading /> : report.loaderCache === null ? <Unavailable /> : <LoaderCacheFacts loaderCache={report.loaderCache} />}
      </Section>

      <Section title="Cache Storage">
        {report === undefined ? (
          <Loading />
        ) : report.caches === null ? (
          <Unavailable />
        ) : (
          <CacheList caches={report.caches} busy={busy} onDelete={(name) => void run(`cache:${name}`, () => deleteCache(name), `Cache ${name} apagado.`)} />
        )}
      </Section>

      <Section title="Espaço usado">
        {report === undefined ? <Loading /> : report.estimate === null ? <Unavailable /> : <EstimateFacts estimate={report.estimate} />}
      </Section>
    </div>
  );
}
