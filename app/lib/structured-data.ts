import { WEEKDAYS, type OpeningHours, type SpecialDate, type Weekday } from "#core/business-hours";

/**
 * Schema.org objects (JSON-LD) for the listing pages (issue #31), built from the same data
 * the page shows, so what a search engine reads cannot disagree with what a resident sees:
 * the week's hours are the week table's, the rating is the reviews' summary. Absolute
 * addresses only with PUBLIC_URL (`origin`); without it the objects carry none.
 */

const TOWN = { locality: "Vila Serena", region: "MG", country: "BR" } as const;

const SCHEMA_DAYS: Record<Weekday, string> = {
  sunday: "https://schema.org/Sunday",
  monday: "https://schema.org/Monday",
  tuesday: "https://schema.org/Tuesday",
  wednesday: "https://schema.org/Wednesday",
  thursday: "https://schema.org/Thursday",
  friday: "https://schema.org/Friday",
  saturday: "https://schema.org/Saturday",
};

/** The town's business categories and the closest LocalBusiness subtype of each. */
const BUSINESS_TYPES: Record<string, string> = {
  "acai e sorveteria": "IceCreamShop",
  bar: "BarOrPub",
  farmacia: "Pharmacy",
  "loja de roupas": "ClothingStore",
  mercado: "GroceryStore",
  oficina: "AutoRepair",
  padaria: "Bakery",
  "pet shop": "PetStore",
  restaurante: "Restaurant",
  "salao de beleza": "BeautySalon",
};

const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").trim().toLowerCase();

export function businessSchemaType(category: string): string {
  return BUSINESS_TYPES[fold(category)] ?? "LocalBusiness";
}

type Rating = { count: number; sum: number };

export type HoursSpecification = { "@type": "OpeningHoursSpecification"; dayOfWeek: string; opens: string; closes: string };

/**
 * One specification per open day, in the week's order. A closing time before the opening time
 * closes the next day (docs/hours.md), which is also how schema.org reads it.
 */
export function openingHoursSpecification(hours: OpeningHours | null | undefined): HoursSpecification[] {
  if (!hours) return [];
  return WEEKDAYS.flatMap((weekday) => {
    const day = hours[weekday];
    if (!day?.open || !day.opensAt || !day.closesAt) return [];
    return [{ "@type": "OpeningHoursSpecification" as const, dayOfWeek: SCHEMA_DAYS[weekday], opens: day.opensAt, closes: day.closesAt }];
  });
}

/** A business's own dates (vacation, a Sunday open) from today on: closed reads 00:00–00:00. */
function specialHours(dates: readonly SpecialDate[], today: string) {
  return dates
    .filter((date) => date.endsOn >= today)
    .map((date) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: date.startsOn,
      validThrough: date.endsOn,
      opens: date.open && date.opensAt ? date.opensAt : "00:00",
      closes: date.open && date.closesAt ? date.closesAt : "00:00",
    }));
}

/** The average rounded as the reviews section rounds it (app/lib/reviews.ts), so the two agree. */
function aggregateRating(rating: Rating | null | undefined) {
  if (!rating || rating.count <= 0) return undefined;
  return { "@type": "AggregateRating", ratingValue: (Math.round((rating.sum / rating.count) * 10) / 10).toFixed(1), reviewCount: rating.count, bestRating: 5, worstRating: 1 };
}

function postalAddress(street: string | null | undefined, neighbourhood: string | null | undefined) {
  const streetAddress = [street, neighbourhood].filter(Boolean).join(" — ");
  return {
    "@type": "PostalAddress",
    ...(streetAddress ? { streetAddress } : {}),
    addressLocality: TOWN.locality,
    addressRegion: TOWN.region,
    addressCountry: TOWN.country,
  };
}

/** Drops the keys whose value is undefined, null or "" (JSON.stringify would keep null and ""). */
function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null && value !== "")) as T;
}

const absolute = (origin: string | null, path: string | null | undefined) => (origin && path ? `${origin}${path}` : undefined);

export type BusinessData = {
  id: string;
  name: string;
  category: string;
  description: string;
  address: string;
  neighbourhood: string;
  phone: string | null;
  website: string | null;
  instagram: string | null;
  openingHours: OpeningHours | null;
  specialDates: readonly SpecialDate[];
  rating: Rating;
};

