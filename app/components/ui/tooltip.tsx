import { lazy, Suspense, useId, useSyncExternalStore } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

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

// The icon pointed at (or focused) while Radix was still loading, and since when: Radix only
// opens on a pointer *move*, so without this the first icon hovered on a page never showed
// its tooltip unless the hand moved again.
let pending: { owner: string; since: number } | null = null;

/** Wraps an icon-only button: its aria-label says what it does; the tooltip shows it to sighted users. */
export function IconTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  const owner = useId();
  const ready = useSyncExternalStore(subscribe, () => wanted, () => false);
  const armed = useHydrated();
  if (!ready) {
    const point = (since: number) => {
      pending = { owner, since };
      want();
    };
    return (
      <span
        className="contents"
        // A finger's tap is not a hover (Radix ignores touch too): counted as one, it opened
        // the tooltip after the tap and nothing closed it (issue #29, at 360 px).
        onPointerEnter={armed ? (event) => event.pointerType !== "touch" && point(Date.now()) : undefined}
        // Keyboard focus only: a tap focuses the button too (Radix's trigger makes the same test).
        onFocus={armed ? (event) => event.target.matches(":focus-visible") && point(Number.NEGATIVE_INFINITY) : undefined}
        onPointerLeave={() => {
          if (pending?.owner === owner) pending = null;
        }}
      >
        {children}
      </span>
    );
  }
  const waited = pending?.owner === owner ? pending.since : null;
  return (
    <Suspense fallback={children}>
      <RadixIconTooltip label={label} pointedAt={waited}>
        {children}
      </RadixIconTooltip>
    </Suspense>
  );
}
