/**
 * An offline structured-data validator for the JSON-LD Guida writes (issue #31). No schema.org
 * vocabulary can be fetched here, so the part of it these pages use is written down below:
 * for each type, the properties schema.org defines on it (an unknown one is an error, as a
 * typo would be) and what Google's rich results require of it; values are checked by kind
 * (text, absolute URL, ISO date, time of day, day of week, currency, number). It runs on
 * plain objects and reads nothing from anywhere: the tests also hold fetch to that.
 */

type Check = (value: unknown, path: string, errors: string[]) => void;

const text: Check = (value, path, errors) => {
  if (typeof value !== "string" || value.trim() === "") errors.push(`${path}: expected non-empty text`);
};
const url: Check = (value, path, errors) => {
  if (typeof value !== "string" || !/^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value)) errors.push(`${path}: expected an absolute URL, got ${JSON.stringify(value)}`);
};
const isoDateTime: Check = (value, path, errors) => {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) || Number.isNaN(Date.parse(value)))
    errors.push(`${path}: expected an ISO 8601 date, got ${JSON.stringify(value)}`);
};
const time: Check = (value, path, errors) => {
  if (typeof value !== "string" || !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)) errors.push(`${path}: expected a time of day, got ${JSON.stringify(value)}`);
};
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => `https://schema.org/${d}`);
const dayOfWeek: Check = (value, path, errors) => {
  if (!DAYS.includes(value as string)) errors.push(`${path}: not a schema.org DayOfWeek: ${JSON.stringify(value)}`);
};
const enumeration = (...allowed: string[]): Check => (value, path, errors) => {
  if (!allowed.map((a) => `https://schema.org/${a}`).includes(value as string)) errors.push(`${path}: expected one of ${allowed.join(", ")}, got ${JSON.stringify(value)}`);
};
const number = (min = -Infinity, max = Infinity): Check => (value, path, errors) => {
  const n = typeof value === "number" ? value : typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) errors.push(`${path}: expected a number in [${min}, ${max}], got ${JSON.stringify(value)}`);
};
const integer = (min: number): Check => (value, path, errors) => {
  if (!Number.isInteger(value) || (value as number) < min) errors.push(`${path}: expected an integer ≥ ${min}, got ${JSON.stringify(value)}`);
};
const currency: Check = (value, path, errors) => {
  if (typeof value !== "string" || !/^[A-Z]{3}$/.test(value)) errors.push(`${path}: expected an ISO 4217 code, got ${JSON.stringify(value)}`);
};
const telephone: Check = (value, path, errors) => {
  if (typeof value !== "string" || !/^\+?[\d\s()-]{8,}$/.test(value)) errors.push(`${path}: expected a telephone number, got ${JSON.stringify(value)}`);
};
/** A nested object of one of these types. */
const thing = (...types: string[]): Check => (value, path, errors) => validateNode(value, path, errors, types);
const many = (check: Check): Check => (value, path, errors) => {
  if (Array.isArray(value)) value.forEach((item, i) => check(item, `${path}[${i}]`, errors));
  else check(value, path, errors);
};
const oneOf = (...checks: Check[]): Check => (value, path, errors) => {
  const attempts = checks.map((check) => {
    const found: string[] = [];
    check(value, path, found);
    return found;
  });
  if (attempts.every((found) => found.length > 0)) errors.push(...attempts[0]!);
};

type TypeRule = { parent?: string; properties: Record<string, Check>; required?: string[]; oneRequired?: string[][] };

const LOCAL_BUSINESS_SUBTYPES = ["Bakery", "BarOrPub", "Pharmacy", "ClothingStore", "GroceryStore", "AutoRepair", "IceCreamShop", "PetStore", "Restaurant", "BeautySalon"];

