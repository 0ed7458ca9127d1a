import * as Tooltip from "@radix-ui/react-tooltip";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/lib/tooltip";

/** Radix tooltip around an icon-only button; loaded only once someone hovers or focuses one. */
export default function RadixIconTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
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
