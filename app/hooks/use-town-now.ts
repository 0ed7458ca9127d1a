import { useEffect, useState } from "react";

/**
 * "Now" for open/closed badges. The first render uses the instant the server rendered
 * with, so hydration matches; afterwards it ticks at each minute boundary.
 */
export function useTownNow(renderedAt: string | Date): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    let interval: number | undefined;
    const tick = () => setNow(new Date());
    tick();
    const timeout = window.setTimeout(() => {
      tick();
      interval = window.setInterval(tick, 60_000);
    }, 60_000 - (Date.now() % 60_000));
    return () => {
      window.clearTimeout(timeout);
      if (interval !== undefined) window.clearInterval(interval);
    };
  }, []);
  return now;
}
