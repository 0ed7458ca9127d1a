import { Link } from "react-router";
import { HIDDEN_LABEL, reportHref, type ReportableKind, type ReportReason } from "#core/moderation";

const linkClass = "inline-flex min-h-11 items-center text-sm text-stone-600 underline dark:text-stone-300";

/** "Denunciar" (or "Informar erro") under an item: a plain link to its report form, JS or not. */
export function ReportLink({ kind, id, label, reason, children = "Denunciar" }: { kind: ReportableKind; id: string; label: string; reason?: ReportReason; children?: string }) {
  return (
    <Link to={reportHref(kind, id, reason)} rel="nofollow" className={linkClass} aria-label={`${children}: ${label}`}>
      {children}
    </Link>
  );
}

/** What the author (and moderators) read on content the moderation hid. */
export function HiddenNotice({ state }: { state: string | undefined }) {
  if (state !== "hidden") return null;
  return (
    <p role="status" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
      {HIDDEN_LABEL}
    </p>
  );
}
