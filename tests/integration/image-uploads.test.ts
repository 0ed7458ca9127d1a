import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_PASSWORD } from "#server/seed/seed-data";
import { openPGlite } from "#server/db/engines";
import { acquireDataDirLock } from "#server/db/lock";
import {
  decodeHtml,
  type HttpResponse,
  openTown,
  request,
  type Server,
  signIn,
  type TownFolder,
} from "./server-harness";

// Issue #14, item 4: every image a resident sends goes through one upload service. Driven
// through the production server (`node server.js`) on a copy of the seeded demo town:
//   - one size limit and one message, one "not an image" message, for every upload field;
//   - what a write replaces or removes is deleted (every width of it);
//   - what was stored for a write that failed is deleted: nothing new stays in DATA_DIR/media.
// The failed writes are real database refusals: before the server starts, triggers that
// raise on rows marked for it are added to the copied database (a stand-in for a write the
// database refuses: a constraint, a lost connection, a conflicting transaction).

const IMAGE_TOO_LARGE = "Cada foto pode ter no máximo 5 MB.";
const NOT_AN_IMAGE = "Esse arquivo não é uma imagem que conseguimos abrir (use JPG, PNG ou WebP).";
/** Text that makes the test database refuse the row (see the triggers below). */
const FORCED_FAULT = "FALHA FORÇADA";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const town = buildDemoTown();
const owners = [...new Set(town.businesses.map((b) => b.ownerKey).filter((key): key is string => Boolean(key)))];
/** A's writes succeed; B's avatar and business images are the ones the database refuses. */
const userA = town.users.find((u) => u.key === owners[0])!;
const userB = town.users.find((u) => u.key === owners[1])!;

let folder: TownFolder | undefined;
let dataDir: string;
let server: Server;
let png: Buffer;
const cookies = { a: "", b: "" };
const business = { a: "", b: "" };

type Upload = { filename: string; type: string; data: Buffer };
type Entry = [name: string, value: string | Upload];

const BOUNDARY = "----guidaImagens5Mb";

