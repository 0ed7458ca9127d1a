import * as Tooltip from "@radix-ui/react-tooltip";
import { useEffect, useRef, useState } from "react";
import { skipDelayAfter, TOOLTIP_DELAY_MS, tooltipWait } from "~/lib/tooltip";

// Shared by every icon tooltip on the page: until when the next one opens without the delay.
// Each tooltip has its own Radix provider (they load lazily, apart), so Radix's own skip delay
// never carried from one icon to the next; this does (Date.now, so a test's clock drives it).
let skipDelayUntil = 0;

/**
 * Radix tooltip around an icon-only button; loaded only once someone hovers or focuses one.
 * Radix is told to open at once and this component applies the spec's timings itself: 700 ms
 * on the first icon, none within 300 ms of the previous tooltip closing. `pointedAt` is when
 * the pointer reached this icon before Radix had loaded (-Infinity for keyboard focus).
 */
export default function RadixIconTooltip({
  label,
  pointedAt = null,
  children,
}: {
  label: string;
  pointedAt?: number | null;
  children: React.ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const openRef = useRef(false);

  const show = (delay: number) => {
    window.clearTimeout(timer.current);
    const reveal = () => {
      openRef.current = true;
      setOpen(true);
    };
    const wait = tooltipWait(delay, Date.now(), skipDelayUntil);
    if (wait === 0) reveal();
    else timer.current = window.setTimeout(reveal, wait);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    if (openRef.current) skipDelayUntil = skipDelayAfter(Date.now());
    openRef.current = false;
    setOpen(false);
  };

  useEffect(() => {
    if (pointedAt !== null) show(TOOLTIP_DELAY_MS - (Date.now() - pointedAt));
    return () => window.clearTimeout(timer.current);
    // Only on mount: the pointer was already there when Radix arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Tooltip.Provider delayDuration={0} skipDelayDuration={0}>
      <Tooltip.Root open={open} onOpenChange={(next) => (next ? show(TOOLTIP_DELAY_MS) : hide())}>
        {/* Keyboard focus shows the tooltip at once (a click's focus does not). */}
        <Tooltip.Trigger asChild onFocus={(event) => event.currentTarget.matches(":focus-visible") && show(0)}>
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-50 rounded-md bg-stone-900 px-2 py-1 text-xs font-medium text-white shadow dark:bg-stone-100 dark:text-stone-900"
          >
            {label}
            <Tooltip.Arrow className="fill-stone-900 dark:fill-stone-100" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
