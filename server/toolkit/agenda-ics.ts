import { ICalCalendar, ICalEventStatus } from "ical-generator";
import { eventPlace, eventPrice, type TownEvent } from "#core/events";
import { publicOrigin } from "../web/origin";

/**
 * The agenda as iCalendar (RFC 5545, written by ical-generator): one event's file ("Adicionar à
 * agenda") or the town's feed (/agenda.ics, a calendar app subscribes to it). Instants are
 * written in UTC, which every calendar shows on its own clock: the town's wall clock is the
 * tz database's business, never a fixed −03:00 (tests/integration/agenda-ics.test.ts reads
 * them back in America/Sao_Paulo).
 */
export function agendaCalendar(events: readonly TownEvent[], name = "Agenda de Vila Serena"): string {
  const origin = publicOrigin();
  const calendar = new ICalCalendar({ name, prodId: { company: "Guida", product: "Agenda de Vila Serena", language: "PT-BR" } });
  for (const event of events) {
    const url = `${origin}/agenda/${event.id}`;
    calendar.createEvent({
      id: `${event.id}@guida`,
      start: new Date(event.startsAt),
      end: new Date(event.endsAt),
      summary: event.title,
      description: [event.description, eventPrice(event.priceCents), url].filter(Boolean).join("\n\n"),
      location: eventPlace(event) || null,
      url,
      categories: [{ name: event.category }],
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The response of an .ics: a file to download (`filename`) or a feed to subscribe to. */
export function icsResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      // A calendar app polls the feed; a few minutes old is fine, and the file never holds anything private.
      "Cache-Control": "public, max-age=300",
    },
  });
}
