import { useCallback, useEffect, useState, type ReactNode } from "react";
import {
  clearImageCache,
  clearLoaderCache,
  clearLocalStorage,
  clearSessionStorage,
  deleteCache,
  readStorageReport,
  type StorageReport,
} from "~/debug/browser-storage";
import { formatBytes, formatShare, type StorageEntry } from "~/debug/storage-report";
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

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" });
const count = new Intl.NumberFormat("pt-BR");

/** Chromium's names for the parts of navigator.storage.estimate().usageDetails. */
const USAGE_LABELS: Record<string, string> = {
  indexedDB: "IndexedDB",
  caches: "Cache Storage",
  serviceWorkerRegistrations: "Service worker",
  fileSystem: "Sistema de arquivos",
};

function plural(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

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
          <style>{"[data-storage-loading]{display:none}"}</style>
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
        {report === undefined ? (
          <Loading />
        ) : report.imageCache === null ? (
          <Unavailable />
        ) : report.imageCache.entries === 0 ? (
          <p className="text-stone-600 dark:text-stone-300">vazio</p>
        ) : (
          <Facts
            items={[
              ["Imagens", count.format(report.imageCache.entries)],
              ["Tamanho total", formatBytes(report.imageCache.bytes)],
              ["Mais antiga", report.imageCache.oldest === null ? "—" : dateTime.format(report.imageCache.oldest)],
              ["Expiradas", count.format(report.imageCache.expired)],
            ]}
          />
        )}
      </Section>

      <Section
        title="Cache de dados das páginas"
        action={report?.loaderCache ? <ClearButton label="Limpar cache de dados" busy={busy === "loader"} onClick={() => void run("loader", clearLoaderCache, "Cache de dados limpo.")} /> : null}
      >
        {report === undefined ? (
          <Loading />
        ) : report.loaderCache === null ? (
          <Unavailable />
        ) : (
          <Facts
            items={[
              ["Entradas", count.format(report.loaderCache.entries)],
              ["Tamanho aproximado", formatBytes(report.loaderCache.bytes)],
            ]}
          />
        )}
      </Section>

      <Section title="Cache Storage">
        {report === undefined ? (
          <Loading />
        ) : report.caches === null ? (
          <Unavailable />
        ) : report.caches.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-300">Nenhum cache.</p>
        ) : (
          <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-label="Caches">
            {report.caches.map((cache) => (
              <li key={cache.name} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block break-all font-mono text-sm">{cache.name}</span>
                  <span className="text-xs text-stone-500 dark:text-stone-400">{plural(cache.entries, "entrada", "entradas")}</span>
                </span>
                <ClearButton
                  label="Apagar"
                  accessibleLabel={`Apagar cache ${cache.name}`}
                  busy={busy === `cache:${cache.name}`}
                  onClick={() => void run(`cache:${cache.name}`, () => deleteCache(cache.name), `Cache ${cache.name} apagado.`)}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Espaço usado">
        {report === undefined ? (
          <Loading />
        ) : report.estimate === null ? (
          <Unavailable />
        ) : (
          <Facts
            items={[
              [
                "Usado",
                `${formatBytes(report.estimate.usage)} de ${formatBytes(report.estimate.quota)} (${formatShare(report.estimate.usage, report.estimate.quota)})`,
              ],
              ...report.estimate.details.map(([part, bytes]): [string, string] => [USAGE_LABELS[part] ?? part, formatBytes(bytes)]),
              [
                "Persistente",
                report.estimate.persisted === null ? "indisponível" : report.estimate.persisted ? "sim" : "não (o navegador pode apagar se faltar espaço)",
              ],
            ]}
          />
        )}
      </Section>
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900" aria-label={title}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <p data-storage-loading className="text-stone-500 dark:text-stone-400">
      Carregando…
    </p>
  );
}

function Unavailable() {
  return <p className="text-stone-600 dark:text-stone-300">indisponível</p>;
}

function ClearButton({
  label,
  accessibleLabel,
  busy,
  onClick,
}: {
  label: string;
  accessibleLabel?: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={accessibleLabel}
      className="min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-50 dark:text-red-300 dark:ring-red-900 dark:hover:bg-red-950/40"
    >
      {busy ? "Limpando…" : label}
    </button>
  );
}

function WebStorageTable({ entries, name }: { entries: StorageEntry[] | null; name: string }) {
  if (entries === null) return <Unavailable />;
  if (entries.length === 0) return <p className="text-stone-600 dark:text-stone-300">vazio</p>;
  const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Chaves do {name}</caption>
      <thead>
        <tr className="text-left text-xs text-stone-500 dark:text-stone-400">
          <th scope="col" className="py-1 font-medium">
            Chave
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Tamanho
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
        {entries.map((entry) => (
          <tr key={entry.key}>
            <td className="break-all py-1.5 pr-3 font-mono">{entry.key}</td>
            <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{formatBytes(entry.bytes)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-stone-300 font-semibold dark:border-stone-700">
          <td className="py-1.5">{plural(entries.length, "chave", "chaves")}</td>
          <td className="py-1.5 text-right tabular-nums">{formatBytes(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function Facts({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-stone-500 dark:text-stone-400">{term}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
