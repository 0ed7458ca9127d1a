import { Link } from "react-router";
import { eventPlace, eventPrice, eventWhen, type TownEvent } from "#core/events";
import { cardClass } from "./ui/card";

/** One event of the agenda: what, when, where, and whether it costs (issue #32). */
export function EventCard({ event }: { event: TownEvent }) {
  const place = eventPlace(event);
  return (
    <li>
      <article aria-label={event.title} className={cardClass("space-y-1 p-3")}>
        <Link to={`/agenda/${event.id}`} className="block font-semibold underline-offset-2 hover:underline">
          {event.title}
        </Link>
        <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{eventWhen(event)}</p>
        {place ? <p className="text-sm text-stone-600 dark:text-stone-300">{place}</p> : null}
        <p className="text-xs text-stone-600 dark:text-stone-300">
          {event.category} · {eventPrice(event.priceCents)}
        </p>
      </article>
    </li>
  );
}

/** A titled list of events, or the sentence it says while empty. */
export function EventSection({ id, title, events, empty }: { id: string; title: string; events: readonly TownEvent[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
    </section>
  );
}
