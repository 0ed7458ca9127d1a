import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeDay, WEEKDAYS } from "#core/business-hours";
import { buildDemoTown, DEMO_MODERATOR, DEMO_PASSWORD } from "#server/seed/seed-data";
import { form, openTown, request, type Server, signIn, type TownFolder } from "./server-harness";
import { jsonLdOf, validateStructuredData } from "./structured-data-validator";

// What a search engine reads (issue #31): the JSON-LD of each kind of listing, checked by an
// offline validator and against what the page itself says; /sitemap.xml against every item a
// visitor can reach through the lists; /robots.txt. One server with PUBLIC_URL.

const PUBLIC = "https://guida.exemplo.com.br";
const town = buildDemoTown();
const moderator = town.users.find((user) => user.username === DEMO_MODERATOR)!;

let folder: TownFolder | undefined;
let server: Server;

beforeAll(async () => {
  folder = await openTown("search-engines");
  server = await folder.start({ PUBLIC_URL: PUBLIC });
}, 420_000);

afterAll(() => folder?.close());

const page = async (path: string) => (await request(`${server.url}${path}`)).body;

/** Every item a visitor reaches by following a list's next-page links. */
async function reachable(list: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for (let path: string | null = list; path; ) {
    const html = await page(path);
    for (const match of html.matchAll(new RegExp(`href="(${prefix}[0-9a-f-]{36})"`, "g"))) found.push(match[1]!);
    const next = /<a[^>]*href="([^"]*depois=[^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    path = next ? (next.startsWith("?") ? `${list.split("?")[0]}${next}` : next) : null;
  }
  return [...new Set(found)];
}

/** The week table of a listing's page: weekday row label → what it says ("07:00 – 18:00", "Fechado"). */
function weekTable(html: string): string[] {
  const table = /<section aria-labelledby="horarios">[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  return [...table.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]!);
}

const KINDS = [
  { name: "business", list: "/businesses", prefix: "/business/", types: /^(Bakery|BarOrPub|Pharmacy|ClothingStore|GroceryStore|AutoRepair|IceCreamShop|PetStore|Restaurant|BeautySalon|LocalBusiness)$/ },
  { name: "service", list: "/services", prefix: "/service/", types: /^Service$/ },
  { name: "driver", list: "/drivers/all", prefix: "/driver/", types: /^(TaxiService|Service)$/ },
  { name: "sell item", list: "/sell-items", prefix: "/sell-items/", types: /^Product$/ },
  { name: "news article", list: "/news", prefix: "/news/", types: /^NewsArticle$/ },
] as const;

describe("structured data, validated offline", () => {
  it("the validator finds planted errors (and so can fail)", () => {
    expect(validateStructuredData({ "@context": "https://schema.org", "@type": "Bakery", name: "Padaria" })).toEqual(["$: Bakery requires address"]);
    expect(
      validateStructuredData({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Bicicleta",
        offers: { "@type": "Offer", price: "R$ 10", priceCurrency: "real", availability: "InStock", colour: "azul" },
      }),
    ).toEqual([
      '$.offers.price: expected a number in [0, Infinity], got "R$ 10"',
      '$.offers.priceCurrency: expected an ISO 4217 code, got "real"',
      '$.offers.availability: expected one of InStock, SoldOut, OutOfStock, PreOrder, got "InStock"',
      "$.offers.colour: not a property of Offer",
    ]);
  });

  for (const { name, list, prefix, types } of KINDS) {
    it(`${name}: no error, the main type and a breadcrumb, fetching nothing`, async () => {
      const [path] = await reachable(`${list}`, prefix).then((all) => all.slice(0, 1));
      const blocks = jsonLdOf(await page(path!));
      const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("the validator must fetch nothing"));
      try {
        expect(blocks.map((block) => validateStructuredData(block))).toEqual(blocks.map(() => []));
      } finally {
        expect(fetchSpy).not.toHaveBeenCalled();
        fetchSpy.mockRestore();
      }
      expect(blocks.map((block) => block["@type"])).toEqual([expect.stringMatching(types), "BreadcrumbList"]);
      expect((blocks[0]!.url as string | undefined) ?? `${PUBLIC}${path}`).toBe(`${PUBLIC}${path}`);
      const crumbs = (blocks[1]!.itemListElement as { item: string }[]).map((step) => step.item);
      expect(crumbs).toEqual([`${PUBLIC}/`, `${PUBLIC}${list}`, `${PUBLIC}${path}`]);
    });
  }

  it("every business: the JSON-LD's week is the page's week table (hours past midnight too), its rating the page's", async () => {
    const businesses = await reachable("/businesses", "/business/");
    expect(businesses.length).toBe(town.businesses.length);
    let pastMidnight = 0;
    let rated = 0;
    for (const path of businesses) {
      const html = await page(path);
      const data = jsonLdOf(html)[0]!;
      const specs = (data.openingHoursSpecification ?? []) as { dayOfWeek: string; opens: string; closes: string }[];
      const fromJsonLd = WEEKDAYS.map((day) => {
        const spec = specs.find((s) => s.dayOfWeek.toLowerCase().endsWith(`/${day}`));
        return describeDay(spec ? { open: true, opensAt: spec.opens, closesAt: spec.closes } : undefined);
      });
      const table = weekTable(html);
      if (table.length > 0) expect(fromJsonLd, path).toEqual(table);
      else expect(specs, path).toEqual([]);
      pastMidnight += specs.some((s) => s.closes < s.opens) ? 1 : 0;
      const rating = data.aggregateRating as { ratingValue: string; reviewCount: number } | undefined;
      const average = /data-testid="nota-media">([^<]+)</.exec(html)?.[1];
      expect(rating?.ratingValue.replace(".", ","), path).toBe(average);
      if (rating) {
        rated++;
        expect(html).toContain(`data-testid="total-avaliacoes">${rating.reviewCount === 1 ? "1 avaliação" : `${rating.reviewCount} avaliações`}<`);
      }
    }
    // The demo town has bars open past midnight and reviewed businesses: both were checked.
    expect(pastMidnight).toBeGreaterThan(0);
    expect(rated).toBeGreaterThan(0);
  });
});