function multipart(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of entries) {
    if (typeof value === "string") {
      parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

function post(pathname: string, cookie: string, entries: Entry[]): Promise<HttpResponse> {
  return request(`${server.url}${pathname}`, {
    body: multipart(entries),
    headers: {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      Cookie: cookie,
      Origin: server.url,
      "Sec-Fetch-Site": "same-origin",
    },
  });
}

function page(pathname: string, cookie: string): Promise<HttpResponse> {
  return request(`${server.url}${pathname}`, { headers: { Cookie: cookie } });
}

function visibleText(html: string): string {
  return decodeHtml(html.replace(/<script\b[\s\S]*?<\/script>/gi, " ").replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ");
}

/** Every file under DATA_DIR/media, as "<shape>/<name>". */
function mediaFiles(): Set<string> {
  const root = path.join(dataDir, "media");
  return new Set(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
  );
}

/** The files of a stored image reference ("/media/photo/<id>" → its widths). */
function filesOf(ref: string): string[] {
  const [, shape, id] = /^\/media\/(\w+)\/([\w-]+)$/.exec(ref)!;
  return [...mediaFiles()].filter((file) => file.startsWith(`${shape}/${id}-`));
}

const refsOn = (html: string, shape: string) => [...new Set([...html.matchAll(new RegExp(`/media/${shape}/([\\w-]+)-\\d+\\.webp`, "g"))].map((m) => `/media/${shape}/${m[1]}`))];

const photo = (): Upload => ({ filename: "foto.png", type: "image/png", data: png });
/** Over the limit: 5 MB and one byte more. */
const oversize = (): Upload => ({ filename: "grande.png", type: "image/png", data: Buffer.alloc(5 * 1024 * 1024 + 1, 0x89) });
const notAnImage = (): Upload => ({ filename: "foto.png", type: "image/png", data: Buffer.from("isto não é uma imagem, é texto") });

function idFrom(response: HttpResponse, pattern: string): string {
  expect(response.status, visibleText(response.body).slice(0, 300)).toBe(303);
  const id = new RegExp(`^${pattern.replace("{id}", `(${UUID})`)}$`).exec(String(response.headers.location))?.[1];
  if (!id) throw new Error(`unexpected redirect to ${String(response.headers.location)}`);
  return id;
}

const sellItemFields = (title = "Bicicleta aro 26"): Entry[] => [
  ["title", title],
  ["description", "Pouco usada"],
  ["price", "350"],
  ["condition", "usado"],
  ["category", "Casa"],
  ["location", "Centro"],
];

async function newSellItem(images: Upload[]): Promise<string> {
  return idFrom(await post("/create-sell-item", cookies.a, [...sellItemFields(), ...images.map((i): Entry => ["images", i])]), "/sell-items/{id}");
}

async function newPost(image?: Upload): Promise<string> {
  return idFrom(await post("/create-post", cookies.a, [["content", "Alguém viu meu gato?"], ...(image ? [["image", image] as Entry] : [])]), "/posts/{id}");
}

beforeAll(async () => {
  if (!userA || !userB || userA === userB) throw new Error("the demo town needs two business owners");
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
  folder = await openTown("images");
  dataDir = await folder.copy();

  // The stand-in for a refusing database, added as owner before the server opens the folder.
  const lock = await acquireDataDirLock(dataDir);
  const db = await openPGlite(dataDir);
  try {
    const [b] = await db.query<{ user_id: string; business_id: string }>(
      `SELECT p.id AS user_id, b.id AS business_id FROM public.profiles p JOIN public.businesses b ON b.owner_id = p.id
        WHERE p.username = $1 ORDER BY b.name LIMIT 1`,
      [userB.username],
    );
    if (!b) throw new Error("B owns no business");
    await db.query(`CREATE FUNCTION public.test_forced_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced fault (test stand-in)'; END $$`);
    const marked = `'${FORCED_FAULT}'`;
    for (const trigger of [
      `BEFORE INSERT OR UPDATE ON public.sell_items FOR EACH ROW WHEN (NEW.title = ${marked})`,
      `BEFORE INSERT OR UPDATE ON public.posts FOR EACH ROW WHEN (NEW.content = ${marked})`,
      `BEFORE INSERT ON public.news FOR EACH ROW WHEN (NEW.title = ${marked})`,
      `BEFORE UPDATE OF avatar_url ON public.profiles FOR EACH ROW WHEN (NEW.id = '${b.user_id}')`,
      `BEFORE UPDATE OF logo_url, cover_url ON public.businesses FOR EACH ROW WHEN (NEW.id = '${b.business_id}')`,
      `BEFORE INSERT ON public.business_images FOR EACH ROW WHEN (NEW.business_id = '${b.business_id}')`,
    ].entries()) {
      await db.query(`CREATE TRIGGER test_forced_fault_${trigger[0]} ${trigger[1]} EXECUTE FUNCTION public.test_forced_fault()`);
    }
    business.b = b.business_id;
    const [a] = await db.query<{ id: string }>(
      `SELECT b.id FROM public.businesses b JOIN public.profiles p ON p.id = b.owner_id WHERE p.username = $1 ORDER BY b.name LIMIT 1`,
      [userA.username],
    );
    business.a = a!.id;
  } finally {
    await db.close();
    await lock.release();
  }

  server = await folder.start({ RATE_LIMIT_SCALE: "1000", ACCESS_LOG: "off" });
  cookies.a = (await signIn(server.url, userA.email, DEMO_PASSWORD)).cookie;
  cookies.b = (await signIn(server.url, userB.email, DEMO_PASSWORD)).cookie;
}, 420_000);

afterAll(() => folder?.close());

/** Each upload field of the public contract: where it is posted, by whom, with what else. */
type UploadField = { label: string; path: () => string; cookie: () => string; fields: () => Entry[]; file: string };

let editedItem = "";
let editedPost = "";

const UPLOAD_FIELDS: UploadField[] = [
  { label: "/create-sell-item images", path: () => "/create-sell-item", cookie: () => cookies.a, fields: () => sellItemFields(), file: "images" },
  { label: "/sell-items/{id}/edit images", path: () => `/sell-items/${editedItem}/edit`, cookie: () => cookies.a, fields: () => [["intent", "save"], ...sellItemFields()], file: "images" },
  { label: "/create-post image", path: () => "/create-post", cookie: () => cookies.a, fields: () => [["content", "Feira no sábado"]], file: "image" },
  { label: "/posts/{id}/edit image", path: () => `/posts/${editedPost}/edit`, cookie: () => cookies.a, fields: () => [["intent", "save"], ["content", "Feira no domingo"]], file: "image" },
  { label: "/create-news coverImage", path: () => "/create-news", cookie: () => cookies.a, fields: () => [["title", "Praça reformada"], ["content", "A praça reabre."]], file: "coverImage" },
  { label: "/edit-profile avatar", path: () => "/edit-profile", cookie: () => cookies.a, fields: () => [["intent", "avatar"]], file: "avatar" },
  ...(["logo", "cover", "gallery"] as const).map(
    (kind): UploadField => ({
      label: `/update-business-images ${kind}`,
      path: () => "/update-business-images",
      cookie: () => cookies.a,
      fields: () => [["businessId", business.a], ["kind", kind]],
      file: "image",
    }),
  ),
];

describe("every upload field", () => {
  beforeAll(async () => {
    editedItem = await newSellItem([]);
    editedPost = await newPost();
  }, 60_000);

  for (const field of UPLOAD_FIELDS) {
    it(`${field.label}: over 5 MB is a 413 with the one message, and nothing is stored`, async () => {
      const before = mediaFiles();
      const response = await post(field.path(), field.cookie(), [...field.fields(), [field.file, oversize()]]);
      expect(response.status).toBe(413);
      expect(visibleText(response.body)).toContain(IMAGE_TOO_LARGE);
      expect(mediaFiles()).toEqual(before);
    });

    it(`${field.label}: a file that is not an image is a 400 with the one message, and nothing is stored`, async () => {
      const before = mediaFiles();
      const response = await post(field.path(), field.cookie(), [...field.fields(), [field.file, notAnImage()]]);
      expect(response.status).toBe(400);
      expect(visibleText(response.body)).toContain(NOT_AN_IMAGE);
      expect(mediaFiles()).toEqual(before);
    });
  }

  it("/create-sell-item: a good photo sent with one that is not an image leaves neither stored", async () => {
    const before = mediaFiles();
    const response = await post("/create-sell-item", cookies.a, [...sellItemFields(), ["images", photo()], ["images", notAnImage()]]);
    expect(response.status).toBe(400);
    expect(visibleText(response.body)).toContain(NOT_AN_IMAGE);
    expect(mediaFiles()).toEqual(before);
  });
});

describe("what a write replaces or removes", () => {
  it("the avatar: the previous one's files are deleted", async () => {
    await post("/edit-profile", cookies.a, [["intent", "avatar"], ["avatar", photo()]]);
    const [previous] = refsOn((await page("/edit-profile", cookies.a)).body, "square");
    expect(filesOf(previous!)).toHaveLength(3);
    expect((await post("/edit-profile", cookies.a, [["intent", "avatar"], ["avatar", photo()]])).status).toBe(303);
    const [current] = refsOn((await page("/edit-profile", cookies.a)).body, "square");
    expect(current).not.toBe(previous);
    expect(filesOf(current!)).toHaveLength(3);
    expect(filesOf(previous!)).toEqual([]);
  });

  for (const [kind, shape] of [["logo", "square"], ["cover", "wide"]] as const) {
    it(`the business ${kind}: the previous one's files are deleted`, async () => {
      const send = () => post("/update-business-images", cookies.a, [["businessId", business.a], ["kind", kind], ["image", photo()]]);
      const shown = async () => refsOn((await page(`/business/${business.a}`, "sonda=1")).body, shape);
      expect((await send()).status).toBe(303);
      const previous = await shown();
      expect(previous).toHaveLength(1);
      expect(filesOf(previous[0]!)).toHaveLength(3);
      expect((await send()).status).toBe(303);
      const current = await shown();
      expect(current).toHaveLength(1);
      expect(current[0]).not.toBe(previous[0]);
      expect(filesOf(current[0]!)).toHaveLength(3);
      expect(filesOf(previous[0]!)).toEqual([]);
    });
  }

  it("sell-item photos: the ones removed on edit are deleted, the kept and added ones stay", async () => {
    const id = await newSellItem([photo(), photo()]);
    const [removed, kept] = refsOn((await page(`/sell-items/${id}/edit`, cookies.a)).body, "photo");
    expect(filesOf(removed!)).toHaveLength(3);
    const saved = await post(`/sell-items/${id}/edit`, cookies.a, [["intent", "save"], ...sellItemFields(), ["removeImages", removed!], ["images", photo()]]);
    expect(saved.status).toBe(303);
    const now = refsOn((await page(`/sell-items/${id}/edit`, cookies.a)).body, "photo");
    expect(now).toHaveLength(2);
    expect(now).toContain(kept);
    expect(filesOf(removed!)).toEqual([]);
    for (const ref of now) expect(filesOf(ref)).toHaveLength(3);
  });

  it("a post's image: replaced on edit, the previous one's files are deleted; removed, its files too", async () => {
    const id = await newPost(photo());
    const [previous] = refsOn((await page(`/posts/${id}/edit`, cookies.a)).body, "photo");
    expect(filesOf(previous!)).toHaveLength(3);
    expect((await post(`/posts/${id}/edit`, cookies.a, [["intent", "save"], ["content", "Alguém viu meu gato?"], ["image", photo()]])).status).toBe(303);
    const [current] = refsOn((await page(`/posts/${id}/edit`, cookies.a)).body, "photo");
    expect(current).not.toBe(previous);
    expect(filesOf(current!)).toHaveLength(3);
    expect(filesOf(previous!)).toEqual([]);
    expect((await post(`/posts/${id}/edit`, cookies.a, [["intent", "save"], ["content", "Alguém viu meu gato?"], ["removeImage", "1"]])).status).toBe(303);
    expect(refsOn((await page(`/posts/${id}/edit`, cookies.a)).body, "photo")).toEqual([]);
    expect(filesOf(current!)).toEqual([]);
  });
});

describe("a write the database refuses", () => {
  // `setup` makes the row a case edits (storing its own files) before the snapshot is taken.
  const cases: { label: string; setup?: () => Promise<string>; send: (id: string) => Promise<HttpResponse> }[] = [
    { label: "creating a sell item with photos", send: () => post("/create-sell-item", cookies.a, [...sellItemFields(FORCED_FAULT), ["images", photo()], ["images", photo()]]) },
    {
      label: "adding photos to a sell item",
      setup: () => newSellItem([photo()]),
      send: (id) => post(`/sell-items/${id}/edit`, cookies.a, [["intent", "save"], ...sellItemFields(FORCED_FAULT), ["images", photo()]]),
    },
    { label: "creating a post with an image", send: () => post("/create-post", cookies.a, [["content", FORCED_FAULT], ["image", photo()]]) },
    {
      label: "replacing a post's image",
      setup: () => newPost(photo()),
      send: (id) => post(`/posts/${id}/edit`, cookies.a, [["intent", "save"], ["content", FORCED_FAULT], ["image", photo()]]),
    },
    { label: "creating news with a cover", send: () => post("/create-news", cookies.a, [["title", FORCED_FAULT], ["content", "Texto."], ["coverImage", photo()]]) },
    { label: "changing the avatar", send: () => post("/edit-profile", cookies.b, [["intent", "avatar"], ["avatar", photo()]]) },
    ...(["logo", "cover", "gallery"] as const).map((kind) => ({
      label: `a business ${kind}`,
      send: () => post("/update-business-images", cookies.b, [["businessId", business.b], ["kind", kind], ["image", photo()]]),
    })),
  ];

  for (const { label, setup, send } of cases) {
    it(`${label}: no new file stays in DATA_DIR/media, and nothing it would have replaced is deleted`, async () => {
      const id = setup ? await setup() : "";
      const before = mediaFiles();
      const response = await send(id);
      expect(response.status).toBeGreaterThanOrEqual(400);
      const after = mediaFiles();
      expect([...after].filter((file) => !before.has(file)), "new files left behind").toEqual([]);
      expect([...before].filter((file) => !after.has(file)), "files deleted").toEqual([]);
    });
  }
});
