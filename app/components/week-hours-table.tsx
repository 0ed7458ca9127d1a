import { WEEKDAYS, WEEKDAY_LABELS, type DayHours, type OpeningHours, type Weekday } from "#core/business-hours";

/** The week's schedule with today marked (aria-current="date"); shared by businesses and drivers. */
export function WeekHoursTable({
  hours,
  today,
  describe,
}: {
  hours: OpeningHours;
  today: Weekday;
  describe: (day: DayHours | undefined) => string;
}) {
  return (
    <table className="mt-2 w-full text-sm">
      <tbody>
        {WEEKDAYS.map((day) => (
          <tr
            key={day}
            aria-current={day === today ? "date" : undefined}
            className={day === today ? "bg-brand-50 font-semibold dark:bg-brand-900" : undefined}
          >
            <th scope="row" className="px-2 py-1.5 text-left font-medium">
              {WEEKDAY_LABELS[day]}
              {day === today ? <span className="ml-1 text-xs text-brand-700 dark:text-brand-100">(hoje)</span> : null}
            </th>
            <td className="px-2 py-1.5 text-right">{describe(hours[day])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
