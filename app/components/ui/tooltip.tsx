import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";

const RadixIconTooltip = lazy(() => import("./tooltip-radix"));

// Tooltips only matter once someone points at or focuses an icon button, so Radix's code
// (and its positioning engine) is fetched then, not with the page.
let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Wraps an icon-only button: its aria-label says what it does; the tooltip shows it to sighted users. */
export function IconTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  const ready = useSyncExternalStore(subscribe, () => wanted, () => false);
  const [armed, setArmed] = useState(false);
  useEffect(() => setArmed(true), []);
  if (!ready) {
    return (
      <span className="contents" onPointerEnter={armed ? want : undefined} onFocus={armed ? want : undefined}>
        {children}
      </span>
    );
  }
  return (
    <Suspense fallback={children}>
      <RadixIconTooltip label={label}>{children}</RadixIconTooltip>
    </Suspense>
  );
}
