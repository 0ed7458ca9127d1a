import { describeOpenStatus, openStatus, type BusinessCalendar, type OpeningHours } from "#core/business-hours";
import { dutyBadge } from "#core/duty";

/**
 * "Aberto · fecha às 18:00" / "Fechado · abre amanhã às 7:00" / "Fechado · feriado de Finados",
 * "Aberto · plantão até amanhã às 8:00", computed for the given instant with the week, the
 * holidays, the business's special dates and, for a pharmacy, the duty rota.
 */
export function OpenBadge({ hours, now, calendar }: { hours: OpeningHours | null; now: Date; calendar: BusinessCalendar }) {
  const status = openStatus(hours, now, calendar);
  // A pharmacy on duty is open whatever its hours say: "Aberto · plantão até amanhã às 8:00".
  const duty = calendar.dutyTurns?.length ? dutyBadge(calendar.dutyTurns, now) : null;
  const open = duty !== null || status.open;
  return (
    <span
      data-open={open ? "true" : "false"}
      className={`inline-flex items-center gap-1 rounded-lg px-2 py-0.5 text-xs font-semibold ${
        open ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50" : "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-100"
      }`}
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${open ? "bg-emerald-600" : "bg-stone-500"}`} />
      {duty ?? describeOpenStatus(status)}
    </span>
  );
}
