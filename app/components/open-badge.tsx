import { describeOpenStatus, openStatus, type BusinessCalendar, type OpeningHours } from "#core/business-hours";

/**
 * "Aberto · fecha às 18:00" / "Fechado · abre amanhã às 7:00" / "Fechado · feriado de Finados",
 * computed for the given instant with the week, the holidays and the business's special dates.
 */
export function OpenBadge({ hours, now, calendar }: { hours: OpeningHours | null; now: Date; calendar: BusinessCalendar }) {
  const status = openStatus(hours, now, calendar);
  const open = status.open;
  return (
    <span
      data-open={open ? "true" : "false"}
      className={`inline-flex items-center gap-1 rounded-lg px-2 py-0.5 text-xs font-semibold ${
        open ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50" : "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-100"
      }`}
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${open ? "bg-emerald-600" : "bg-stone-500"}`} />
      {describeOpenStatus(status)}
    </span>
  );
}
