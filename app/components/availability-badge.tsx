import { isOpenNow, type OpeningHours } from "#core/business-hours";

/**
 * Disponível agora / Indisponível for a driver: working hours follow the businesses' shape
 * and rule, so "available now" is exactly "open now" (same isOpenNow, same time zone).
 */
export function AvailabilityBadge({ hours, now }: { hours: OpeningHours | null; now: Date }) {
  const available = isOpenNow(hours, now);
  return (
    <span
      data-available={available ? "true" : "false"}
      className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${
        available
          ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
          : "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-100"
      }`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${available ? "bg-emerald-600" : "bg-stone-500"}`} />
      {available ? "Disponível agora" : "Indisponível"}
    </span>
  );
}