const RULES: Record<string, TypeRule> = {
  Thing: { properties: { "@context": text, "@type": text, "@id": url, name: text, description: text, url, image: many(url), sameAs: many(url) } },
  PostalAddress: { parent: "Thing", properties: { streetAddress: text, addressLocality: text, addressRegion: text, addressCountry: text, postalCode: text }, required: ["addressLocality", "addressCountry"] },
  OpeningHoursSpecification: {
    parent: "Thing",
    properties: { dayOfWeek: many(dayOfWeek), opens: time, closes: time, validFrom: isoDateTime, validThrough: isoDateTime },
    required: ["opens", "closes"],
    oneRequired: [["dayOfWeek", "validFrom"]],
  },
  AggregateRating: { parent: "Thing", properties: { ratingValue: number(1, 5), reviewCount: integer(1), ratingCount: integer(1), bestRating: number(), worstRating: number() }, required: ["ratingValue"], oneRequired: [["reviewCount", "ratingCount"]] },
  Person: { parent: "Thing", properties: { telephone }, required: ["name"] },
  Organization: { parent: "Thing", properties: { logo: url, telephone }, required: ["name"] },
  City: { parent: "Thing", properties: {}, required: ["name"] },
  LocalBusiness: {
    parent: "Organization",
    properties: {
      address: thing("PostalAddress"),
      openingHoursSpecification: many(thing("OpeningHoursSpecification")),
      specialOpeningHoursSpecification: many(thing("OpeningHoursSpecification")),
      aggregateRating: thing("AggregateRating"),
      geo: thing("GeoCoordinates"),
      priceRange: text,
    },
    required: ["name", "address"],
  },
  GeoCoordinates: { parent: "Thing", properties: { latitude: number(-90, 90), longitude: number(-180, 180) }, required: ["latitude", "longitude"] },
  ...Object.fromEntries(LOCAL_BUSINESS_SUBTYPES.map((type) => [type, { parent: "LocalBusiness", properties: {} }])),
  Offer: {
    parent: "Thing",
    properties: {
      price: number(0),
      priceCurrency: currency,
      availability: enumeration("InStock", "SoldOut", "OutOfStock", "PreOrder"),
      itemCondition: enumeration("NewCondition", "UsedCondition", "RefurbishedCondition", "DamagedCondition"),
      seller: thing("Person", "Organization"),
      areaServed: text,
    },
  },
  Product: {
    parent: "Thing",
    properties: { offers: thing("Offer"), category: text, aggregateRating: thing("AggregateRating") },
    required: ["name"],
    oneRequired: [["offers", "aggregateRating", "review"]],
  },
  Service: {
    parent: "Thing",
    properties: {
      serviceType: text,
      provider: thing("Person", "Organization", "LocalBusiness"),
      areaServed: oneOf(text, thing("City")),
      offers: thing("Offer"),
      hoursAvailable: many(thing("OpeningHoursSpecification")),
      aggregateRating: thing("AggregateRating"),
    },
    required: ["name"],
  },
  TaxiService: { parent: "Service", properties: {} },
  NewsArticle: {
    parent: "Thing",
    properties: { headline: text, datePublished: isoDateTime, dateModified: isoDateTime, author: many(thing("Person", "Organization")), publisher: thing("Organization"), mainEntityOfPage: url },
    required: ["headline", "datePublished", "author", "image"],
  },
  ListItem: { parent: "Thing", properties: { position: integer(1), item: url }, required: ["position", "name"] },
  BreadcrumbList: { parent: "Thing", properties: { itemListElement: many(thing("ListItem")) }, required: ["itemListElement"] },
};

function lineage(type: string): TypeRule[] {
  const rules: TypeRule[] = [];
  for (let rule: TypeRule | undefined = RULES[type]; rule; rule = rule.parent ? RULES[rule.parent] : undefined) rules.push(rule);
  return rules;
}

function isA(type: string, ancestor: string): boolean {
  for (let current: string | undefined = type; current; current = RULES[current]?.parent) if (current === ancestor) return true;
  return false;
}

function validateNode(value: unknown, path: string, errors: string[], expected: string[] | null): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    errors.push(`${path}: expected an object`);
    return;
  }
  const node = value as Record<string, unknown>;
  const type = node["@type"];
  if (typeof type !== "string" || !RULES[type]) {
    errors.push(`${path}: unknown @type ${JSON.stringify(type)}`);
    return;
  }
  if (expected && !expected.some((ancestor) => isA(type, ancestor))) errors.push(`${path}: a ${type} where ${expected.join(" or ")} was expected`);
  const rules = lineage(type);
  const properties = Object.assign({}, ...rules.map((rule) => rule.properties)) as Record<string, Check>;
  for (const [key, child] of Object.entries(node)) {
    const check = properties[key];
    if (!check) errors.push(`${path}.${key}: not a property of ${type}`);
    else check(child, `${path}.${key}`, errors);
  }
  for (const rule of rules) {
    for (const key of rule.required ?? []) if (node[key] === undefined) errors.push(`${path}: ${type} requires ${key}`);
    for (const group of rule.oneRequired ?? []) if (group.every((key) => node[key] === undefined)) errors.push(`${path}: ${type} requires one of ${group.join(", ")}`);
  }
  if (type === "BreadcrumbList" && Array.isArray(node.itemListElement)) {
    node.itemListElement.forEach((item, i) => {
      if ((item as { position?: unknown }).position !== i + 1) errors.push(`${path}.itemListElement[${i}]: position ${JSON.stringify((item as { position?: unknown }).position)}, expected ${i + 1}`);
    });
  }
}

/** The errors of one top-level JSON-LD object (empty when valid). */
export function validateStructuredData(data: unknown): string[] {
  const errors: string[] = [];
  if ((data as { "@context"?: unknown })?.["@context"] !== "https://schema.org") errors.push(`$: @context must be "https://schema.org"`);
  validateNode(data, "$", errors, null);
  return errors;
}

/** The JSON-LD blocks of an HTML page, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}
