import { describe, expect, it } from "vitest";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/lib/tooltip";

describe("tooltips (spec point 9)", () => {
  it("open after 700 ms and skip the delay for 300 ms after one closes", () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });
});
