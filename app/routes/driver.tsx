import { ReportLink } from "~/components/report-link";
import { directionsTo } from "#core/town-map";
import { ListingDetails, ListingHeader, ListingSection, PhoneLink } from "~/components/listing-page";
import { data } from "react-router";
import { WeekHoursTable } from "~/components/week-hours-table";
import { AvailabilityBadge } from "~/components/availability-badge";
import { ContactActions } from "~/components/contact-actions";
import { describeDay, townClock, type DayHours } from "#core/business-hours";
import { VEHICLE_LABELS, driverWhatsAppMessage, vehicleLine } from "#core/drivers";
import { useTownNow } from "~/hooks/use-town-now";
import { publicOrigin } from "#server/web/origin";
import { driverPage } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import { readForm } from "#server/toolkit/action";
import { ReviewsSection } from "~/components/reviews";
import { reviewAction, reviewSummary, reviewsFor } from "./+shared/reviews.server";
import type { Route } from "./+types/driver";
import { shareMeta } from "~/lib/share-meta";
import { canonicalOrigin } from "#server/web/origin";
import type { MetaDescriptor } from "react-router";
import type { Driver } from "#server/models/drivers";
import { breadcrumbJsonLd, driverJsonLd } from "~/lib/structured-data";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const driver = await ctx.db.asVisitor(driverPage, { id: params.driverId });
  if (!driver) throw data(null, { status: 404 });
  const user = await ctx.user();
  return {
    driver,
    reviews: await reviewsFor(ctx, "driver", driver.id, user?.id ?? null),
    reviewSummary: reviewSummary(driver.rating),
    favoriteState: await favoriteStateOf(ctx, [driver.id]),
    renderedAt: new Date().toISOString(),
    pageUrl: `${publicOrigin()}/driver/${driver.id}`,
    head: headOf(driver, canonicalOrigin()),
    directions: directionsTo(driver),
  };
}

/** What the page's head says to link previews and search engines (issue #31), made here on the server. */
function headOf(driver: Driver, origin: string | null) {
  const vehicle = VEHICLE_LABELS[driver.vehicleKind];
  const path = `/driver/${driver.id}`;
  return shareMeta(
    {
      title: `${driver.name} · ${vehicle} em Vila Serena · Guida`,
      headline: driver.name,
      description: driver.bio || `${driver.name}: ${vehicle} em Vila Serena. Veja horários e chame por telefone ou WhatsApp.`,
      path,
      card: `/og/driver/${driver.id}`,
      cardAlt: `${driver.name}, ${vehicle} em Vila Serena`,
      structuredData: [
        driverJsonLd({ ...driver, vehicleLabel: vehicle }, origin),
        breadcrumbJsonLd(origin, [{ name: "Motoristas", path: "/drivers/all" }, { name: driver.name, path }]),
      ].filter((item) => item !== null),
    },
    origin,
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? (loaderData.head as MetaDescriptor[]) : [{ title: "Motorista não encontrado · Guida" }]);

// A driver's day off reads "Folga", not a shop's "Fechado"; the times read the same.
function describeWorkDay(day: DayHours | undefined): string {
  return day?.open ? describeDay(day) : "Folga";
}

/** Reviews and the owner's answers (issue #30) land here, so a refusal is explained on the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const read = await readForm(request);
  if (!read.ok) return read.refusal;
  return reviewAction(request, ctx, read.form, { kind: "driver", id: params.driverId, path: `/driver/${params.driverId}` });
}

export default function DriverProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { driver, reviews, renderedAt, pageUrl } = loaderData;
  const now = useTownNow(renderedAt);
  const today = townClock(now).weekday;
  return (
    <article className="space-y-5">
      <ListingHeader
        kind="driver"
        id={driver.id}
        name={driver.name}
        centered
        photo={{ url: driver.photoUrl, shape: "rounded-full" }}
      >
        <p className="text-stone-600 dark:text-stone-300">
          {vehicleLine(driver.vehicleKind, driver.vehicleDescription)}
        </p>
        <div className="mt-2">
          <AvailabilityBadge hours={driver.workingHours} now={now} />
        </div>
      </ListingHeader>
      {driver.bio ? <p className="whitespace-pre-line">{driver.bio}</p> : null}

      <ContactActions
        phone={driver.phone}
        whatsapp={driver.whatsapp}
        whatsAppMessage={driverWhatsAppMessage(driver.name, driver.vehicleKind)}
        directions={loaderData.directions}
        shareText={`${driver.name} no Guida: ${pageUrl}`}
      />

      <ListingDetails
        rows={[
          ["Veículo", vehicleLine(driver.vehicleKind, driver.vehicleDescription, " — ")],
          ["Telefone", driver.phone && <PhoneLink phone={driver.phone} />],
        ]}
      />

      <ListingSection id="areas" title="Bairros atendidos" empty={driver.areas.length === 0 && "Bairros não informados. Pergunte ao chamar."}>
        <ul className="mt-2 flex flex-wrap gap-2">
          {driver.areas.map((area) => (
            <li key={area} className="rounded-full bg-stone-200 px-3 py-1 text-sm dark:bg-stone-800">
              {area}
            </li>
          ))}
        </ul>
      </ListingSection>

      <ListingSection id="horarios" title="Horário de atendimento" empty={!driver.workingHours && "Horário não informado. Ligue para combinar."}>
        {driver.workingHours ? <WeekHoursTable hours={driver.workingHours} today={today} describe={describeWorkDay} /> : null}
      </ListingSection>
      <ReviewsSection kind="driver" path={`/driver/${driver.id}`} ownerId={driver.ownerId} rating={driver.rating} summary={loaderData.reviewSummary} reviews={reviews} actionData={actionData} />
      <p className="flex flex-wrap gap-x-4">
        <ReportLink kind="driver" id={driver.id} label={driver.name} reason="informacao_errada">Informar erro</ReportLink>
        <ReportLink kind="driver" id={driver.id} label={driver.name} />
      </p>
    </article>
  );
}
