import { Link } from "react-router";
import { dutyBadge, onDuty, townMoment, type DutyListing } from "#core/duty";
import { hrefOf } from "#core/item-kinds";
import { mapHref, telHref, whatsAppChatHref } from "~/lib/contact-links";
import { buttonClass } from "./ui/button";
import { cardClass } from "./ui/card";


/**
 * A pharmacy's turn: on duty now ("Aberto · plantão até amanhã às 8:00", whatever its usual
 * hours) or when it starts, then how to reach it — call, WhatsApp, the way there.
 */
export function DutyCard({ turn, now }: { turn: DutyListing; now: Date }) {
  const current = onDuty(turn, now);
  const badge = current ? dutyBadge([turn], now) : `Plantão de ${townMoment(turn.startsAt, now)} até ${townMoment(turn.endsAt, now)}`;
  const place = [turn.address, turn.neighbourhood].filter(Boolean).join(" · ");
  return (
    <article aria-label={turn.name} className={cardClass("space-y-2 p-3")}>
      <Link to={hrefOf("business", turn.businessId)} className="block font-semibold underline-offset-2 hover:underline">
        {turn.name}
      </Link>
      <p className={current ? "text-sm font-semibold text-emerald-800 dark:text-emerald-300" : "text-sm text-stone-700 dark:text-stone-300"}>{badge}</p>
      {place ? <p className="text-sm text-stone-600 dark:text-stone-300">{place}</p> : null}
      <div className="grid grid-cols-2 gap-2 [&>:last-child:nth-child(odd)]:col-span-2">
        {turn.phone ? (
          <a href={telHref(turn.phone)} className={buttonClass("primary", "md")}>
            Ligar
          </a>
        ) : null}
        {turn.whatsapp ? (
          <a href={whatsAppChatHref(turn.whatsapp, `Olá! Vi no Guida que a ${turn.name} está de plantão.`)} className={buttonClass("whatsapp", "md")} rel="noopener noreferrer" target="_blank">
            WhatsApp
          </a>
        ) : null}
        {turn.address ? (
          <a href={mapHref(turn.address)} className={buttonClass("secondary", "md")} rel="noopener noreferrer" target="_blank">
            Como chegar
          </a>
        ) : null}
      </div>
    </article>
  );
}
