/** The spec's tooltip timings (point 9). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * How long a tooltip asked to open at `now` waits: `delay` (what is left of the 700 ms), or
 * nothing when it is up, or within the skip delay of the last tooltip closing (`skipUntil`).
 */
export function tooltipWait(delay: number, now: number, skipUntil: number): number {
  return delay <= 0 || now < skipUntil ? 0 : delay;
}

/** A tooltip that closed at `closedAt`: until when the next one opens without the delay. */
export function skipDelayAfter(closedAt: number): number {
  return closedAt + TOOLTIP_SKIP_DELAY_MS;
}
