import type { ReactNode } from "react";
import type { CacheStorageEntry, StorageReport } from "./browser-storage";
import { formatBytes, formatShare, type StorageEntry } from "./storage-report";

/** The pieces /debug/storage (app/routes/debug-storage.tsx) is built from: one card per kind of storage. */

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

export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    // Only JavaScript fills a section in: with scripting off the page shows its notice alone.
    <section className="rounded-2xl bg-white p-4 shadow-sm noscript:hidden dark:bg-stone-900" aria-label={title}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Loading() {
  return <p className="text-stone-500 dark:text-stone-400">Carregando…</p>;
}

export function Unavailable() {
  return <p className="text-stone-600 dark:text-stone-300">indisponível</p>;
}

export function ClearButton({
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

export function WebStorageTable({ entries, name }: { entries: StorageEntry[] | null; name: string }) {
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

export function ImageCacheFacts({ imageCache }: { imageCache: NonNullable<StorageReport["imageCache"]> }) {
  if (imageCache.entries === 0) return <p className="text-stone-600 dark:text-stone-300">vazio</p>;
  return (
    <Facts
      items={[
        ["Imagens", count.format(imageCache.entries)],
        ["Tamanho total", formatBytes(imageCache.bytes)],
        ["Mais antiga", imageCache.oldest === null ? "—" : dateTime.format(imageCache.oldest)],
        ["Expiradas", count.format(imageCache.expired)],
      ]}
    />
  );
}

export function LoaderCacheFacts({ loaderCache }: { loaderCache: NonNullable<StorageReport["loaderCache"]> }) {
  return (
    <Facts
      items={[
        ["Entradas", count.format(loaderCache.entries)],
        ["Tamanho aproximado", formatBytes(loaderCache.bytes)],
      ]}
    />
  );
}

/** Every Cache Storage cache with its number of entries and a button that deletes it. */
export function CacheList({ caches, busy, onDelete }: { caches: CacheStorageEntry[]; busy: string | null; onDelete: (name: string) => void }) {
  if (caches.length === 0) return <p className="text-stone-600 dark:text-stone-300">Nenhum cache.</p>;
  return (
    <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-label="Caches">
      {caches.map((cache) => (
        <li key={cache.name} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block break-all font-mono text-sm">{cache.name}</span>
            <span className="text-xs text-stone-500 dark:text-stone-400">{plural(cache.entries, "entrada", "entradas")}</span>
          </span>
          <ClearButton label="Apagar" accessibleLabel={`Apagar cache ${cache.name}`} busy={busy === `cache:${cache.name}`} onClick={() => onDelete(cache.name)} />
        </li>
      ))}
    </ul>
  );
}

export function EstimateFacts({ estimate }: { estimate: NonNullable<StorageReport["estimate"]> }) {
  return (
    <Facts
      items={[
        ["Usado", `${formatBytes(estimate.usage)} de ${formatBytes(estimate.quota)} (${formatShare(estimate.usage, estimate.quota)})`],
        ...estimate.details.map(([part, bytes]): [string, string] => [USAGE_LABELS[part] ?? part, formatBytes(bytes)]),
        ["Persistente", estimate.persisted === null ? "indisponível" : estimate.persisted ? "sim" : "não (o navegador pode apagar se faltar espaço)"],
      ]}
    />
  );
}