async function sitemapUrls(): Promise<string[]> {
  const index = await request(`${server.url}/sitemap.xml`);
  expect(index.status).toBe(200);
  expect(index.headers["content-type"]).toMatch(/^application\/xml/);
  const pages = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  expect(pages.every((loc) => loc.startsWith(`${PUBLIC}/sitemaps/`))).toBe(true);
  const urls: string[] = [];
  for (const loc of pages) {
    const body = await page(loc.replace(PUBLIC, ""));
    for (const match of body.matchAll(/<url><loc>([^<]+)<\/loc>(<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)) {
      if (match[3]) expect(Number.isNaN(Date.parse(match[3]))).toBe(false);
      urls.push(match[1]!.replace(PUBLIC, ""));
    }
  }
  return urls;
}

describe("the sitemap and robots.txt", () => {
  it("lists every item a visitor can reach once, each page lasting-modified, and nothing else", async () => {
    const urls = await sitemapUrls();
    expect(urls.length).toBe(new Set(urls).size);
    const lists = ["/", "/businesses", "/services", "/drivers/all", "/sell-items", "/posts", "/news", "/farmacias-de-plantao"];
    const items = (
      await Promise.all([
        reachable("/businesses", "/business/"),
        reachable("/services", "/service/"),
        reachable("/drivers/all", "/driver/"),
        reachable("/sell-items", "/sell-items/"),
        reachable("/posts", "/posts/"),
        reachable("/news", "/news/"),
      ])
    ).flat();
    expect(urls.sort()).toEqual([...lists, ...items].sort());
  });

  it("a hidden item leaves the sitemap at once", async () => {
    const [item] = await reachable("/sell-items", "/sell-items/");
    expect(await sitemapUrls()).toContain(item);
    const { cookie } = await signIn(server.url, moderator.email, DEMO_PASSWORD);
    const sent = form({ intent: "hide", kind: "sell_item", id: item!.split("/").pop()!, note: "teste do sitemap" });
    expect((await request(`${server.url}/moderacao`, { body: sent.body, headers: { ...sent.headers, Cookie: cookie } })).status).toBe(303);
    expect(await sitemapUrls()).not.toContain(item);
  });

  it("robots.txt keeps crawlers from private pages, search and filters, and names the sitemap", async () => {
    const robots = await request(`${server.url}/robots.txt`);
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = robots.body.split("\n");
    for (const line of ["User-agent: *", "Disallow: /search", "Disallow: /login", "Disallow: /favorites", "Disallow: /moderacao", "Disallow: /*?categoria=", "Disallow: /*&precoMin=", `Sitemap: ${PUBLIC}/sitemap.xml`]) {
      expect(lines).toContain(line);
    }
    // Public profiles carry noindex: a crawler must be allowed to read it. Share cards stay open.
    expect(lines.filter((line) => /^Disallow: \/(u|user|users)\b/.test(line))).toEqual([]);
    expect(lines.filter((line) => line.startsWith("Disallow: /og"))).toEqual([]);
  });

  it("a sitemap page that does not exist is a 404", async () => {
    for (const path of ["/sitemaps/profile.xml", "/sitemaps/business.xml?desde=nada", "/sitemaps/business.txt", "/sitemaps/business.xml?desde=ffffffff-ffff-4fff-bfff-ffffffffffff"]) {
      expect((await request(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});
