import ogs from "open-graph-scraper";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_MODERATOR, DEMO_PASSWORD } from "#server/seed/seed-data";
import { form, openTown, request, type Server, signIn, type TownFolder } from "./server-harness";

// What a link-preview crawler reads (issue #31): each shareable page fetched as WhatsApp would
// (open-graph-scraper, WhatsApp's user agent, Open Graph only: no falling back on <title>),
// the share card fetched and measured, and the pages that must show nothing to share:
// private, hidden, profiles. One server with PUBLIC_URL, one without.

const PUBLIC = "https://guida.exemplo.com.br";
const WHATSAPP = "WhatsApp/2.23.20.0 A";
const town = buildDemoTown();
const moderator = town.users.find((user) => user.username === DEMO_MODERATOR)!;

let folder: TownFolder | undefined;
let server: Server;
let bare: Server;

beforeAll(async () => {
  folder = await openTown("previews");
  [server, bare] = await Promise.all([folder.start({ PUBLIC_URL: PUBLIC }, "public"), folder.start({}, "bare")]);
}, 420_000);

afterAll(() => folder?.close());

/** The first item link of a list page, e.g. "/business/<uuid>". */
async function firstLink(base: string, list: string, prefix: string): Promise<string> {
  const page = await request(`${base}${list}`);
  const match = new RegExp(`href="(${prefix}[0-9a-f-]{36})"`).exec(page.body);
  if (!match) throw new Error(`no ${prefix} link on ${list}`);
  return match[1]!;
}

