import { data, Link } from "react-router";
import { directionsTo } from "#core/town-map";
import { ContactActions } from "~/components/contact-actions";
import { ListingDetails, ListingHeader, PhoneLink } from "~/components/listing-page";
import { serviceWhatsAppMessage } from "~/lib/contact-links";
import { publicOrigin } from "#server/web/origin";
import { servicePage } from "#server/cache/reads";
import { getRequestContext } from "#server/toolkit/request-context";
import { readForm } from "#server/toolkit/action";
import { ReviewsSection } from "~/components/reviews";
import { reviewAction, reviewSummary, reviewsFor } from "./+shared/reviews.server";
import type { Route } from "./+types/service";
import { shareMeta } from "~/lib/share-meta";
import { canonicalOrigin } from "#server/web/origin";
import type { MetaDescriptor } from "react-router";
import type { ServiceCard } from "#server/models/services";
import { breadcrumbJsonLd, serviceJsonLd } from "~/lib/structured-data";

/** /service/{id}: a service's own page, like a business's or a driver's (issue #16). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const service = await ctx.db.asVisitor(servicePage, { id: params.id });
  if (!service) throw data(null, { status: 404 });
  const user = await ctx.user();
  return {
    service,
    reviews: await reviewsFor(ctx, "service", service.id, user?.id ?? null),
    reviewSummary: reviewSummary(service.rating),
    pageUrl: `${publicOrigin()}/service/${service.id}`,
    head: headOf(service, canonicalOrigin()),
    directions: directionsTo(service),
  };
}

/** Reviews and the owner's answers (issue #30) land here, so a refusal is explained on the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const read = await readForm(request);
  if (!read.ok) return read.refusal;
  return reviewAction(request, ctx, read.form, { kind: "service", id: params.id, path: `/service/${params.id}` });
}

/** What the page's head says to link previews and search engines (issue #31), made here on the server. */
function headOf(service: ServiceCard, origin: string | null) {
  const path = `/service/${service.id}`;
  return shareMeta(
    {
      title: `${service.name} · ${service.category} em Vila Serena · Guida`,
      headline: service.name,
      description: service.description || `${service.name}: ${service.category} em Vila Serena. Peça um orçamento por telefone ou WhatsApp.`,
      path,
      card: `/og/service/${service.id}`,
      cardAlt: `${service.name}, ${service.category} em Vila Serena`,
      structuredData: [
        serviceJsonLd(service, origin),
        breadcrumbJsonLd(origin, [{ name: "Serviços", path: "/services" }, { name: service.name, path }]),
      ].filter((item) => item !== null),
    },
    origin,
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? (loaderData.head as MetaDescriptor[]) : [{ title: "Serviço não encontrado · Guida" }]);

export default function ServiceProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { service, reviews, pageUrl } = loaderData;
  return (
    <article className="space-y-5">
      <ListingHeader
        kind="service"
        id={service.id}
        name={service.name}
        photo={{ url: service.imageUrl, shape: "rounded-2xl" }}
      >
        <p className="text-stone-600 dark:text-stone-300">
          <Link to={`/services?categoria=${encodeURIComponent(service.category)}`} className="underline">
            {service.category}
          </Link>
          {service.neighbourhood ? ` · ${service.neighbourhood}` : null}
        </p>
        {service.priceInfo ? <p className="mt-1 font-medium text-brand-700 dark:text-brand-100">{service.priceInfo}</p> : null}
      </ListingHeader>
      {service.description ? <p className="whitespace-pre-line break-words">{service.description}</p> : null}

      <ContactActions
        phone={service.phone}
        whatsapp={service.whatsapp}
        whatsAppMessage={serviceWhatsAppMessage(service.name)}
        directions={loaderData.directions}
        shareText={`${service.name} no Guida: ${pageUrl}`}
      />

      <ListingDetails rows={[["Telefone", service.phone && <PhoneLink phone={service.phone} />]]} />
      <ReviewsSection kind="service" path={`/service/${service.id}`} ownerId={service.ownerId} rating={service.rating} summary={loaderData.reviewSummary} reviews={reviews} actionData={actionData} />
    </article>
  );
}