export function businessJsonLd(business: BusinessData, origin: string | null, today: string) {
  const special = specialHours(business.specialDates, today);
  return compact({
    "@context": "https://schema.org",
    "@type": businessSchemaType(business.category),
    "@id": absolute(origin, `/business/${business.id}`),
    name: business.name,
    description: business.description,
    url: absolute(origin, `/business/${business.id}`),
    image: absolute(origin, `/og/business/${business.id}`),
    telephone: business.phone,
    address: postalAddress(business.address, business.neighbourhood),
    sameAs: [business.website, business.instagram ? `https://www.instagram.com/${business.instagram.replace(/^@/, "")}` : null].filter(Boolean),
    openingHoursSpecification: openingHoursSpecification(business.openingHours),
    specialOpeningHoursSpecification: special.length > 0 ? special : undefined,
    aggregateRating: aggregateRating(business.rating),
  });
}

export type ServiceData = { id: string; name: string; category: string; description: string; neighbourhood: string | null; phone: string | null; priceInfo: string | null; rating: Rating };

export function serviceJsonLd(service: ServiceData, origin: string | null) {
  return compact({
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    serviceType: service.category,
    description: service.description,
    url: absolute(origin, `/service/${service.id}`),
    image: absolute(origin, `/og/service/${service.id}`),
    areaServed: { "@type": "City", name: `${TOWN.locality}, ${TOWN.region}` },
    provider: compact({ "@type": "LocalBusiness", name: service.name, telephone: service.phone, address: postalAddress(null, service.neighbourhood) }),
    offers: service.priceInfo ? { "@type": "Offer", description: service.priceInfo, areaServed: `${TOWN.locality}, ${TOWN.region}` } : undefined,
    aggregateRating: aggregateRating(service.rating),
  });
}

export type DriverData = { id: string; name: string; bio: string; vehicleKind: string; vehicleLabel: string; phone: string | null; workingHours: OpeningHours | null; rating: Rating };

export function driverJsonLd(driver: DriverData, origin: string | null) {
  const hours = openingHoursSpecification(driver.workingHours);
  return compact({
    "@context": "https://schema.org",
    // A ride (moto, carro, van) is a TaxiService; freight is a plain Service.
    "@type": driver.vehicleKind === "frete" ? "Service" : "TaxiService",
    name: driver.name,
    serviceType: driver.vehicleLabel,
    description: driver.bio,
    url: absolute(origin, `/driver/${driver.id}`),
    image: absolute(origin, `/og/driver/${driver.id}`),
    areaServed: { "@type": "City", name: `${TOWN.locality}, ${TOWN.region}` },
    provider: compact({ "@type": "Person", name: driver.name, telephone: driver.phone }),
    hoursAvailable: hours.length > 0 ? hours : undefined,
    aggregateRating: aggregateRating(driver.rating),
  });
}

const CONDITIONS: Record<string, string> = {
  novo: "https://schema.org/NewCondition",
  seminovo: "https://schema.org/UsedCondition",
  usado: "https://schema.org/UsedCondition",
};

export type SellItemData = { id: string; title: string; description: string; price: string; condition: string; category: string; status: string; sellerName: string };

export function sellItemJsonLd(item: SellItemData, origin: string | null) {
  const url = absolute(origin, `/sell-items/${item.id}`);
  return compact({
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.title,
    description: item.description || item.title,
    category: item.category,
    url,
    image: absolute(origin, `/og/sell_item/${item.id}`),
    offers: compact({
      "@type": "Offer",
      url,
      price: Number(item.price).toFixed(2),
      priceCurrency: "BRL",
      availability: item.status === "sold" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      itemCondition: CONDITIONS[item.condition],
      seller: { "@type": "Person", name: item.sellerName },
    }),
  });
}

export type NewsData = { id: string; title: string; summary: string; createdAt: string | Date; updatedAt: string | Date; author: { fullName: string; username: string } };

export function newsJsonLd(article: NewsData, origin: string | null) {
  return compact({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title.slice(0, 110),
    description: article.summary,
    url: absolute(origin, `/news/${article.id}`),
    mainEntityOfPage: absolute(origin, `/news/${article.id}`),
    image: origin ? [`${origin}/og/news/${article.id}`] : undefined,
    datePublished: new Date(article.createdAt).toISOString(),
    dateModified: new Date(article.updatedAt).toISOString(),
    author: compact({ "@type": "Person", name: article.author.fullName, url: absolute(origin, `/u/${article.author.username}`) }),
    publisher: compact({ "@type": "Organization", name: "Guida", logo: absolute(origin, "/icons/icon-512.png") }),
  });
}

/** Início › the list › the item; absolute addresses are required, so none without PUBLIC_URL. */
export function breadcrumbJsonLd(origin: string | null, trail: readonly { name: string; path: string }[]) {
  if (!origin) return null;
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Início", path: "/" }, ...trail].map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: `${origin}${step.path}` })),
  };
}