/** The Open Graph and Twitter tags of an HTML head, by property or name. */
function previewTags(html: string): Map<string, string> {
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
  const tags = new Map<string, string>();
  for (const match of head.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"\/>/g)) tags.set(match[1]!, match[2]!);
  return tags;
}

const SHAREABLE = [
  { kind: "business", list: "/businesses", prefix: "/business/" },
  { kind: "service", list: "/services", prefix: "/service/" },
  { kind: "driver", list: "/drivers/all", prefix: "/driver/" },
  { kind: "sell_item", list: "/sell-items", prefix: "/sell-items/" },
  { kind: "post", list: "/posts", prefix: "/posts/" },
  { kind: "news", list: "/news", prefix: "/news/" },
] as const;

describe("a shared link, as WhatsApp reads it", () => {
  for (const { kind, list, prefix } of SHAREABLE) {
    it(`${kind}: title, description, a 1200×630 card under 300 KB, the canonical URL — in the head's first bytes`, async () => {
      const path = await firstLink(server.url, list, prefix);
      const { error, result, html } = await ogs({ url: `${server.url}${path}`, fetchOptions: { headers: { "user-agent": WHATSAPP } }, onlyGetOpenGraphInfo: true });
      expect(error).toBe(false);
      expect(result.ogTitle?.length).toBeGreaterThan(2);
      expect(result.ogDescription?.length).toBeGreaterThan(10);
      expect(result.ogUrl).toBe(`${PUBLIC}${path}`);
      expect(result.ogLocale).toBe("pt_BR");
      expect(result.ogSiteName).toBe("Guida");
      expect(result.twitterCard).toBe("summary_large_image");
      const image = result.ogImage?.[0];
      expect(image?.url).toBe(`${PUBLIC}/og/${kind}/${path.split("/").pop()}`);
      expect([image?.width, image?.height].map(Number)).toEqual([1200, 630]);
      // Crawlers that stop early (a few KB) still find the preview.
      expect(html!.indexOf('property="og:image"')).toBeLessThan(4096);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC}${path}"/>`);
      expect(html).not.toContain('name="robots"');

      const card = await fetch(image!.url.replace(PUBLIC, server.url), { headers: { "user-agent": WHATSAPP } });
      expect(card.status).toBe(200);
      expect(card.headers.get("content-type")).toBe("image/jpeg");
      const bytes = Buffer.from(await card.arrayBuffer());
      expect(bytes.length).toBeLessThan(300 * 1024);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    });
  }

  it("an unknown kind or item has no card", async () => {
    expect((await request(`${server.url}/og/profile/${town.users[0]!.key}`)).status).toBe(404);
    expect((await request(`${server.url}/og/business/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await request(`${server.url}/og/business/nada`)).status).toBe(404);
  });
});

describe("nothing to share or index where nothing should be found", () => {
  it("a resident's private pages carry no preview", async () => {
    const { cookie } = await signIn(server.url, town.users[0]!.email, DEMO_PASSWORD);
    for (const path of ["/profile", "/favorites", "/notifications", "/create-sell-item"]) {
      const page = await request(`${server.url}${path}`, { headers: { Cookie: cookie } });
      expect(page.status, path).toBe(200);
      expect([...previewTags(page.body).keys()], path).toEqual([]);
      expect(page.body, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("a public profile (nobody opted in) has no preview and is noindex", async () => {
    const page = await request(`${server.url}/u/${town.users[1]!.username}`);
    expect(page.status).toBe(200);
    expect([...previewTags(page.body).keys()]).toEqual([]);
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it("hidden content: no page, no card for a visitor; its author's view has no preview", async () => {
    const item = await firstLink(server.url, "/sell-items", "/sell-items/");
    const post = await firstLink(server.url, "/posts", "/posts/");
    const author = /href="\/u\/([^"]+)"/.exec((await request(`${server.url}${post}`)).body)![1]!;
    const { cookie } = await signIn(server.url, moderator.email, DEMO_PASSWORD);
    for (const [kind, path] of [["sell_item", item], ["post", post]] as const) {
      const sent = form({ intent: "hide", kind, id: path.split("/").pop()!, note: "teste de prévia" });
      const hidden = await request(`${server.url}/moderacao`, { body: sent.body, headers: { ...sent.headers, Cookie: cookie } });
      expect(hidden.status, kind).toBe(303);
      const page = await request(`${server.url}${path}`);
      expect(page.status, kind).toBe(404);
      expect([...previewTags(page.body).keys()], kind).toEqual([]);
      expect((await request(`${server.url}/og/${kind}/${path.split("/").pop()}`)).status, kind).toBe(404);
    }
    const writer = town.users.find((user) => user.username === author)!;
    const own = await signIn(server.url, writer.email, DEMO_PASSWORD);
    const page = await request(`${server.url}${post}`, { headers: { Cookie: own.cookie } });
    expect(page.status).toBe(200);
    expect([...previewTags(page.body).keys()]).toEqual([]);
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it("filters, searches and old offset links are noindex with the list as canonical; cursor pages keep their cursor", async () => {
    const filtered = await request(`${server.url}/businesses?categoria=Padaria`);
    expect(filtered.body).toContain('<meta name="robots" content="noindex"/>');
    expect(filtered.body).toContain(`<link rel="canonical" href="${PUBLIC}/businesses"/>`);
    const offset = await request(`${server.url}/news?pagina=2`);
    expect(offset.body).toContain('<meta name="robots" content="noindex"/>');
    const next = /href="\/news\?(depois=[^"&]+&amp;pagina=2)"/.exec((await request(`${server.url}/news`)).body)![1]!.replace("&amp;", "&");
    const cursor = await request(`${server.url}/news?${next}`);
    expect(cursor.body).not.toContain('name="robots"');
    expect(cursor.body).toContain(`<link rel="canonical" href="${PUBLIC}/news?${next.replace("&", "&amp;")}"/>`);
    const search = await request(`${server.url}/search?q=padaria`);
    expect(search.body).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("without PUBLIC_URL", () => {
  it("no absolute canonical, og:url or og:image, and the server says so once at boot", async () => {
    const path = await firstLink(bare.url, "/businesses", "/business/");
    const tags = previewTags((await request(`${bare.url}${path}`)).body);
    expect(tags.get("og:title")?.length).toBeGreaterThan(2);
    expect([tags.has("og:url"), tags.has("og:image"), tags.has("twitter:image")]).toEqual([false, false, false]);
    expect((await request(`${bare.url}${path}`)).body).not.toContain('rel="canonical"');
    expect(bare.proc.output.match(/PUBLIC_URL is not set: pages carry no absolute canonical/g)).toHaveLength(1);
    expect(server.proc.output).not.toContain("PUBLIC_URL is not set");
  });

  it("robots.txt names no sitemap, and there is none to fetch", async () => {
    const robots = await request(`${bare.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.body).toContain("Disallow: /search");
    expect(robots.body).not.toContain("Sitemap:");
    expect((await request(`${bare.url}/sitemap.xml`)).status).toBe(404);
    expect((await request(`${bare.url}/sitemaps/business.xml`)).status).toBe(404);
  });
});
