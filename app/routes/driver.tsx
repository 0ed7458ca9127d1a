import { formatBrazilianPhone } from "~/lib/phone";
import { ReportLink } from "~/components/report-link";
import { FavoriteButton } from "~/components/favorites";
import { data } from "react-router";
import { WeekHoursTable } from "~/components/week-hours-table";
import { AvailabilityBadge } from "~/components/availability-badge";
import { ContactActions } from "~/components/contact-actions";
import { Picture } from "~/components/picture";
import { describeDay, townClock, type DayHours } from "~/lib/business-hours";
import { telHref } from "~/lib/contact-links";
import { VEHICLE_LABELS, driverWhatsAppMessage } from "~/lib/drivers";
import { useTownNow } from "~/lib/use-town-now";
import { cardClass } from "~/components/ui/card";
import { publicOrigin } from "../../server/http/origin";
import { driverPage } from "../../server/cache/reads";
import { favoriteStateOf } from "../../server/toolkit/favorite-state";
import { getRequestContext } from "../../server/toolkit/request-context";
import type { Route } from "./+types/driver";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const driver = await ctx.db.asVisitor(driverPage, { id: params.driverId });
  if (!driver) throw data(null, { status: 404 });
  return { driver, favoriteState: await favoriteStateOf(ctx, [driver.id]), renderedAt: new Date().toISOString(), pageUrl: `${publicOrigin()}/driver/${driver.id}` };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.driver.name} · ${VEHICLE_LABELS[loaderData.driver.vehicleKind]} em Vila Serena · Guida` },
        {
          name: "description",
          content: (
            loaderData.driver.bio ||
            `${loaderData.driver.name}: ${VEHICLE_LABELS[loaderData.driver.vehicleKind]} em Vila Serena. Veja horários e chame por telefone ou WhatsApp.`
          ).slice(0, 155),
        },
      ]
    : [{ title: "Motorista não encontrado · Guida" }];

// A driver's day off reads "Folga", not a shop's "Fechado"; the times read the same.
function describeWorkDay(day: DayHours | undefined): string {
  return day?.open ? describeDay(day) : "Folga";
}

export default function DriverProfile({ loaderData }: Route.ComponentProps) {
  const { driver, renderedAt, pageUrl } = loaderData;
  const now = useTownNow(renderedAt);
  const today = townClock(now).weekday;
  return (
    <article className="space-y-5">
      <header className="flex items-center gap-4">
        <Picture image={driver.photoUrl} alt={`Foto de ${driver.name}`} sizes="96px" priority placeholder={driver.name} className="size-24 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold leading-tight">{driver.name}</h1>
          <p className="text-stone-600 dark:text-stone-300">
            {VEHICLE_LABELS[driver.vehicleKind]}
            {driver.vehicleDescription ? ` · ${driver.vehicleDescription}` : null}
          </p>
          <div className="mt-2">
            <AvailabilityBadge hours={driver.workingHours} now={now} />
          </div>
        </div>
        <FavoriteButton itemType="driver" itemId={driver.id} label={driver.name} />
      </header>
      {driver.bio ? <p className="whitespace-pre-line">{driver.bio}</p> : null}

      <ContactActions
        phone={driver.phone}
        whatsapp={driver.whatsapp}
        whatsAppMessage={driverWhatsAppMessage(driver.name, driver.vehicleKind)}
        shareText={`${driver.name} no Guida: ${pageUrl}`}
        wideShare
      />

      <dl className={cardClass("space-y-3 p-4 text-sm")}>
        <div>
          <dt className="font-semibold">Veículo</dt>
          <dd>
            {VEHICLE_LABELS[driver.vehicleKind]}
            {driver.vehicleDescription ? ` — ${driver.vehicleDescription}` : null}
          </dd>
        </div>
        {driver.phone ? (
          <div>
            <dt className="font-semibold">Telefone</dt>
            <dd>
              <a className="underline" href={telHref(driver.phone)}>
                {formatBrazilianPhone(driver.phone)}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>

      <section aria-labelledby="areas">
        <h2 id="areas" className="text-lg font-semibold">
          Bairros atendidos
        </h2>
        {driver.areas.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {driver.areas.map((area) => (
              <li key={area} className="rounded-full bg-stone-200 px-3 py-1 text-sm dark:bg-stone-800">
                {area}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">Bairros não informados. Pergunte ao chamar.</p>
        )}
      </section>

      <section aria-labelledby="horarios">
        <h2 id="horarios" className="text-lg font-semibold">
          Horário de atendimento
        </h2>
        {driver.workingHours ? (
          <WeekHoursTable hours={driver.workingHours} today={today} describe={describeWorkDay} />
        ) : (
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">Horário não informado. Ligue para combinar.</p>
        )}
      </section>
      <p className="flex flex-wrap gap-x-4">
        <ReportLink kind="driver" id={driver.id} label={driver.name} reason="informacao_errada">Informar erro</ReportLink>
        <ReportLink kind="driver" id={driver.id} label={driver.name} />
      </p>
    </article>
  );
}
