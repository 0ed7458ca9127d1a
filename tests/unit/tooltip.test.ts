import { describe, expect, it } from "vitest";
import { skipDelayAfter, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, tooltipWait } from "~/lib/tooltip";

// The spec's tooltip timings (point 9) as the icon tooltips apply them
// (app/components/ui/tooltip-radix.tsx): the browser tests see them on screen.

describe("tooltips (spec point 9)", () => {
  const at = 1_000_000;

  it("open 700 ms after the pointer arrives when no tooltip closed lately", () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(tooltipWait(TOOLTIP_DELAY_MS, at, 0)).toBe(700);
    // The pointer reached the icon 500 ms before the tooltip's code arrived: 200 ms are left.
    expect(tooltipWait(TOOLTIP_DELAY_MS - 500, at, 0)).toBe(200);
    expect(tooltipWait(TOOLTIP_DELAY_MS - 900, at, 0)).toBe(0);
  });

  it("open at once within 300 ms after one closes, and wait again after that", () => {
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
    const skipUntil = skipDelayAfter(at);
    expect(tooltipWait(TOOLTIP_DELAY_MS, at + 299, skipUntil)).toBe(0);
    expect(tooltipWait(TOOLTIP_DELAY_MS, at + 300, skipUntil)).toBe(700);
  });

  it("open at once for keyboard focus (no delay asked)", () => {
    expect(tooltipWait(0, at, 0)).toBe(0);
  });
});
