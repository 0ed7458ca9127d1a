import { data, Link } from "react-router";
import { directionsTo } from "#core/town-map";
import { ReportLink } from "~/components/report-link";
import { useCurrentUser } from "~/components/user-context";
import { ListingDetails, ListingHeader, ListingSection, PhoneLink } from "~/components/listing-page";
import { OpenBadge } from "~/components/open-badge";
import { WeekHoursTable } from "~/components/week-hours-table";
import { ContactActions } from "~/components/contact-actions";
import { Picture } from "~/components/picture";
import { describeDay, townClock, townDate } from "#core/business-hours";
import { instagramHref } from "~/lib/contact-links";
import { useTownNow } from "~/hooks/use-town-now";
import { publicOrigin } from "#server/web/origin";
import { businessPage } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import { readForm } from "#server/toolkit/action";
import { ReviewsSection } from "~/components/reviews";
import { reviewAction, reviewSummary, reviewsFor } from "./+shared/reviews.server";
import type { Route } from "./+types/business";
import { textLinkClass } from "~/components/ui/text-link";
import { shareMeta } from "~/lib/share-meta";
import { canonicalOrigin } from "#server/web/origin";
import type { MetaDescriptor } from "react-router";
import type { Business } from "#server/models/businesses";
import { breadcrumbJsonLd, businessJsonLd } from "~/lib/structured-data";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const business = await ctx.db.asVisitor(businessPage, { id: params.id });
  if (!business) throw data(null, { status: 404 });
  const user = await ctx.user();
  const renderedAt = new Date().toISOString();
  return {
    business,
    reviews: await reviewsFor(ctx, "business", business.id, user?.id ?? null),
    reviewSummary: reviewSummary(business.rating),
    favoriteState: await favoriteStateOf(ctx, [business.id]),
    renderedAt, pageUrl: `${publicOrigin()}/business/${business.id}`,
    head: headOf(business, renderedAt, canonicalOrigin()),
    directions: directionsTo(business),
  };
}

/** What the page's head says to link previews and search engines (issue #31), made here on the server. */
function headOf(business: Business, renderedAt: string, origin: string | null) {
  const path = `/business/${business.id}`;
  return shareMeta(
    {
      title: `${business.name} · ${business.category} em Vila Serena · Guida`,
      headline: business.name,
      description: business.description || `${business.name}: ${business.category} em ${business.neighbourhood}, Vila Serena.`,
      path,
      card: `/og/business/${business.id}`,
      cardAlt: `${business.name}, ${business.category} em Vila Serena`,
      structuredData: [
        businessJsonLd(business, origin, townDate(new Date(renderedAt)).date),
        breadcrumbJsonLd(origin, [{ name: "Negócios", path: "/businesses" }, { name: business.name, path }]),
      ].filter((item) => item !== null),
    },
    origin,
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? (loaderData.head as MetaDescriptor[]) : [{ title: "Negócio não encontrado · Guida" }]);

/** Reviews and the owner's answers (issue #30) land here, so a refusal is explained on the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const read = await readForm(request);
  if (!read.ok) return read.refusal;
  return reviewAction(request, ctx, read.form, { kind: "business", id: params.id, path: `/business/${params.id}` });
}

export default function BusinessProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { business, reviews, renderedAt, pageUrl } = loaderData;
  const now = useTownNow(renderedAt);
  const today = townClock(now).weekday;
  return (
    <article className="space-y-5">
      <div className="relative -mx-4 -mt-4">
        <Picture image={business.coverUrl} alt="" sizes="(min-width: 768px) 768px, 100vw" priority className="aspect-video w-full" />
        <Picture
          image={business.logoUrl}
          alt={`Logo de ${business.name}`}
          sizes="80px"
          priority
          placeholder={business.name}
          className="absolute -bottom-8 left-4 size-20 rounded-2xl border-4 border-stone-50 dark:border-stone-950"
        />
      </div>
      <ListingHeader kind="business" id={business.id} name={business.name} className="pt-6">
        <p className="text-stone-600 dark:text-stone-300">
          {business.category} · {business.neighbourhood}
        </p>
        <div className="mt-2">
          <OpenBadge hours={business.openingHours} now={now} calendar={business} />
        </div>
      </ListingHeader>
      {business.description ? <p className="whitespace-pre-line">{business.description}</p> : null}

      <ContactActions
        phone={business.phone}
        whatsapp={business.whatsapp}
        whatsAppMessage={`Olá! Vi ${business.name} no Guida e gostaria de mais informações.`}
        address={business.address}
        directions={loaderData.directions}
        shareText={`${business.name} no Guida: ${pageUrl}`}
      />

      <ListingDetails
        rows={[
          ["Endereço", business.address && `${business.address} — ${business.neighbourhood}`],
          ["Telefone", business.phone && <PhoneLink phone={business.phone} />],
          [
            "Instagram",
            business.instagram && (
              <a className="underline" href={instagramHref(business.instagram)} rel="noopener noreferrer" target="_blank">
                @{business.instagram.replace(/^@/, "")}
              </a>
            ),
          ],
          [
            "Site",
            business.website && (
              <a className="break-all underline" href={business.website} rel="noopener noreferrer" target="_blank">
                {business.website.replace(/^https?:\/\//, "")}
              </a>
            ),
          ],
        ]}
      />

      <ListingSection id="horarios" title="Horário de funcionamento" empty={!business.openingHours && "Horário não informado. Ligue antes de ir."}>
        {business.openingHours ? <WeekHoursTable hours={business.openingHours} today={today} describe={describeDay} /> : null}
      </ListingSection>

      {business.gallery.length > 0 ? (
        <ListingSection id="galeria" title="Fotos">
          <ul className="mt-2 grid grid-cols-2 gap-2">
            {business.gallery.map((image, i) => (
              <li key={image.id}>
                <Picture image={image.url} alt={`Foto ${i + 1} de ${business.name}`} sizes="(min-width: 768px) 384px, 50vw" className="aspect-[4/3] w-full rounded-xl" />
              </li>
            ))}
          </ul>
        </ListingSection>
      ) : null}
      <ReviewsSection kind="business" path={`/business/${business.id}`} ownerId={business.ownerId} rating={business.rating} summary={loaderData.reviewSummary} reviews={reviews} actionData={actionData} />
      <BusinessActions id={business.id} name={business.name} ownerId={business.ownerId} />
    </article>
  );
}

/** The owner's edit link, or the claim for anyone else; the report links for all (issue #18). */
function BusinessActions({ id, name, ownerId }: { id: string; name: string; ownerId: string | null }) {
  // The page is shared by everyone (cached): who is looking is known only to the shell.
  const user = useCurrentUser();
  const link = textLinkClass({ small: true });
  return (
    <footer className="flex flex-wrap items-center gap-x-4 border-t border-stone-200 pt-2 dark:border-stone-800">
      {user && user.id === ownerId ? (
        <Link to={`/business/${id}/editar`} className={link}>Editar negócio</Link>
      ) : (
        <Link to={`/business/${id}/e-meu`} className={link}>Este negócio é meu</Link>
      )}
      <ReportLink kind="business" id={id} label={name} reason="informacao_errada">Informar erro</ReportLink>
      <ReportLink kind="business" id={id} label={name} />
    </footer>
  );
}
