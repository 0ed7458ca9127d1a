import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldRules, PHONE_FORMAT } from "#core/field-rules";
import { NOT_AN_IMAGE } from "#core/images";
import { townDate } from "#core/business-hours";
import { PostSchema } from "#core/post-form";
import { CommentSchema, DeleteCommentSchema } from "~/lib/comment-schema";
import { passwordProblem } from "~/lib/password-policy";
import { SellItemSchema } from "~/lib/sell-item-schema";
import { NUL_REFUSED, UNREADABLE_FORM } from "#server/toolkit/action";
import { PUSH_NO_KIND, PUSH_REFUSED } from "#server/toolkit/push-intents";
import { buildDemoTown, DEMO_MODERATOR, DEMO_PASSWORD } from "#server/seed/seed-data";
import { missingRows, routeActions } from "../action-intents";
import {
  confirmFromLog,
  cookiePair,
  decodeHtml,
  type HttpResponse,
  request,
  type Server,
  signIn,
  startTownServer,
  type TownFolder,
} from "./server-harness";

// Issue #9: every form action of the public contract (DESIGN.md §4) attacked with the
// same table of hostile inputs — missing and duplicated fields, 100 KB strings, wrong
// types, NUL bytes and odd Unicode, markup, SQL-looking text, forged ids of other users'
// rows, wrong content types, broken multipart. Each case is one `it`, named as the rule
// it checks. A refusal must be a 4xx carrying its Portuguese message, never a 5xx or a
// stack trace, and must leave nothing behind (the pages that show what the action could
// change, and the stored files, are compared before and after). Text a person could
// legitimately type (markup, SQL-looking words, odd Unicode) must be accepted, stored
// verbatim and rendered inert.
//
// Adding a form (one row per action and intent; tests/unit/action-intents.test.ts names any
// intent of app/routes.ts without a row): an ActionSpec in ACTIONS (or a family's list spread
// into it, like ISSUE_18_ACTIONS) —
//   { label: "POST /path intent=x", path, cookie (who sends it), encoding: "form" | "multipart",
//     fields: FieldSpec[], duplicated, empty, huge, probe (what the action could change), nothing }
// and per field { name, kind, valid, required?, invalid?, long?, wrong?, shownAt? }. A message is
// taken from where the app says it: `tooLong(Schema.shape.field)` or `firstMessage(rule.safeParse(…))`
// for a form's exported zod schema or field rule (core/, app/lib), the exported constants
// (UNREADABLE_FORM, NOT_AN_IMAGE, PHONE_FORMAT, …); written out only when a route keeps it to itself.
// The generators (GENERATORS) turn every row into its cases, so a row lists only its own wrong values (`wrong`).
//
// One production server (`node server.js`) on a copy of the seeded demo town, with the
// write limits scaled up: hundreds of posts from one address are the point here.

const town = buildDemoTown();

// ---------------------------------------------------------------------------------------
// Messages the app answers with (Portuguese unless the product spec fixes the words): taken
// from the module that says them when it exports them (the field rules, the action toolkit,
// the images' rules), written out where a route keeps its words to itself.

/** The message of a field rule's first refusal. */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  const message = result.error?.issues[0]?.message;
  if (result.success || !message) throw new Error("the rule accepted the hostile value");
  return message;
}

const UNREADABLE = UNREADABLE_FORM;
const TOO_LARGE = "O envio é grande demais.";
const UNKNOWN_ACTION = "Ação desconhecida.";
/** What zod says of a field sent twice (core/zod-messages.ts). */
const INVALID_VALUE = firstMessage(z.string().safeParse(["a", "b"]));
/** The product spec's own words for these (kept in English on purpose, spec §sign-in and §favorites). */
const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";
const FAVORITE_ADD_ERROR = "Error adding favorite";
const FAVORITE_REMOVE_ERROR = "Error removing favorite";
const WRONG_CREDENTIALS = "E-mail, telefone ou senha incorretos.";
const INVALID_EMAIL = "Digite um e-mail válido, como nome@exemplo.com.";
const CONFIRM_EXPIRED = "Este link de confirmação expirou ou já foi usado. Peça um novo abaixo.";
const USERNAME_FORMAT = firstMessage(fieldRules.username.safeParse("Nome Com Espaço"));
const PAGE_NOT_FOUND = "Página não encontrada";
const SELL_ITEM_NOT_OWNER = "Só quem publicou este anúncio pode alterá-lo ou excluí-lo.";
const POST_NOT_AUTHOR = "Só quem publicou o post pode editá-lo ou excluí-lo.";
const PRICE_FORMAT = firstMessage(fieldRules.price.safeParse("doze reais"));
const BUSINESS_GONE = "Negócio não encontrado.";
const BUSINESS_NOT_OWNER = "Só o dono do negócio pode trocar as fotos.";
const NOTIFICATION_GONE = "Notificação não encontrada.";
const POLL_GONE = "Enquete não encontrada.";
const NOT_AN_OPTION = "Essa opção não faz parte desta enquete.";
const KIND_CHOICE = "Escolha se a imagem é o logo, a capa ou uma foto da galeria.";

// ---------------------------------------------------------------------------------------
// Hostile values

const KB100 = "a".repeat(100 * 1024);
const MB2 = "b".repeat(2 * 1024 * 1024);
/** RTL override, zero-width joiners inside an emoji family, stacked combining marks. */
const ODD_UNICODE = "\u202Eodnum \u200Dolá\u200D 👩\u200D👩\u200D👧 é\u0301\u0302\u0303 Z\u0351\u0352\u0353 🇧🇷";
/** Bytes no UTF-8 encoder produces: a lone surrogate (ED A0 80), FF FE, a cut-off sequence. */
const BAD_BYTES = Buffer.concat([
  Buffer.from("bytes "),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from(" e "),
  Buffer.from([0xff, 0xfe]),
  Buffer.from(" fim "),
  Buffer.from([0xc3]),
  Buffer.from("!"),
]);
const SCRIPT = "<script>alert(1)</script>";
const ATTRIBUTE_BREAKOUT = '"><img src=x onerror=alert(1)>';
const JS_URL = "javascript:alert(document.cookie)";
const SQL_DROP = "'; drop table posts; --";
const SQL_OR = "' or '1'='1";
/** Everything the inert checks look for, in one string short enough for every text field. */
const PAYLOAD = `${SCRIPT} ${ATTRIBUTE_BREAKOUT} ${JS_URL}`;

type Value = string | Buffer;
type Upload = { filename: string; type: string; data: Buffer };
type Entry = [name: string, value: Value | Upload];

const isUpload = (value: Value | Upload): value is Upload => typeof value === "object" && !Buffer.isBuffer(value);

/** What the server's decoder makes of a value: raw bytes go through the WHATWG UTF-8 decoder. */
function decoded(value: Value): string {
  return typeof value === "string" ? value : new TextDecoder().decode(value);
}

// ---------------------------------------------------------------------------------------
// Bodies, built by hand so nothing is normalised on the way out

function percentEncode(value: Value): string {
  if (typeof value === "string") return new URLSearchParams([["", value]]).toString().slice(1);
  return [...value].map((byte) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`).join("");
}

function urlencoded(entries: Entry[]): Buffer {
  return Buffer.from(
    entries
      .filter((entry): entry is [string, Value] => !isUpload(entry[1]))
      .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
      .join("&"),
  );
}

function multipart(entries: Entry[], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of entries) {
    if (isUpload(value)) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`),
        value.data,
        Buffer.from("\r\n"),
      );
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), Buffer.from(value), Buffer.from("\r\n"));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const BOUNDARY = "----guidaHostil7MA4YWxkTrZu0gW";

type Payload = { body: Buffer; contentType: string | null };

// ---------------------------------------------------------------------------------------
// Reading pages

/** What a person sees: no scripts or styles, no tags, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return decodeHtml(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

type Tag = { name: string; attributes: Map<string, string> };

/** Start tags and their attributes, read the way a browser tokenizes them (quoted values may hold ">"). */
function startTags(html: string): Tag[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, "");
  const tags: Tag[] = [];
  for (const match of withoutComments.matchAll(/<([a-zA-Z][^\s/>]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g)) {
    const attributes = new Map<string, string>();
    for (const attribute of (match[2] ?? "").matchAll(/([^\s"'=<>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g)) {
      const raw = attribute[2] ?? "";
      attributes.set(attribute[1]!.toLowerCase(), decodeHtml(raw.replace(/^["']|["']$/g, "")));
    }
    tags.push({ name: match[1]!.toLowerCase(), attributes });
  }
  return tags;
}

function cspNonce(response: HttpResponse): string {
  const csp = String(response.headers["content-security-policy"] ?? "");
  const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) throw new Error(`no script nonce in the CSP: ${csp}`);
  return nonce;
}

/**
 * The page runs nothing a user wrote: every script carries this response's CSP nonce, no
 * element has an inline event handler (React never renders one on the server), and no
 * link, image, form or frame points at a javascript: URL.
 */
function expectInert(page: HttpResponse, where: string) {
  const nonce = cspNonce(page);
  expect(String(page.headers["content-security-policy"]), where).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const tag of startTags(page.body)) {
    // A JSON-LD block (issue #31) is data the browser never runs, so it needs no nonce; its
    // content is checked below instead.
    const dataBlock = tag.name === "script" && tag.attributes.get("type") === "application/ld+json";
    if (tag.name === "script" && !dataBlock) expect(tag.attributes.get("nonce"), `${where}: a <script> without this response's nonce`).toBe(nonce);
    for (const [name, value] of tag.attributes) {
      expect(name, `${where}: <${tag.name} ${name}=…> is an inline event handler`).not.toMatch(/^on/);
      if (["href", "src", "action", "formaction", "xlink:href", "srcdoc"].includes(name)) {
        // eslint-disable-next-line no-control-regex -- browsers drop these before reading the scheme
        expect(value.replace(/[\u0000-\u0020]/g, "").toLowerCase(), `${where}: <${tag.name} ${name}>`).not.toMatch(/^javascript:/);
      }
    }
  }
  // Structured data carries what residents wrote: it stays JSON, with no "<" that could close
  // the block and start markup of its own.
  for (const [, json] of page.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    expect(json, `${where}: a "<" inside JSON-LD`).not.toContain("<");
    expect(() => JSON.parse(json!), `${where}: JSON-LD that is not JSON`).not.toThrow();
  }
  // Nothing of the payload reached the markup unescaped, in text or in the hydration data.
  expect(page.body, where).not.toContain(SCRIPT);
  expect(page.body, where).not.toContain("<img src=x");
}

/** The values a form on the page would submit as it stands: inputs, textareas, selected options. */
function formState(html: string): string {
  const state: string[] = [];
  for (const tag of startTags(html)) {
    if (tag.name !== "input") continue;
    const type = tag.attributes.get("type") ?? "text";
    if (type === "file" || type === "submit") continue;
    if ((type === "checkbox" || type === "radio") && !tag.attributes.has("checked")) continue;
    state.push(`${tag.attributes.get("name")}=${tag.attributes.get("value") ?? ""}`);
  }
  for (const match of html.matchAll(/<textarea\b[^>]*\bname="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g)) state.push(`${match[1]}=${decodeHtml(match[2]!)}`);
  for (const match of html.matchAll(/<select\b[^>]*\bname="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const selected = /<option\b[^>]*\bselected=""[^>]*value="([^"]*)"|<option\b[^>]*value="([^"]*)"[^>]*\bselected=""/.exec(match[2]!);
    state.push(`${match[1]}=${selected?.[1] ?? selected?.[2] ?? ""}`);
  }
  // Pictures shown with the form (the current photos, the avatar) belong to the state too.
  for (const tag of startTags(html)) if (tag.name === "img" && tag.attributes.get("src")?.startsWith("/media/")) state.push(`img=${tag.attributes.get("src")}`);
  return state.join("\n");
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

function idsIn(html: string, pattern: RegExp): string[] {
  return [...new Set([...html.matchAll(pattern)].map((m) => m[1]!))].sort();
}

/** The values of the inputs and buttons of that name (hidden ids, vote options), in page order. */
function valuesOf(html: string, name: string): string[] {
  return startTags(html)
    .filter((tag) => (tag.name === "input" || tag.name === "button") && tag.attributes.get("name") === name)
    .map((tag) => tag.attributes.get("value") ?? "");
}

function firstValue(html: string, name: string, what: string): string {
  const [value] = valuesOf(html, name);
  if (!value) throw new Error(`no ${what} on the page`);
  return value;
}

/** The id of the first gallery photo of a business: its removal form names the business, then the photo. */
function galleryImageOf(html: string, businessId: string): string {
  let business = "";
  for (const tag of startTags(html)) {
    if (tag.name !== "input") continue;
    if (tag.attributes.get("name") === "businessId") business = tag.attributes.get("value") ?? "";
    if (tag.attributes.get("name") === "imageId" && business === businessId) return tag.attributes.get("value")!;
  }
  throw new Error(`no gallery photo of business ${businessId} on the page`);
}

function firstMatch(html: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no ${what} on the page`);
  return decodeHtml(found);
}

// ---------------------------------------------------------------------------------------
// The server, the people and their rows

let server: Server;
let folder: TownFolder | undefined;
let dataDir: string;

/** A (the actor) and B (whose rows A forges) each own a business of the demo town. */
const owners = [...new Set(town.businesses.map((b) => b.ownerKey).filter((key): key is string => Boolean(key)))];
const userA = town.users.find((u) => u.key === owners[0])!;
const userB = town.users.find((u) => u.key === owners[1])!;
/** Issue #32: an admin who owns nothing and moderates nothing, named by ADMIN_EMAIL. */
const admin = town.users.find((u) => !owners.includes(u.key) && u.username !== DEMO_MODERATOR)!;

const ctx = {
  a: "",
  b: "",
  /** A fresh account whose password the password cases change. */
  p: { cookie: "", email: "", password: "", username: "" },
  businessA: "",
  businessB: "",
  galleryImageA: "",
  galleryImageB: "",
  itemA: "",
  itemB: "",
  itemBPhotos: [] as string[],
  postA: "",
  postB: "",
  optionsB: [] as string[],
  postC: "",
  optionsC: [] as string[],
  notificationA: "",
  notificationB: "",
  newsB: "",
  /** The demo town's moderator, and a post of B's the moderation rows hide and restore. */
  m: "",
  modPost: "",
  modProfile: "",
  /** A claim the moderator already refused. */
  answeredClaim: "",
  /** Issue #32: the admin (ADMIN_EMAIL) who keeps the town's holidays. */
  admin: "",
  /** Issue #30: B's comment on B's post (A replies to it) and A's own (A edits it). */
  commentB: "",
  commentA: "",
  /** A's comment on B's article (A edits it). */
  newsCommentA: "",
  /**
   * B's business, service and driver (the last two proposed by B and approved by the
   * moderator), each with A's review answered by B: another create is a 409, another answer too.
   */
  reviewed: {
    business: { id: "", reviewA: "" },
    service: { id: "", reviewA: "" },
    driver: { id: "", reviewA: "" },
  },
};

let png: Buffer;
let sequence = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(sequence++).toString(36)}`;

function sameSite(): Record<string, string> {
  return { Origin: server.url, "Sec-Fetch-Site": "same-origin" };
}

async function get(pathname: string, cookie: string): Promise<HttpResponse> {
  // A cookie of some kind on every read keeps it out of the visitors' shared page cache.
  return request(`${server.url}${pathname}`, { headers: { Cookie: cookie || "sonda=1" } });
}

async function post(pathname: string, cookie: string, payload: Payload): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...sameSite() };
  if (cookie) headers.Cookie = cookie;
  if (payload.contentType !== null) headers["Content-Type"] = payload.contentType;
  return request(`${server.url}${pathname}`, { body: payload.body, headers });
}

const asForm = (entries: Entry[]): Payload => ({ body: urlencoded(entries), contentType: "application/x-www-form-urlencoded" });
const asMultipart = (entries: Entry[]): Payload => ({ body: multipart(entries, BOUNDARY), contentType: `multipart/form-data; boundary=${BOUNDARY}` });

function location(response: HttpResponse): string {
  return String(response.headers.location ?? "");
}

function sessionOf(response: HttpResponse): string | null {
  const line = response.cookies.find((c) => c.startsWith("guida_session=") && !/guida_session=;|Max-Age=0/i.test(c));
  return line ? cookiePair(line) : null;
}

/** Every stored file (images and their variants) under the data folder. */
function storedFiles(): number {
  const root = path.join(dataDir, "media");
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

async function created(pathname: string, cookie: string, payload: Payload, what: string): Promise<string> {
  const response = await post(pathname, cookie, payload);
  if (response.status !== 303) throw new Error(`${what} answered ${response.status}: ${visibleText(response.body).slice(0, 400)}`);
  return location(response);
}

async function newSellItem(cookie: string, title: string, images: Upload[] = []): Promise<string> {
  const to = await created(
    "/create-sell-item",
    cookie,
    asMultipart([
      ["title", title],
      ["description", "Objeto de teste"],
      ["price", "35"],
      ["condition", "usado"],
      ["category", "Casa"],
      ["location", "Centro"],
      ...images.map((image): Entry => ["images", image]),
    ]),
    "creating a sell item",
  );
  return firstMatch(to, new RegExp(`^/sell-items/(${UUID})$`), "sell item id in the redirect");
}

async function newPost(cookie: string, content: string, poll?: { question: string; options: string[] }): Promise<string> {
  const entries: Entry[] = [["content", content]];
  if (poll) entries.push(["pollQuestion", poll.question], ...poll.options.map((o): Entry => ["pollOptions", o]));
  const to = await created("/create-post", cookie, asMultipart(entries), "creating a post");
  return firstMatch(to, new RegExp(`^/posts/(${UUID})$`), "post id in the redirect");
}

async function newComment(cookie: string, itemPath: string, body: string): Promise<string> {
  const to = await created(itemPath, cookie, asForm([["intent", "comment"], ["body", body]]), "writing a comment");
  return firstMatch(to, new RegExp(`comentario=(${UUID})`), "comment id in the redirect");
}

/** A service or driver B proposes and the moderator approves: B owns it (issue #30's review rows). */
async function approvedListingOfB(tipo: "servico" | "motorista", category: string): Promise<string> {
  const name = `Cadastro de B ${unique()}`;
  await created(`/cadastrar/${tipo}`, ctx.b, asForm([["name", name], ["category", category]]), `proposing a ${tipo}`);
  await created("/moderacao", ctx.m, asForm([["intent", "approve-listing"], ["id", await pendingIdAfter(`aria-label="Cadastro: ${name}"`)]]), `approving the ${tipo}`);
  const kind = tipo === "servico" ? "service" : "driver";
  // B's newest notification links the listing the approval created.
  return firstMatch((await get("/notifications", ctx.b)).body, new RegExp(`href="/${kind}/(${UUID})"`), `the approved ${tipo}'s link`);
}

async function newNews(cookie: string, title: string): Promise<string> {
  const to = await created(
    "/create-news",
    cookie,
    asMultipart([
      ["title", title],
      ["content", "Texto da notícia."],
    ]),
    "creating news",
  );
  return firstMatch(to, new RegExp(`^/news/(${UUID})$`), "news id in the redirect");
}

beforeAll(async () => {
  if (!userA || !userB || userA === userB) throw new Error("the demo town needs two business owners");
  png = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  ({ town: folder, server } = await startTownServer("hostile", { RATE_LIMIT_SCALE: "1000", ACCESS_LOG: "off", ADMIN_EMAIL: admin.email }));
  dataDir = path.join(folder.dir, "data");

  ctx.a = (await signIn(server.url, userA.email, DEMO_PASSWORD, sameSite())).cookie;
  ctx.b = (await signIn(server.url, userB.email, DEMO_PASSWORD, sameSite())).cookie;
  ctx.m = (await signIn(server.url, town.users.find((u) => u.username === DEMO_MODERATOR)!.email, DEMO_PASSWORD, sameSite())).cookie;
  ctx.admin = (await signIn(server.url, admin.email, DEMO_PASSWORD, sameSite())).cookie;
  const photo: Upload = { filename: "foto.png", type: "image/png", data: png };

  // Each owner's business, with one gallery photo whose id the forged removals use.
  for (const who of ["A", "B"] as const) {
    const cookie = who === "A" ? ctx.a : ctx.b;
    const page = (await get("/update-business-images", cookie)).body;
    const businessId = firstValue(page, "businessId", `business of ${who}`);
    await created(
      "/update-business-images",
      cookie,
      asMultipart([
        ["businessId", businessId],
        ["kind", "gallery"],
        ["image", photo],
      ]),
      "adding a gallery photo",
    );
    const imageId = galleryImageOf((await get("/update-business-images", cookie)).body, businessId);
    if (who === "A") [ctx.businessA, ctx.galleryImageA] = [businessId, imageId];
    else [ctx.businessB, ctx.galleryImageB] = [businessId, imageId];
  }

  // Ads and posts to edit (A's) and to forge (B's).
  ctx.itemA = await newSellItem(ctx.a, "Cadeira de A");
  ctx.itemB = await newSellItem(ctx.b, "Mesa de B", [photo]);
  ctx.itemBPhotos = valuesOf((await get(`/sell-items/${ctx.itemB}/edit`, ctx.b)).body, "removeImages");
  if (ctx.itemBPhotos.length !== 1) throw new Error("B's ad should have one photo");
  ctx.postA = await newPost(ctx.a, "Post de A", { question: "Qual dia?", options: ["Sábado", "Domingo"] });
  ctx.postB = await newPost(ctx.b, "Post de B", { question: "Qual cor?", options: ["Azul", "Verde"] });
  ctx.newsB = await newNews(ctx.b, "Notícia de B");
  ctx.modPost = await newPost(ctx.b, "Post de B para a moderação");
  ctx.modProfile = firstMatch((await get(`/u/${DEMO_MODERATOR}`, "")).body, new RegExp(`tipo=profile(?:&amp;|&)id=(${UUID})`), "the moderator's profile id");
  await ensure.claim();
  [ctx.answeredClaim, targets.claim] = [targets.claim, ""];
  await created("/moderacao", ctx.m, asForm([["intent", "reject-claim"], ["id", ctx.answeredClaim]]), "refusing a claim");
  ctx.commentB = await newComment(ctx.b, `/posts/${ctx.postB}`, "Comentário de B");
  ctx.commentA = await newComment(ctx.a, `/posts/${ctx.postB}`, "Comentário de A");
  ctx.newsCommentA = await newComment(ctx.a, `/news/${ctx.newsB}`, "Comentário de A na notícia");
  ctx.reviewed.business.id = ctx.businessB;
  ctx.reviewed.service.id = await approvedListingOfB("servico", "Reformas");
  ctx.reviewed.driver.id = await approvedListingOfB("motorista", "moto");
  for (const kind of REVIEWED_KINDS) {
    const listing = ctx.reviewed[kind];
    listing.reviewA = firstMatch(
      await created(`/${kind}/${listing.id}`, ctx.a, asForm([["intent", "review"], ["stars", "4"], ["body", "Atendimento bom"]]), `writing a review of a ${kind}`),
      new RegExp(`#avaliacao-(${UUID})`),
      "review id in the redirect",
    );
    await created(`/${kind}/${listing.id}`, ctx.b, asForm([["intent", "answer-review"], ["reviewId", listing.reviewA], ["body", "Obrigado!"]]), `answering a review of a ${kind}`);
  }
  ctx.optionsB = valuesOf((await get(`/posts/${ctx.postB}`, ctx.a)).body, "optionId");
  // A third poll nobody edits: its options are the forged ones (A's own poll changes under the table).
  ctx.postC = await newPost(ctx.b, "Post de C", { question: "Qual hora?", options: ["Manhã", "Tarde"] });
  ctx.optionsC = valuesOf((await get(`/posts/${ctx.postC}`, ctx.a)).body, "optionId");
  if (ctx.optionsB.length !== 2 || ctx.optionsC.length !== 2) throw new Error("the polls should have two options each");

  // Favoriting each other's ads gives each a notification (and B a favorite A must not touch).
  for (const [cookie, item] of [
    [ctx.b, ctx.itemA],
    [ctx.a, ctx.itemB],
  ] as const) {
    await created(
      "/favorites",
      cookie,
      asForm([
        ["intent", "add"],
        ["itemType", "sell_item"],
        ["itemId", item],
      ]),
      "adding a favorite",
    );
  }
  ctx.notificationA = firstValue((await get("/notifications", ctx.a)).body, "id", "notification of A");
  ctx.notificationB = firstValue((await get("/notifications", ctx.b)).body, "id", "notification of B");

  // A fresh account for the password changes, so A's own sessions live on.
  const name = `senha_${unique()}`;
  ctx.p = { cookie: "", email: `${name}@exemplo.com.br`, password: "senha-inicial-42", username: name };
  const signup = await post(
    "/login",
    "",
    asForm([
      ["intent", "signup"],
      ["email", ctx.p.email],
      ["password", ctx.p.password],
      ["fullName", "Conta de Senha"],
      ["username", name],
    ]),
  );
  // Issue #25: no session until the link the server logged is opened.
  if (signup.status !== 200 || sessionOf(signup)) throw new Error(`sign-up answered ${signup.status}`);
  ctx.p.cookie = (await confirmFromLog(server.proc, server.url, ctx.p.email, sameSite())).cookie;
}, 240_000);

afterAll(() => folder?.close());

// ---------------------------------------------------------------------------------------
// The table: actions × hostile inputs

type Refusal = { status: number; message: string };
const ACCEPTED = "accepted" as const;
type Outcome = Refusal | typeof ACCEPTED;
/** A message as the page shows it to the check (visibleText folds every space, the BRL's no-break one too). */
const refused = (status: number, message: string): Refusal => ({ status, message: message.replace(/\s/g, " ") });

/**
 * A field's "too long" refusal, from the form's own rule (its zod schema or field rule): the
 * long case sends 100 KB, over every limit, and the 2 MB case is refused by the same rule.
 * A limit written out in a row instead is one a route keeps to itself (not exported).
 */
function tooLong(rule: z.ZodType): Refusal {
  return refused(400, firstMessage(rule.safeParse(KB100)));
}

/** The password policy's answer to a password over its limit. */
const PASSWORD_TOO_LONG = refused(400, passwordProblem(KB100) ?? "the policy accepted 100 KB");

type Kind =
  | "text" // free text: markup, SQL-looking words and odd Unicode are valid content
  | "format" // must match a format (e-mail, username, phone, date, price)
  | "choice" // one of a few values
  | "id" // the id of a row
  | "redirect" // an on-site path, else the fallback
  | "credential" // checked against an account
  | "newPassword" // any text within the password policy
  | "intent"; // which action

type FieldSpec = {
  name: string;
  kind: Kind;
  valid: () => string | string[];
  /** Outcome when the field is left out; absent means the field is optional. */
  required?: Refusal;
  /** A value that is not of the field's format or choice. */
  invalid?: Refusal;
  long?: Refusal;
  nul?: Outcome;
  /** Values of the wrong type for this field, refused as `invalid` unless they say otherwise. */
  wrong?: (string | [string, Refusal])[];
  /** Where a redirect field sends a value it refuses to follow. */
  fallback?: () => string;
  /** The page that shows an accepted value, to check it was stored verbatim. */
  shownAt?: (response: HttpResponse, sent: Entry[]) => string;
};

type ActionSpec = {
  /** "POST /create-sell-item" */
  label: string;
  /** The path to post to (ids are read when the case runs). */
  path: () => string;
  cookie: () => string;
  encoding: "form" | "multipart";
  fields: FieldSpec[];
  /** Extra entries sent as they are (files). */
  extra?: () => Entry[];
  /** What an accepted post answers: by default a 303 to a page of this site other than /login. */
  accepted?: { status: number; message?: string; location?: RegExp };
  /** Runs before each case (a fresh session to end, a row to delete). */
  before?: () => Promise<void>;
  /** When even the untouched form is refused (no link, no Google), every case is. */
  base?: Refusal;
  duplicated: Outcome;
  empty: Outcome;
  /** The outcome when the body cannot be read at all. */
  unreadable?: Outcome;
  /** A 2 MB field: the outcome (multipart reaches the route, a form over 1 MB does not). */
  huge: Outcome;
  /** The file field, for the not-an-image case. */
  file?: { name: string; refusal: Refusal };
  /** Snapshot of what the action could change. */
  probe: (sent: Entry[]) => Promise<string>;
  /** "no item created" */
  nothing: string;
  /** After an accepted post: what else must hold. */
  afterAccepted?: (response: HttpResponse, sent: Entry[]) => Promise<void>;
};

type Case = {
  name: string;
  action: ActionSpec;
  build: (fields: Entry[]) => Payload;
  /** Changes the entries (already valid) before encoding. */
  entries?: (entries: Entry[]) => Entry[];
  path?: () => string;
  outcome: Outcome;
  /** Extra snapshots that must not change (the other user's rows). */
  probes?: (() => Promise<string>)[];
  /** The field whose value, when accepted, must show verbatim where the field says. */
  stored?: FieldSpec;
  /** Where an accepted post must redirect, exactly. */
  location?: () => string;
  /** Someone other than the action's usual sender. */
  cookie?: () => string;
};

function validEntries(action: ActionSpec): Entry[] {
  const entries: Entry[] = [];
  for (const field of action.fields) {
    const value = field.valid();
    for (const v of Array.isArray(value) ? value : [value]) entries.push([field.name, v]);
  }
  return [...entries, ...(action.extra?.() ?? [])];
}

function encode(action: ActionSpec, entries: Entry[]): Payload {
  return action.encoding === "multipart" ? asMultipart(entries) : asForm(entries);
}

/** Replaces the first value of a field (the first poll option, say) and keeps the rest. */
function replaceField(entries: Entry[], name: string, value: Value): Entry[] {
  let done = false;
  return entries.map(([n, v]): Entry => {
    if (n !== name || done) return [n, v];
    done = true;
    return [n, value];
  });
}

type Generator = { id: string; describe: (field: string) => string; value: (valid: string) => Value; appliesTo: (field: FieldSpec) => boolean };

const allKinds = () => true;
const textLike = (field: FieldSpec) => field.kind === "text";
const GENERATORS: Generator[] = [
  { id: "long", describe: (f) => `a 100 KB ${f}`, value: () => KB100, appliesTo: allKinds },
  { id: "nul", describe: (f) => `a NUL byte (%00) in ${f}`, value: (v) => `${v}\u0000`, appliesTo: allKinds },
  {
    id: "unicode",
    describe: (f) => `odd Unicode in ${f} (RTL override, zero-width joiners, emoji, combining marks)`,
    value: () => ODD_UNICODE,
    appliesTo: textLike,
  },
  {
    id: "bytes",
    describe: (f) => `invalid UTF-8 bytes in ${f} (a lone surrogate ED A0 80, FF FE, a cut sequence)`,
    value: () => BAD_BYTES,
    appliesTo: allKinds,
  },
  { id: "script", describe: (f) => `a <script> tag in ${f}`, value: () => SCRIPT, appliesTo: allKinds },
  { id: "breakout", describe: (f) => `an attribute breakout with onerror in ${f}`, value: () => ATTRIBUTE_BREAKOUT, appliesTo: textLike },
  { id: "js-url", describe: (f) => `a javascript: URL in ${f}`, value: () => JS_URL, appliesTo: textLike },
  { id: "sql-drop", describe: (f) => `"'; drop table posts; --" in ${f}`, value: () => SQL_DROP, appliesTo: textLike },
  { id: "sql-or", describe: (f) => `"' or '1'='1" in ${f}`, value: () => SQL_OR, appliesTo: allKinds },
];

function outcomeOf(action: ActionSpec, field: FieldSpec, generator: Generator): Outcome {
  const base = (outcome: Outcome): Outcome => (outcome === ACCEPTED && action.base ? action.base : outcome);
  if (generator.id === "long") return base(field.long ?? field.invalid ?? ACCEPTED);
  if (generator.id === "nul") {
    if (field.nul) return base(field.nul);
    if (field.kind === "text" || field.kind === "newPassword") return base(refused(400, NUL_REFUSED));
    return base(field.invalid ?? ACCEPTED);
  }
  if (field.kind === "text" || field.kind === "newPassword" || field.kind === "redirect") return base(ACCEPTED);
  return base(field.invalid ?? ACCEPTED);
}

const FAKE_IDS = ["abc", "0", "99999999999999999999", "00000000-0000-4000-8000-000000000000"];

function casesFor(action: ActionSpec): Case[] {
  const cases: Case[] = [];
  const build = (entries: Entry[]) => encode(action, entries);
  const orBase = (outcome: Outcome): Outcome => (outcome === ACCEPTED && action.base ? action.base : outcome);

  // Missing fields, one at a time.
  for (const field of action.fields) {
    cases.push({
      name: `without ${field.name}`,
      action,
      build,
      entries: (entries) => entries.filter(([n]) => n !== field.name),
      outcome: orBase(field.required ?? ACCEPTED),
    });
  }
  cases.push({ name: "with an empty body", action, build, entries: () => [], outcome: action.empty });
  // Every field twice, the second copy different (a=1&a=2).
  cases.push({
    name: "with every field sent twice",
    action,
    build,
    entries: (entries) => [...entries, ...entries.map(([n, v]): Entry => [n, isUpload(v) ? v : `${decoded(v)}2`])],
    outcome: action.duplicated,
  });

  // Hostile values, field by field.
  for (const field of action.fields) {
    for (const generator of GENERATORS) {
      if (!generator.appliesTo(field)) continue;
      const outcome = outcomeOf(action, field, generator);
      cases.push({
        name: `with ${generator.describe(field.name)}`,
        action,
        build,
        // Built from the valid value of this run (ids exist only once beforeAll ran).
        entries: (entries) => {
          const valid = entries.find(([n]) => n === field.name)?.[1];
          return replaceField(entries, field.name, generator.value(typeof valid === "string" ? valid : ""));
        },
        outcome,
        stored: outcome === ACCEPTED && field.shownAt ? field : undefined,
        // Every hostile value is one a redirect field must not follow.
        location: field.fallback,
      });
    }
    const wrong = field.wrong ?? (field.kind === "id" ? FAKE_IDS : []);
    for (const item of wrong) {
      const [value, refusal] = typeof item === "string" ? [item, field.invalid] : item;
      cases.push({
        name: `with ${field.name} "${value}"`,
        action,
        build,
        entries: (entries) => replaceField(entries, field.name, value),
        outcome: orBase(refusal ?? ACCEPTED),
        location: field.fallback,
      });
    }
  }

  // The body itself.
  const unreadable = action.unreadable ?? refused(400, UNREADABLE);
  cases.push(
    {
      name: "with a JSON body",
      action,
      build: (e) => ({ body: Buffer.from(JSON.stringify(Object.fromEntries(e.filter(([, v]) => !isUpload(v))))), contentType: "application/json" }),
      outcome: unreadable,
    },
    { name: "with a text/plain body", action, build: (e) => ({ body: urlencoded(e), contentType: "text/plain;charset=UTF-8" }), outcome: unreadable },
    { name: "with no Content-Type", action, build: (e) => ({ body: urlencoded(e), contentType: null }), outcome: unreadable },
    {
      name: "as multipart without a boundary",
      action,
      build: (e) => ({ body: multipart(e, BOUNDARY), contentType: "multipart/form-data" }),
      outcome: unreadable,
    },
    {
      name: "as multipart cut off mid-part",
      action,
      build: (e) => {
        const whole = multipart([...e, ["notas", "x".repeat(2000)]], BOUNDARY);
        return { body: whole.subarray(0, whole.length - 1000), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
      },
      outcome: unreadable,
    },
    {
      name: "as multipart whose boundary is not the declared one",
      action,
      build: (e) => ({ body: multipart(e, "outra-fronteira"), contentType: `multipart/form-data; boundary=${BOUNDARY}` }),
      outcome: unreadable,
    },
  );
  const firstText = action.fields.find((f) => f.kind === "text");
  cases.push({
    name: firstText && action.encoding === "multipart" ? `with a 2 MB ${firstText.name}` : "with a 2 MB field",
    action,
    build,
    entries: (entries) => (firstText && action.encoding === "multipart" ? replaceField(entries, firstText.name, MB2) : [...entries, ["enchimento", MB2]]),
    outcome: action.huge,
  });
  if (action.file) {
    cases.push({
      name: `with a text file named photo.jpg as ${action.file.name}`,
      action,
      build,
      entries: (entries) => [
        ...entries.filter(([n]) => n !== action.file!.name),
        [action.file!.name, { filename: "photo.jpg", type: "image/jpeg", data: Buffer.from("isto não é uma foto\n".repeat(50)) }],
      ],
      outcome: action.file.refusal,
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------
// Probes: what each action could change, as text to compare

const probe = {
  page: async (pathname: string, cookie: string) => visibleText((await get(pathname, cookie)).body),
  form: async (pathname: string, cookie: string) => formState((await get(pathname, cookie)).body),
  ids: async (pathname: string, cookie: string, pattern: RegExp) => idsIn((await get(pathname, cookie)).body, pattern).join(","),
  status: async (pathname: string, cookie: string) => String((await get(pathname, cookie)).status),
};

const sellItemLinks = new RegExp(`href="/sell-items/(${UUID})"`, "g");
// Issue #30's messages.
const COMMENT_GONE = firstMessage(DeleteCommentSchema.shape.commentId.safeParse("abc"));
const WRITE_A_COMMENT = firstMessage(CommentSchema.shape.body.safeParse(""));
const COMMENT_MISSING = "Este comentário (ou o que ele responde) não existe mais.";
const NO_REPLY_HERE = "Não dá para responder a este comentário: ele foi removido ou já é uma resposta.";
const commentBodyField = (): FieldSpec => ({
  name: "body",
  kind: "text",
  valid: () => `Vi sim, perto da praça ${unique()}`,
  required: refused(400, WRITE_A_COMMENT),
  long: tooLong(CommentSchema.shape.body),
  shownAt: (response) => location(response),
});

/** An intent field whose missing or unknown value is "Ação desconhecida.". */
const intentField = (intent: string): FieldSpec => ({ name: "intent", kind: "intent", valid: () => intent, required: refused(400, UNKNOWN_ACTION), invalid: refused(400, UNKNOWN_ACTION) });

/** A comment's id: malformed is COMMENT_GONE (the schema), a well-formed unknown one the database's 404. */
const commentIdField = (name: string, valid: () => string, unknown: Refusal, required = true): FieldSpec => ({
  name,
  kind: "id",
  valid,
  ...(required ? { required: refused(400, COMMENT_GONE) } : {}),
  invalid: refused(400, COMMENT_GONE),
  wrong: ["abc", "0", "99999999999999999999", [ZERO_UUID, unknown]],
});

/** comment, edit-comment and delete-comment on a post's page ("posts") or an article's ("news"), as resident A. */
function commentRows(page: "posts" | "news"): ActionSpec[] {
  const item = () => (page === "posts" ? ctx.postB : ctx.newsB);
  const base = { path: () => `/${page}/${item()}`, cookie: () => ctx.a, encoding: "form" as const, empty: refused(400, UNKNOWN_ACTION), huge: refused(413, TOO_LARGE) };
  const pageProbe = async () => probe.page(`/${page}/${item()}`, ctx.a);
  return [
    {
      ...base,
      label: `POST /${page}/{id} intent=comment`,
      // A reply's parent: one of this post's comments (the article's row sends none).
      fields: [intentField("comment"), commentBodyField(), ...(page === "posts" ? [commentIdField("parentId", () => ctx.commentB, refused(409, NO_REPLY_HERE), false)] : [])],
      duplicated: refused(400, WRITE_A_COMMENT),
      probe: pageProbe,
      nothing: "no comment written",
    },
    {
      ...base,
      label: `POST /${page}/{id} intent=edit-comment`,
      fields: [intentField("edit-comment"), commentIdField("commentId", () => (page === "posts" ? ctx.commentA : ctx.newsCommentA), refused(404, COMMENT_MISSING)), commentBodyField()],
      duplicated: refused(400, WRITE_A_COMMENT),
      probe: pageProbe,
      nothing: "the comment unchanged",
    },
    {
      ...base,
      label: `POST /${page}/{id} intent=delete-comment`,
      before: async () => {
        deleteTarget = await newComment(ctx.a, `/${page}/${item()}`, `Para apagar ${unique()}`);
      },
      fields: [intentField("delete-comment"), commentIdField("commentId", () => deleteTarget, refused(404, COMMENT_MISSING))],
      duplicated: refused(400, COMMENT_GONE),
      probe: pageProbe,
      nothing: "the comment kept",
    },
  ];
}

// Issue #30's reviews.
const REVIEW_GONE = "Avaliação não encontrada.";
const REVIEW_MISSING = "Esta avaliação (ou o cadastro avaliado) não existe mais.";
const STARS_REFUSED = "Escolha de 1 a 5 estrelas.";
const starsField = (): FieldSpec => ({
  name: "stars",
  kind: "choice",
  valid: () => "4",
  required: refused(400, STARS_REFUSED),
  invalid: refused(400, STARS_REFUSED),
  wrong: ["0", "6", "4.5", "-1", "cinco"],
});
const reviewBodyField = (): FieldSpec => ({
  name: "body",
  kind: "text",
  valid: () => `Chegou no horário ${unique()}`,
  long: refused(400, "O texto pode ter no máximo 2.000 caracteres."),
  shownAt: (response) => location(response),
});
const REVIEWED_KINDS = ["business", "service", "driver"] as const;
type ReviewedKind = (typeof REVIEWED_KINDS)[number];
const REVIEWED_NOUN: Record<ReviewedKind, string> = { business: "este negócio", service: "este serviço", driver: "este motorista" };
const reviewIdField = (kind: ReviewedKind): FieldSpec => ({
  name: "reviewId",
  kind: "id",
  valid: () => ctx.reviewed[kind].reviewA,
  required: refused(400, REVIEW_GONE),
  invalid: refused(400, REVIEW_GONE),
  wrong: ["abc", "0", "99999999999999999999", ["00000000-0000-4000-8000-000000000000", refused(404, REVIEW_MISSING)]],
});

/**
 * The review intents on a listing's page. A has reviewed B's listing and B has answered it
 * (beforeAll), so what the fields let through is the database's 409 each time.
 */
function reviewRows(kind: ReviewedKind): ActionSpec[] {
  const page = () => `/${kind}/${ctx.reviewed[kind].id}`;
  const label = (intent: string) => `POST /${kind}/{id} intent=${intent}`;
  return [
    {
      label: label("review"),
      path: page,
      cookie: () => ctx.a,
      encoding: "form",
      fields: [
        { name: "intent", kind: "intent", valid: () => "review", required: refused(400, UNKNOWN_ACTION), invalid: refused(400, UNKNOWN_ACTION) },
        starsField(),
        { ...reviewBodyField(), shownAt: undefined },
      ],
      base: refused(409, `Você já avaliou ${REVIEWED_NOUN[kind]}. Cada morador avalia uma vez: edite a sua avaliação.`),
      duplicated: refused(400, STARS_REFUSED),
      empty: refused(400, UNKNOWN_ACTION),
      huge: refused(413, TOO_LARGE),
      probe: async () => probe.page(page(), ctx.a),
      nothing: "no second review",
    },
    {
      label: label("edit-review"),
      path: page,
      cookie: () => ctx.a,
      encoding: "form",
      fields: [
        { name: "intent", kind: "intent", valid: () => "edit-review", required: refused(400, UNKNOWN_ACTION), invalid: refused(400, UNKNOWN_ACTION) },
        reviewIdField(kind),
        starsField(),
        reviewBodyField(),
      ],
      duplicated: refused(400, STARS_REFUSED),
      empty: refused(400, UNKNOWN_ACTION),
      huge: refused(413, TOO_LARGE),
      probe: async () => probe.page(page(), ctx.a),
      nothing: "the review unchanged",
    },
    {
      label: label("answer-review"),
      path: page,
      cookie: () => ctx.b,
      encoding: "form",
      fields: [
        { name: "intent", kind: "intent", valid: () => "answer-review", required: refused(400, UNKNOWN_ACTION), invalid: refused(400, UNKNOWN_ACTION) },
        reviewIdField(kind),
        { name: "body", kind: "text", valid: () => `Obrigado pela visita ${unique()}`, required: refused(400, "Escreva a resposta."), long: refused(400, "A resposta pode ter no máximo 2.000 caracteres.") },
      ],
      base: refused(409, "Esta avaliação já tem uma resposta do dono."),
      duplicated: refused(400, REVIEW_GONE),
      empty: refused(400, UNKNOWN_ACTION),
      huge: refused(413, TOO_LARGE),
      probe: async () => probe.page(page(), ctx.b),
      nothing: "no second answer",
    },
  ];
}

const postLinks = new RegExp(`href="/posts/(${UUID})"`, "g");
const newsLinks = new RegExp(`href="/news/(${UUID})"`, "g");

// ---------------------------------------------------------------------------------------
// Issue #32: the business's special dates and the town's holidays

const SPECIAL_DATE_GONE = "Data especial não encontrada";
const TOWN_HOLIDAY_GONE = "Feriado não encontrado";
const DATE_MISSING = "Escolha uma data.";
const DATE_FORMAT = "Escolha uma data válida.";
const NO_SUCH_DATE = "Essa data não existe no calendário.";
const CALENDAR_NOTE = "Use no máximo 80 caracteres.";
const HOLIDAY_SCOPE = "Diga se o feriado é municipal ou estadual.";
/** A day no national holiday falls on, the town's festa (set_town_holiday replaces a day's row). */
const FESTA_DAY = "2031-06-13";

const calendarTargets = { specialDate: "" };
/** A special date of A's business to remove, added with a note of its own and read from its removal form. */
async function ensureSpecialDate(): Promise<void> {
  if (calendarTargets.specialDate) return;
  const note = `Balanço ${unique()}`;
  const editor = `/business/${ctx.businessA}/editar`;
  await created(editor, ctx.a, asForm([["intent", "add-date"], ["startsOn", "2031-03-03"], ["kind", "closed"], ["note", note]]), "adding a special date");
  const html = decodeHtml((await get(editor, ctx.a)).body);
  const at = html.indexOf(`(${note})`);
  if (at < 0) throw new Error(`no special date noted ${note} on the editor`);
  calendarTargets.specialDate = firstValue(html.slice(at), "id", `special date ${note}`);
}
async function ensureFesta(): Promise<void> {
  await created("/moderacao/feriados", ctx.admin, asForm([["intent", "add"], ["day", FESTA_DAY], ["name", "Festa de Santo Antônio"], ["scope", "municipal"]]), "adding the festa");
}

const dateField = (name: string, valid: string, required?: Refusal): FieldSpec => ({
  name,
  kind: "format",
  valid: () => valid,
  required,
  invalid: refused(400, DATE_FORMAT),
  wrong: ["13/06/2031", "2031-6-13", ["2031-02-30", refused(400, NO_SUCH_DATE)]],
});

// Issue #32: the duty rota, kept by the moderator. Its turns fall a few days ahead, so the
// rota page (the week from now) shows what an accepted post added and the home is untouched.
const PHARMACY_MISSING = "Escolha uma farmácia da lista.";
const TURN_GONE = "Plantão não encontrado";
const rotaToday = townDate(new Date()).date;
/** The town's date `days` from today, "YYYY-MM-DD". */
const daysAhead = (days: number) => new Date(Date.parse(`${rotaToday}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const brazilian = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const dutyTargets = { pharmacy: "", turn: "" };

async function ensurePharmacy(): Promise<void> {
  if (dutyTargets.pharmacy) return;
  const html = (await get("/farmacias-de-plantao", ctx.m)).body;
  dutyTargets.pharmacy = new RegExp(`<option value="(${UUID})"`).exec(html)?.[1] ?? "";
  if (!dutyTargets.pharmacy) throw new Error("no pharmacy on the moderator's /farmacias-de-plantao");
}
/** A turn of its own minute, added as the moderator and found by its removal button's name. */
async function ensureDutyTurn(): Promise<void> {
  await ensurePharmacy();
  if (dutyTargets.turn) return;
  const minute = String(sequence++ % 60).padStart(2, "0");
  const day = daysAhead(5);
  await created("/farmacias-de-plantao", ctx.m, asForm([["intent", "add"], ["farmacia", dutyTargets.pharmacy], ["inicio", `${day}T09:${minute}`], ["fim", `${day}T10:00`]]), "adding a duty turn");
  const html = decodeHtml((await get("/farmacias-de-plantao", ctx.m)).body);
  const at = html.indexOf(`de ${brazilian(day).slice(0, 5)} às 9:${minute}"`);
  const ids = at < 0 ? [] : [...html.slice(0, at).matchAll(new RegExp(`name="id" value="(${UUID})"`, "g"))];
  dutyTargets.turn = ids.at(-1)?.[1] ?? "";
  if (!dutyTargets.turn) throw new Error(`no removal form for the turn at 9:${minute}`);
}

function dutyRows(): ActionSpec[] {
  const rota = async () => probe.page("/farmacias-de-plantao", ctx.m);
  const csv = () => Buffer.from(`farmacia,inicio,fim\nFarmácia Bom Jesus,${brazilian(daysAhead(4))} 08:00,${brazilian(daysAhead(5))} 08:00\n`);
  const when = (name: string, valid: () => string, missing: string): FieldSpec => ({
    name,
    kind: "format",
    valid,
    required: refused(400, missing),
    invalid: refused(400, missing),
    wrong: ["2031-02-30T08:00", "amanhã", "08:00"],
  });
  return [
    {
      label: "POST /farmacias-de-plantao intent=add",
      before: ensurePharmacy,
      path: () => "/farmacias-de-plantao",
      cookie: () => ctx.m,
      encoding: "form",
      fields: [
        // Without an intent the form adds (the import and the removals say theirs).
        { ...intentField("add"), required: undefined },
        { name: "farmacia", kind: "id", valid: () => dutyTargets.pharmacy, required: refused(400, PHARMACY_MISSING), invalid: refused(400, PHARMACY_MISSING) },
        when("inicio", () => `${daysAhead(3)}T08:00`, "Escolha a data e a hora do início."),
        {
          ...when("fim", () => `${daysAhead(4)}T08:00`, "Escolha a data e a hora do fim."),
          wrong: [
            "amanhã",
            [`${daysAhead(2)}T08:00`, refused(400, "O fim vem antes do início.")],
            [`${daysAhead(3)}T08:00`, refused(400, "O fim vem antes do início.")],
            [`${daysAhead(12)}T08:00`, refused(400, "Um plantão dura no máximo 7 dias.")],
          ],
        },
      ],
      // The first of each is read: a turn is added.
      duplicated: ACCEPTED,
      empty: refused(400, PHARMACY_MISSING),
      huge: refused(413, TOO_LARGE),
      probe: rota,
      nothing: "no turn added",
    },
    {
      label: "POST /farmacias-de-plantao intent=import",
      path: () => "/farmacias-de-plantao",
      cookie: () => ctx.m,
      encoding: "multipart",
      fields: [{ ...intentField("import"), required: refused(400, PHARMACY_MISSING) }],
      extra: () => [["rota", { filename: "rodizio.csv", type: "text/csv", data: csv() }]],
      file: { name: "rota", refusal: refused(400, "Linha 1: o cabeçalho deve ser farmacia,inicio,fim.") },
      duplicated: ACCEPTED,
      empty: refused(400, PHARMACY_MISSING),
      // A multipart body reaches the route: the padding is ignored, the rota imported.
      huge: ACCEPTED,
      probe: rota,
      nothing: "no turn imported",
    },
    {
      label: "POST /farmacias-de-plantao intent=remove",
      before: ensureDutyTurn,
      path: () => "/farmacias-de-plantao",
      cookie: () => ctx.m,
      encoding: "form",
      fields: [
        { ...intentField("remove"), required: refused(400, PHARMACY_MISSING) },
        { name: "id", kind: "id", valid: () => dutyTargets.turn, required: refused(404, TURN_GONE), invalid: refused(404, TURN_GONE) },
      ],
      duplicated: ACCEPTED,
      empty: refused(400, PHARMACY_MISSING),
      huge: refused(413, TOO_LARGE),
      probe: rota,
      nothing: "no turn removed",
      afterAccepted: async () => {
        dutyTargets.turn = "";
      },
    },
  ];
}

function calendarRows(): ActionSpec[] {
  const editor = () => `/business/${ctx.businessA}/editar`;
  const specialDates = async () => probe.page(editor(), ctx.a);
  const holidays = async () => probe.page("/moderacao/feriados", ctx.admin);
  return [
    {
      label: "POST /business/{id}/editar intent=add-date",
      path: editor,
      cookie: () => ctx.a,
      encoding: "form",
      fields: [
        // Without an intent the page's details form is meant (intent=save): accepted as that.
        { name: "intent", kind: "intent", valid: () => "add-date", invalid: refused(400, UNKNOWN_ACTION), wrong: ["ADD-DATE", "apagar"] },
        dateField("startsOn", "2031-01-06", refused(400, DATE_MISSING)),
        { ...dateField("endsOn", "2031-01-20"), wrong: ["20/01/2031", ["2030-12-31", refused(400, "O fim vem antes do início: escolha uma data a partir do início.")], ["2032-06-01", refused(400, "Um período especial dura no máximo um ano.")]] },
        { name: "kind", kind: "choice", valid: () => "closed", required: refused(400, "Diga se fecha ou abre nessas datas."), invalid: refused(400, "Diga se fecha ou abre nessas datas."), wrong: ["fechado", ["open", refused(400, "Diga a hora em que abre.")]] },
        { name: "note", kind: "text", valid: () => "Férias coletivas", long: refused(400, CALENDAR_NOTE), shownAt: () => editor() },
      ],
      duplicated: refused(400, INVALID_VALUE),
      // An empty form is the details form with every field cleared, which the owner may send.
      empty: ACCEPTED,
      huge: refused(413, TOO_LARGE),
      probe: specialDates,
      nothing: "no special date added",
    },
    {
      label: "POST /business/{id}/editar intent=remove-date",
      before: ensureSpecialDate,
      path: editor,
      cookie: () => ctx.a,
      encoding: "form",
      fields: [
        { name: "intent", kind: "intent", valid: () => "remove-date", invalid: refused(400, UNKNOWN_ACTION), wrong: ["REMOVE-DATE"] },
        { name: "id", kind: "id", valid: () => calendarTargets.specialDate, required: refused(404, SPECIAL_DATE_GONE), invalid: refused(404, SPECIAL_DATE_GONE) },
      ],
      // The first id is read: the date is removed.
      duplicated: ACCEPTED,
      empty: ACCEPTED,
      huge: refused(413, TOO_LARGE),
      probe: specialDates,
      nothing: "no special date removed",
      afterAccepted: async () => {
        calendarTargets.specialDate = "";
      },
    },
    {
      label: "POST /moderacao/feriados intent=add",
      path: () => "/moderacao/feriados",
      cookie: () => ctx.admin,
      encoding: "form",
      fields: [
        // Without an intent the form adds (its only other form removes, and says so).
        { name: "intent", kind: "intent", valid: () => "add", invalid: refused(400, UNKNOWN_ACTION), wrong: ["ADD", "remover"] },
        { ...dateField("day", FESTA_DAY, refused(400, DATE_MISSING)), wrong: ["13/06/2031", ["2031-02-30", refused(400, NO_SUCH_DATE)], ["2031-11-02", refused(409, "02/11/2031 já é feriado nacional.")]] },
        {
          name: "name",
          kind: "text",
          valid: () => "Festa de Santo Antônio",
          required: refused(400, "Dê um nome ao feriado."),
          long: refused(400, CALENDAR_NOTE),
          shownAt: () => "/moderacao/feriados",
        },
        { name: "scope", kind: "choice", valid: () => "municipal", required: refused(400, HOLIDAY_SCOPE), invalid: refused(400, HOLIDAY_SCOPE), wrong: ["nacional", "Municipal"] },
      ],
      duplicated: refused(400, INVALID_VALUE),
      empty: refused(400, DATE_MISSING),
      huge: refused(413, TOO_LARGE),
      probe: holidays,
      nothing: "the town's holidays unchanged",
    },
    {
      label: "POST /moderacao/feriados intent=remove",
      before: ensureFesta,
      path: () => "/moderacao/feriados",
      cookie: () => ctx.admin,
      encoding: "form",
      fields: [
        // Without an intent the day alone is an add without a name.
        { name: "intent", kind: "intent", valid: () => "remove", required: refused(400, "Dê um nome ao feriado."), invalid: refused(400, UNKNOWN_ACTION), wrong: ["REMOVE"] },
        { name: "day", kind: "format", valid: () => FESTA_DAY, required: refused(404, TOWN_HOLIDAY_GONE), invalid: refused(404, TOWN_HOLIDAY_GONE), wrong: ["13/06/2031", "2031-06-14", "2031-02-30"] },
      ],
      duplicated: ACCEPTED,
      empty: refused(400, DATE_MISSING),
      huge: refused(413, TOO_LARGE),
      probe: holidays,
      nothing: "no holiday removed",
    },
  ];
}

// ---------------------------------------------------------------------------------------
// The actions of DESIGN.md §4

const sellItemFields = (): FieldSpec[] => [
  {
    name: "title",
    kind: "text",
    valid: () => "Bicicleta aro 26",
    required: refused(400, "Dê um título ao anúncio."),
    long: tooLong(SellItemSchema.shape.title),
    shownAt: (response) => location(response),
  },
  {
    name: "description",
    kind: "text",
    valid: () => "Pouco usada, com cadeado.",
    long: tooLong(SellItemSchema.shape.description),
    shownAt: (response) => location(response),
  },
  {
    name: "price",
    kind: "format",
    valid: () => "1.234,56",
    required: refused(400, "Diga o preço (use 0 para doação)."),
    invalid: refused(400, PRICE_FORMAT),
    wrong: [
      "doze reais",
      "1e400",
      "NaN",
      "Infinity",
      "0x10",
      ["-1", refused(400, "O preço não pode ser negativo.")],
      ["99999999999999999999", refused(400, firstMessage(fieldRules.price.safeParse("99999999999999999999")))],
    ],
  },
  {
    name: "condition",
    kind: "choice",
    valid: () => "seminovo",
    required: refused(400, "Escolha o estado do item: novo, seminovo ou usado."),
    invalid: refused(400, "Escolha o estado do item: novo, seminovo ou usado."),
    wrong: ["Novo", "1"],
  },
  {
    name: "category",
    kind: "choice",
    valid: () => "Bicicletas",
    required: refused(400, "Escolha uma categoria."),
    invalid: refused(400, "Escolha uma categoria."),
    wrong: ["bicicletas", "1"],
  },
  {
    name: "location",
    kind: "text",
    valid: () => "Centro",
    required: refused(400, "Diga o bairro onde o item está."),
    long: tooLong(SellItemSchema.shape.location),
    shownAt: (response) => location(response),
  },
];

const postFields = (): FieldSpec[] => [
  {
    name: "content",
    kind: "text",
    valid: () => "Alguém sabe se a feira abre no feriado?",
    required: refused(400, "Escreva o texto do post."),
    long: tooLong(PostSchema.shape.content),
    shownAt: (response) => location(response),
  },
  {
    name: "pollQuestion",
    kind: "text",
    valid: () => "Você vai?",
    required: refused(400, "Escreva a pergunta da enquete."),
    long: tooLong(PostSchema.shape.pollQuestion),
    shownAt: (response) => location(response),
  },
  {
    name: "pollOptions",
    kind: "text",
    valid: () => ["Vou", "Não vou"],
    required: refused(400, "Uma enquete precisa de pelo menos 2 opções."),
    long: refused(400, firstMessage(PostSchema.safeParse({ content: "Texto", pollQuestion: "Pergunta?", pollOptions: [KB100, "Outra"] }))),
    shownAt: (response) => location(response),
  },
];

/** An on-site path to go to afterwards; anything else falls back, never an error. */
const redirectField = (fallback: () => string, valid = fallback): FieldSpec => ({
  name: "redirectTo",
  kind: "redirect",
  valid,
  fallback,
  // Other sites, protocol-relative, a backslash browsers read as a slash, a dot segment that collapses to "//".
  wrong: ["https://evil.example/", "//evil.example/x", "/\\evil.example", "/.//evil.example"],
  nul: ACCEPTED,
});

/** The resident's Web Push devices, as /notifications hands them to its switch (the page's data). */
const devicesOf = async (cookie: string) => {
  const html = (await get("/notifications", cookie)).body;
  return [...new Set(html.match(/https:\/\/push\.exemplo\.com\.br\/send\/[a-z0-9]+/g) ?? [])].sort().join(",");
};

const favoritesOf = (cookie: string) => probe.ids("/favorites", cookie, new RegExp(`href="/(?:sell-items|posts|business|news|driver)/(${UUID})"`, "g"));
const notificationsOf = async (cookie: string) => {
  const html = (await get("/notifications", cookie)).body;
  return `${(html.match(/data-unread="true"/g) ?? []).length} unread: ${valuesOf(html, "id").join(",")}`;
};

// ---------------------------------------------------------------------------------------
// Issue #25: the forms of issue #18 (reports, proposals, claims, an owner's edit, the
// moderation queue), every intent of each. Their targets are made on demand and replaced
// once an accepted case used them up (a report, a claim, a block happen once).

const NOT_REPORTABLE = "Não sabemos o que você quer denunciar.";
const CONTENT_GONE = "Este conteúdo não existe mais ou já foi ocultado.";
const QUEUE_GONE = "Este item não está mais na fila: outra pessoa da moderação já cuidou dele.";
const QUEUE_KIND = "Não sabemos que tipo de conteúdo é este. Abra a fila de novo.";
const QUEUE_ITEM = "Não sabemos qual item é este. Abra a fila de novo.";
const ONLY_MODERATORS = "A fila de moderação é só para quem modera o Guida.";
const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

const queueOf = () => probe.page("/moderacao", ctx.m);

/** The id a pending card of the moderation queue carries, found after `marker` (a proposal's label, a claim's business link). */
async function pendingIdAfter(marker: string): Promise<string> {
  const html = (await get("/moderacao", ctx.m)).body;
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} in the moderation queue`);
  return firstValue(html.slice(at), "id", `queue id after ${marker}`);
}

/** Demo businesses none of this file's residents owns, each claimed once. */
const businessPool: string[] = [];
async function nextBusiness(): Promise<string> {
  if (!businessPool.length) {
    let next: string | null = "/businesses";
    while (next) {
      const html: string = (await get(next, ctx.a)).body;
      businessPool.push(...idsIn(html, new RegExp(`href="/business/(${UUID})"`, "g")));
      next = /href="(\/businesses\?depois=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
    }
    const taken = new Set([ctx.businessA, ctx.businessB]);
    businessPool.splice(0, businessPool.length, ...new Set(businessPool.filter((id) => !taken.has(id))));
  }
  const id = businessPool.shift();
  if (!id) throw new Error("no demo business left to claim");
  return id;
}

/** Demo residents a moderator may block (not A, B or the moderator), each blocked once. */
// Never the ADMIN_EMAIL admin (issue #32's rows): staff cannot be blocked, which the rows would read as a refusal.
const blockable = town.users
  .filter((u) => ![userA.key, userB.key].includes(u.key) && u.username !== DEMO_MODERATOR && u.username !== admin.username)
  .map((u) => u.username);
async function nextBlockTarget(): Promise<string> {
  const username = blockable.shift();
  if (!username) throw new Error("no demo resident left to block");
  return firstMatch((await get(`/u/${username}`, "")).body, new RegExp(`tipo=profile(?:&amp;|&)id=(${UUID})`), `profile id of ${username}`);
}

const targets = { report: "", proposal: "", claim: "", claimed: "", block: "", event: "" };
const ensure = {
  report: async () => {
    targets.report ||= await newPost(ctx.b, `Post para denunciar ${unique()}`);
  },
  proposal: async () => {
    if (targets.proposal) return;
    const name = `Proposta ${unique()}`;
    await created("/cadastrar/servico", ctx.b, asForm([["name", name], ["category", "Aulas"]]), "proposing a service");
    targets.proposal = await pendingIdAfter(`aria-label="Cadastro: ${name}"`);
  },
  claim: async () => {
    if (targets.claim) return;
    const business = await nextBusiness();
    await created(`/business/${business}/e-meu`, ctx.a, asForm([["note", "É meu"]]), "claiming a business");
    targets.claim = await pendingIdAfter(`href="/business/${business}"`);
  },
  claimed: async () => {
    targets.claimed ||= await nextBusiness();
  },
  block: async () => {
    targets.block ||= await nextBlockTarget();
  },
  // Issue #32: an event B proposes, waiting in the queue.
  event: async () => {
    if (targets.event) return;
    const title = `Evento ${unique()}`;
    const when = daysAhead(3);
    await created("/agenda/propor", ctx.b, asForm([["titulo", title], ["inicio", `${when}T19:00`], ["fim", `${when}T23:00`], ["local", "Praça da Matriz"], ["categoria", "Festa"]]), "proposing an event");
    targets.event = await pendingIdAfter(`aria-label="Evento: ${title}"`);
  },
};
const usedUp = (target: keyof typeof targets) => async () => {
  targets[target] = "";
};

const noteField = (message: string): FieldSpec => ({ name: "note", kind: "text", valid: () => "Conferi pessoalmente.", long: refused(400, message) });
const MODERATION_NOTE = "A observação pode ter no máximo 500 caracteres.";

/** The hidden id of a card of the queue. */
const queueIdField = (valid: () => string): FieldSpec => ({
  name: "id",
  kind: "id",
  valid,
  required: refused(400, QUEUE_ITEM),
  invalid: refused(400, QUEUE_ITEM),
  wrong: ["abc", "0", "99999999999999999999", [ZERO_UUID, refused(404, QUEUE_GONE)]],
});

/** A form of the moderation queue: its intent (and others sent in its place), its fields, an optional note. */
function queueRow(
  intent: string,
  otherIntents: [string, Refusal][],
  fields: FieldSpec[],
  rest: Pick<ActionSpec, "probe" | "nothing"> & Partial<ActionSpec>,
  note = noteField(MODERATION_NOTE),
): ActionSpec {
  return {
    label: `POST /moderacao intent=${intent}`,
    path: () => "/moderacao",
    cookie: () => ctx.m,
    encoding: "form",
    fields: [
      { name: "intent", kind: "intent", valid: () => intent, required: refused(400, UNKNOWN_ACTION), invalid: refused(400, UNKNOWN_ACTION), wrong: [intent.toUpperCase(), ...otherIntents] },
      ...fields,
      note,
    ],
    duplicated: refused(400, INVALID_VALUE),
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    ...rest,
  };
}

/** hide, restore, dismiss, block: an item of the queue by kind and id. */
function moderateRow(intent: string, item: { kind: string; id: () => string; shown: () => string }, extra: Partial<ActionSpec> = {}): ActionSpec {
  const kind: FieldSpec = {
    name: "kind",
    kind: "choice",
    valid: () => item.kind,
    required: refused(400, QUEUE_KIND),
    invalid: refused(400, QUEUE_KIND),
    wrong: ["posts", "Post", ["news", refused(404, QUEUE_GONE)]],
  };
  // Another intent with this form's fields: a review finds no such proposal in the queue.
  return queueRow(intent, [["approve-listing", refused(404, QUEUE_GONE)]], [kind, queueIdField(item.id)], {
    probe: async () => `${await probe.status(item.shown(), "")} | ${await queueOf()}`,
    nothing: "the item and the queue unchanged",
    ...extra,
  });
}

const EVENT_REASON = "Diga o motivo da recusa: ele vai para quem propôs o evento.";

/** approve-/reject-listing, -claim, -event: a pending proposal, claim or event by id. */
function reviewRow(intent: string, target: "proposal" | "claim" | "event"): ActionSpec {
  // The other kind of review finds no such row; an item action misses its kind.
  const others: [string, Refusal][] = [
    [target === "claim" ? "approve-listing" : "approve-claim", refused(404, QUEUE_GONE)],
    ["hide", refused(400, QUEUE_KIND)],
  ];
  // Refusing an event needs its reason: the proposer reads it (issue #32).
  const note: FieldSpec =
    intent === "reject-event"
      ? { ...noteField(""), required: refused(400, EVENT_REASON), long: refused(400, "O motivo pode ter no máximo 500 caracteres."), wrong: [[" ", refused(400, EVENT_REASON)]] }
      : noteField(MODERATION_NOTE);
  return queueRow(
    intent,
    others,
    [queueIdField(() => targets[target])],
    { before: ensure[target], probe: queueOf, nothing: "the queue unchanged", afterAccepted: usedUp(target) },
    note,
  );
}

/** /agenda/propor (issue #32): a pending event, listed under the resident's own. */
function eventProposalRow(): ActionSpec {
  const when = (name: string, valid: () => string, what: string): FieldSpec => ({
    name,
    kind: "format",
    valid,
    required: refused(400, `Escolha a data e a hora ${what}.`),
    invalid: refused(400, `Escolha a data e a hora ${what}, como 28/11/2026 19:00.`),
    wrong: ["amanhã", "19:00", [`2031-02-30T19:00`, refused(400, "Essa data não existe no calendário.")]],
  });
  const mine = () => probe.page("/agenda/propor", ctx.a);
  return {
    label: "POST /agenda/propor",
    path: () => "/agenda/propor",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      {
        name: "titulo",
        kind: "text",
        valid: () => "Festa junina da escola",
        required: refused(400, "Diga o nome do evento."),
        long: refused(400, "O nome pode ter no máximo 120 caracteres."),
        shownAt: () => "/agenda/propor",
      },
      { name: "descricao", kind: "text", valid: () => "Quadrilha às 20h.", long: refused(400, "A descrição pode ter no máximo 4.000 caracteres.") },
      when("inicio", () => `${daysAhead(3)}T19:00`, "do início"),
      {
        ...when("fim", () => `${daysAhead(3)}T23:00`, "do fim"),
        wrong: [
          "amanhã",
          [`${daysAhead(3)}T18:00`, refused(400, "O fim vem antes do início.")],
          [`${daysAhead(3)}T19:00`, refused(400, "O fim vem antes do início.")],
          [`${daysAhead(40)}T19:00`, refused(400, "Um evento dura no máximo 31 dias.")],
        ],
      },
      {
        name: "local",
        kind: "text",
        valid: () => "Rua Direita, 10",
        required: refused(400, "Diga onde vai ser: o nome de um lugar do Guida ou um endereço."),
        long: refused(400, "O local pode ter no máximo 200 caracteres."),
      },
      { name: "categoria", kind: "choice", valid: () => "Festa", required: refused(400, "Escolha a categoria."), invalid: refused(400, "Escolha a categoria."), wrong: ["festa", "Show"] },
      {
        name: "preco",
        kind: "format",
        valid: () => "15,00",
        invalid: refused(400, "Digite o preço em reais, como 15 ou 15,50 (deixe em branco se for gratuito)."),
        wrong: ["quinze", "-5"],
      },
    ],
    duplicated: refused(400, INVALID_VALUE),
    empty: refused(400, "Diga o nome do evento."),
    huge: refused(413, TOO_LARGE),
    probe: mine,
    nothing: "no event proposed",
  };
}

/**
 * Issue #33: where a listing is. The neighbourhood is part of the valid form, so leaving out a
 * coordinate is still a complete answer (the neighbourhood's centre wins); a malformed number is
 * refused whatever else was sent. The town's box is checked in tests/unit/location-form.test.ts.
 */
const LOCATION_FIELDS: FieldSpec[] = [
  {
    name: "latitude",
    kind: "format",
    valid: () => "-21,93",
    invalid: refused(400, "Escreva a latitude em graus, como -21,9300."),
    long: refused(400, "Escreva a latitude em graus, como -21,9300."),
    wrong: ["norte", "1e3", "-21,9.3", ["-95", refused(400, "A latitude vai de -90 a 90.")]],
  },
  {
    name: "longitude",
    kind: "format",
    valid: () => "-45.595",
    invalid: refused(400, "Escreva a longitude em graus, como -45,5950."),
    long: refused(400, "Escreva a longitude em graus, como -45,5950."),
    wrong: ["oeste", "Infinity", ["-181", refused(400, "A longitude vai de -180 a 180.")]],
  },
  { name: "lugar", kind: "choice", valid: () => "Centro", invalid: refused(400, "Escolha um bairro da lista."), wrong: ["centro", "Lua"] },
];

/** /cadastrar/{negocio,servico,motorista}: a proposal, listed under the resident's own. */
function proposalRow(tipo: "negocio" | "servico" | "motorista"): ActionSpec {
  const category: FieldSpec =
    tipo === "motorista"
      ? { name: "category", kind: "choice", valid: () => "moto", required: refused(400, "Escolha o veículo."), invalid: refused(400, "Escolha o veículo."), wrong: ["Moto", "bicicleta"] }
      : {
          name: "category",
          kind: "text",
          valid: () => (tipo === "negocio" ? "Padarias" : "Reformas"),
          required: refused(400, "Diga a categoria."),
          long: refused(400, "A categoria pode ter no máximo 60 caracteres."),
        };
  const phone = (name: string): FieldSpec => ({ name, kind: "format", valid: () => "(35) 3333-4444", invalid: refused(400, PHONE_FORMAT), wrong: ["telefone", "1"] });
  return {
    label: `POST /cadastrar/${tipo}`,
    path: () => `/cadastrar/${tipo}`,
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      {
        name: "name",
        kind: "text",
        valid: () => "Padaria da Esquina",
        required: refused(400, "Diga o nome."),
        long: refused(400, "O nome pode ter no máximo 120 caracteres."),
        shownAt: () => `/cadastrar/${tipo}`,
      },
      category,
      { name: "description", kind: "text", valid: () => "Pão de queijo quentinho.", long: refused(400, "A descrição pode ter no máximo 4.000 caracteres.") },
      ...(tipo === "negocio" ? [{ name: "address", kind: "text", valid: () => "Rua Direita, 10", long: refused(400, "O endereço pode ter no máximo 200 caracteres.") } as FieldSpec] : []),
      { name: "neighbourhood", kind: "text", valid: () => "Centro", long: refused(400, "O bairro pode ter no máximo 80 caracteres.") },
      phone("phone"),
      phone("whatsapp"),
      ...LOCATION_FIELDS,
    ],
    duplicated: refused(400, "Diga o nome."),
    empty: refused(400, "Diga o nome."),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.page(`/cadastrar/${tipo}`, ctx.a),
    nothing: "no proposal made",
  };
}

const ISSUE_18_ACTIONS: ActionSpec[] = [
  {
    label: "POST /denunciar",
    before: ensure.report,
    // As the form posts: to its own address, which names the item (the page is drawn from it).
    path: () => `/denunciar?tipo=post&id=${targets.report}`,
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      {
        name: "tipo",
        kind: "choice",
        valid: () => "post",
        required: refused(400, NOT_REPORTABLE),
        invalid: refused(400, NOT_REPORTABLE),
        wrong: ["posts", "Post", ["news", refused(404, CONTENT_GONE)]],
      },
      {
        name: "id",
        kind: "id",
        valid: () => targets.report,
        required: refused(400, NOT_REPORTABLE),
        invalid: refused(400, NOT_REPORTABLE),
        wrong: ["abc", "0", "99999999999999999999", [ZERO_UUID, refused(404, CONTENT_GONE)]],
      },
      {
        name: "reason",
        kind: "choice",
        valid: () => "golpe",
        required: refused(400, "Escolha o motivo da denúncia."),
        invalid: refused(400, "Escolha o motivo da denúncia."),
        wrong: ["Golpe", "1"],
      },
      noteField("O comentário pode ter no máximo 500 caracteres."),
    ],
    accepted: { status: 303, location: /^\/posts$/ },
    duplicated: refused(400, NOT_REPORTABLE),
    empty: refused(400, NOT_REPORTABLE),
    huge: refused(413, TOO_LARGE),
    probe: queueOf,
    nothing: "no report filed",
    afterAccepted: usedUp("report"),
  },
  proposalRow("negocio"),
  proposalRow("servico"),
  proposalRow("motorista"),
  {
    label: "POST /business/{id}/e-meu",
    before: ensure.claimed,
    path: () => `/business/${targets.claimed}/e-meu`,
    cookie: () => ctx.b,
    encoding: "form",
    fields: [noteField("A mensagem pode ter no máximo 500 caracteres.")],
    accepted: { status: 303, location: /^\/business\/[0-9a-f-]{36}$/ },
    duplicated: refused(400, INVALID_VALUE),
    // The note is optional: an empty form is a claim like any other.
    empty: ACCEPTED,
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.page(`/business/${targets.claimed}/e-meu`, ctx.b),
    nothing: "no claim made",
    afterAccepted: usedUp("claimed"),
  },
  {
    label: "POST /business/{id}/editar",
    path: () => `/business/${ctx.businessA}/editar`,
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      {
        name: "description",
        kind: "text",
        valid: () => "Pão de queijo todo dia.",
        long: refused(400, "A descrição pode ter no máximo 4.000 caracteres."),
        shownAt: () => `/business/${ctx.businessA}`,
      },
      { name: "address", kind: "text", valid: () => "Rua Direita, 10", long: refused(400, "O endereço pode ter no máximo 200 caracteres."), shownAt: () => `/business/${ctx.businessA}` },
      { name: "phone", kind: "format", valid: () => "(35) 3333-4444", invalid: refused(400, PHONE_FORMAT), wrong: ["telefone", "1"] },
      { name: "whatsapp", kind: "format", valid: () => "(35) 99876-5432", invalid: refused(400, PHONE_FORMAT), wrong: ["telefone", "1"] },
      // A closed day ignores its hours; an open one needs both.
      { name: "hours.monday.open", kind: "choice", valid: () => "on", invalid: refused(400, "Marque o dia ou deixe-o desmarcado."), wrong: ["sim", "true"] },
      {
        name: "hours.monday.opensAt",
        kind: "format",
        valid: () => "08:00",
        required: refused(400, "Diga a hora em que abre."),
        invalid: refused(400, "Use o formato HH:MM, como 07:30."),
        // Closing before opening closes the next day (issue #32); the same time twice is no schedule.
        wrong: ["8h", "25:00", ["18:00", refused(400, "Abre e fecha às 18:00: diga horários diferentes")]],
      },
      {
        name: "hours.monday.closesAt",
        kind: "format",
        valid: () => "18:00",
        required: refused(400, "Diga a hora em que fecha."),
        invalid: refused(400, "Use o formato HH:MM, como 07:30."),
        wrong: ["6pm", "18:60"],
      },
      ...LOCATION_FIELDS,
    ],
    duplicated: refused(400, INVALID_VALUE),
    empty: ACCEPTED,
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.form(`/business/${ctx.businessA}/editar`, ctx.a),
    nothing: "the business unchanged",
  },
  ...calendarRows(),
  ...dutyRows(),
  moderateRow("hide", { kind: "post", id: () => ctx.modPost, shown: () => `/posts/${ctx.modPost}` }),
  moderateRow("restore", { kind: "post", id: () => ctx.modPost, shown: () => `/posts/${ctx.modPost}` }),
  moderateRow("dismiss", { kind: "post", id: () => ctx.modPost, shown: () => `/posts/${ctx.modPost}` }),
  moderateRow(
    "block",
    { kind: "profile", id: () => targets.block, shown: () => `/user/${targets.block}` },
    { before: ensure.block, afterAccepted: usedUp("block") },
  ),
  reviewRow("approve-listing", "proposal"),
  reviewRow("reject-listing", "proposal"),
  reviewRow("approve-claim", "claim"),
  reviewRow("reject-claim", "claim"),
  eventProposalRow(),
  reviewRow("approve-event", "event"),
  reviewRow("reject-event", "event"),
];

const ACTIONS: ActionSpec[] = [
  {
    label: "POST /login intent=signin",
    path: () => "/login",
    cookie: () => "",
    encoding: "form",
    fields: [
      // The action treats a form without an intent as a sign-in.
      { name: "intent", kind: "intent", valid: () => "signin", invalid: refused(400, UNKNOWN_ACTION) },
      {
        name: "email",
        kind: "credential",
        valid: () => userA.email,
        required: refused(400, MISSING_CREDENTIALS),
        invalid: refused(400, WRONG_CREDENTIALS),
        nul: refused(400, NUL_REFUSED),
      },
      {
        name: "password",
        kind: "credential",
        valid: () => DEMO_PASSWORD,
        required: refused(400, MISSING_CREDENTIALS),
        invalid: refused(400, WRONG_CREDENTIALS),
        nul: refused(400, NUL_REFUSED),
      },
      // Sign-in refuses a form carrying a NUL anywhere, the harmless redirect included.
      {
        ...redirectField(
          () => "/",
          () => "/favorites",
        ),
        nul: refused(400, NUL_REFUSED),
      },
    ],
    duplicated: refused(400, INVALID_VALUE),
    empty: refused(400, MISSING_CREDENTIALS),
    huge: refused(413, TOO_LARGE),
    probe: async () => "nothing to compare: the response must not sign in",
    nothing: "nobody signed in",
  },
  {
    label: "POST /login intent=signup",
    path: () => "/login",
    cookie: () => "",
    encoding: "form",
    fields: [
      // Without an intent the form is a sign-in, and this new e-mail has no account.
      { name: "intent", kind: "intent", valid: () => "signup", invalid: refused(400, UNKNOWN_ACTION), required: refused(400, WRONG_CREDENTIALS) },
      {
        name: "email",
        kind: "format",
        valid: () => `novo.${unique()}@exemplo.com.br`,
        required: refused(400, MISSING_CREDENTIALS),
        invalid: refused(400, INVALID_EMAIL),
      },
      {
        name: "password",
        kind: "newPassword",
        valid: () => "uma-senha-boa-9",
        required: refused(400, MISSING_CREDENTIALS),
        long: PASSWORD_TOO_LONG,
      },
      {
        name: "fullName",
        kind: "text",
        valid: () => "Pessoa Nova",
        required: refused(400, "Diga seu nome."),
        long: tooLong(fieldRules.fullName),
        shownAt: (_response, sent) => `/u/${decoded(sent.find(([n]) => n === "username")![1] as Value)}`,
      },
      {
        name: "username",
        kind: "format",
        valid: () => `novo_${unique()}`,
        required: refused(400, "Escolha um nome de usuário."),
        invalid: refused(400, USERNAME_FORMAT),
      },
    ],
    duplicated: refused(400, INVALID_VALUE),
    empty: refused(400, MISSING_CREDENTIALS),
    huge: refused(413, TOO_LARGE),
    probe: async (sent) => {
      const username = sent.find(([n]) => n === "username")?.[1];
      return typeof username === "string" && /^[a-z0-9_]{3,20}$/.test(username) ? probe.status(`/u/${username}`, "") : "no valid username sent";
    },
    nothing: "no account created",
    // Issue #25: the account waits for its mailed link; nobody is signed in yet.
    accepted: { status: 200, message: "Enviamos um link para" },
    afterAccepted: async (response) => {
      expect(sessionOf(response), "no session before the link is opened").toBeNull();
    },
  },
  {
    label: "POST /login intent=resend",
    path: () => "/login",
    cookie: () => "",
    encoding: "form",
    fields: [
      { name: "intent", kind: "intent", valid: () => "resend", invalid: refused(400, UNKNOWN_ACTION), required: refused(400, MISSING_CREDENTIALS) },
      { name: "email", kind: "format", valid: () => userB.email, required: refused(400, INVALID_EMAIL), invalid: refused(400, INVALID_EMAIL) },
    ],
    accepted: { status: 200, message: "Se este e-mail estiver aguardando confirmação, enviamos um novo link para" },
    duplicated: refused(400, INVALID_EMAIL),
    empty: refused(400, MISSING_CREDENTIALS),
    huge: refused(413, TOO_LARGE),
    probe: async () => "nothing stored: the address is already confirmed",
    nothing: "no link sent",
  },
  {
    label: "POST /login intent=confirm",
    path: () => "/login",
    cookie: () => "",
    encoding: "form",
    fields: [
      { name: "intent", kind: "intent", valid: () => "confirm", invalid: refused(400, UNKNOWN_ACTION), required: refused(400, MISSING_CREDENTIALS) },
      {
        name: "token",
        kind: "credential",
        valid: () => "b3a1c0ffee",
        required: refused(400, "Abra o link que enviamos por e-mail."),
        invalid: refused(400, CONFIRM_EXPIRED),
        nul: refused(400, NUL_REFUSED),
      },
    ],
    base: refused(400, CONFIRM_EXPIRED),
    duplicated: refused(400, "Abra o link que enviamos por e-mail."),
    empty: refused(400, MISSING_CREDENTIALS),
    huge: refused(413, TOO_LARGE),
    probe: async () => "nothing to compare: no account is signed in",
    nothing: "no address confirmed",
  },
  {
    label: "POST /login intent=reset",
    path: () => "/login",
    cookie: () => "",
    encoding: "form",
    fields: [
      { name: "intent", kind: "intent", valid: () => "reset", invalid: refused(400, UNKNOWN_ACTION), required: refused(400, MISSING_CREDENTIALS) },
      { name: "email", kind: "format", valid: () => userB.email, required: refused(400, INVALID_EMAIL), invalid: refused(400, INVALID_EMAIL) },
    ],
    accepted: { status: 200, message: "Se existir uma conta com este e-mail, você vai receber um link para criar uma nova senha." },
    duplicated: refused(400, INVALID_EMAIL),
    empty: refused(400, MISSING_CREDENTIALS),
    huge: refused(413, TOO_LARGE),
    probe: async () => "nothing stored but a reset token",
    nothing: "no link sent",
  },
  {
    label: "POST /login intent=update-password",
    path: () => "/login",
    cookie: () => "",
    encoding: "form",
    fields: [
      { name: "intent", kind: "intent", valid: () => "update-password", invalid: refused(400, UNKNOWN_ACTION), required: refused(400, MISSING_CREDENTIALS) },
      {
        name: "password",
        kind: "newPassword",
        valid: () => "outra-senha-boa-7",
        required: refused(400, "Digite a nova senha."),
        long: PASSWORD_TOO_LONG,
      },
      {
        name: "token",
        kind: "credential",
        valid: () => "b3a1c0ffee",
        required: refused(400, "Abra o link que enviamos por e-mail para criar a nova senha."),
        invalid: refused(400, "Este link de redefinição expirou ou já foi usado. Peça um novo."),
        nul: refused(400, NUL_REFUSED),
      },
    ],
    base: refused(400, "Este link de redefinição expirou ou já foi usado. Peça um novo."),
    duplicated: refused(400, "Digite a nova senha."),
    empty: refused(400, MISSING_CREDENTIALS),
    huge: refused(413, TOO_LARGE),
    probe: async () => "nothing to compare: no account is signed in",
    nothing: "no password changed",
  },
  {
    label: "POST /login intent=google",
    path: () => "/login",
    cookie: () => "",
    encoding: "form",
    fields: [{ name: "intent", kind: "intent", valid: () => "google", invalid: refused(400, UNKNOWN_ACTION), required: refused(400, MISSING_CREDENTIALS) }],
    base: refused(400, "Entrar com Google não está disponível neste servidor."),
    duplicated: refused(400, "Entrar com Google não está disponível neste servidor."),
    empty: refused(400, MISSING_CREDENTIALS),
    huge: refused(413, TOO_LARGE),
    probe: async () => "nothing",
    nothing: "nothing started",
  },
  {
    label: "POST /logout",
    before: async () => {
      logoutSession = (await signIn(server.url, userB.email, DEMO_PASSWORD, sameSite())).cookie;
    },
    path: () => "/logout",
    cookie: () => logoutSession,
    encoding: "form",
    fields: [],
    duplicated: ACCEPTED,
    empty: ACCEPTED,
    // Logout reads no body: whatever came along, the person asked to leave.
    unreadable: ACCEPTED,
    // Over the limit the request never reaches the action, so the session survives.
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.status("/profile", logoutSession),
    nothing: "the session kept",
    afterAccepted: async () => {
      expect((await get("/profile", logoutSession)).status, "the session ended").toBe(302);
    },
  },
  {
    label: "POST /favorites",
    path: () => "/favorites",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      {
        name: "intent",
        kind: "choice",
        valid: () => "add",
        required: refused(400, FAVORITE_ADD_ERROR),
        invalid: refused(400, FAVORITE_ADD_ERROR),
        wrong: ["ADD", "delete"],
      },
      {
        name: "itemType",
        kind: "choice",
        valid: () => "post",
        required: refused(400, FAVORITE_ADD_ERROR),
        invalid: refused(400, FAVORITE_ADD_ERROR),
        wrong: ["posts", "profile", "sell_items"],
      },
      { name: "itemId", kind: "id", valid: () => ctx.postB, required: refused(404, FAVORITE_ADD_ERROR), invalid: refused(404, FAVORITE_ADD_ERROR) },
      redirectField(() => "/favorites"),
    ],
    duplicated: ACCEPTED,
    empty: refused(400, FAVORITE_ADD_ERROR),
    huge: refused(413, TOO_LARGE),
    probe: async () => `${await favoritesOf(ctx.a)} | B: ${await favoritesOf(ctx.b)}`,
    nothing: "no favorite added",
  },
  {
    // Issue #25: every intent of an action has its row. A malformed id on intent=remove gave
    // a 500 when its check was taken out, and the add row alone never noticed.
    label: "POST /favorites intent=remove",
    before: async () => {
      // The favorite the untouched form removes, there again before each case.
      await post("/favorites", ctx.a, asForm([["intent", "add"], ["itemType", "post"], ["itemId", ctx.postB]]));
    },
    path: () => "/favorites",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      // Without it (or with anything else) the form is an add of the favorite that is there already: refused.
      { name: "intent", kind: "choice", valid: () => "remove", required: refused(400, FAVORITE_ADD_ERROR), invalid: refused(400, FAVORITE_ADD_ERROR), wrong: ["REMOVE", "delete"] },
      {
        name: "itemType",
        kind: "choice",
        valid: () => "post",
        required: refused(400, FAVORITE_REMOVE_ERROR),
        invalid: refused(400, FAVORITE_REMOVE_ERROR),
        wrong: ["posts", "profile", "sell_items"],
      },
      { name: "itemId", kind: "id", valid: () => ctx.postB, required: refused(404, FAVORITE_REMOVE_ERROR), invalid: refused(404, FAVORITE_REMOVE_ERROR) },
      redirectField(() => "/favorites"),
    ],
    duplicated: ACCEPTED,
    empty: refused(400, FAVORITE_ADD_ERROR),
    huge: refused(413, TOO_LARGE),
    probe: async () => `${await favoritesOf(ctx.a)} | B: ${await favoritesOf(ctx.b)}`,
    nothing: "no favorite removed",
  },
  {
    label: "POST /create-sell-item",
    path: () => "/create-sell-item",
    cookie: () => ctx.a,
    encoding: "multipart",
    fields: sellItemFields(),
    duplicated: refused(400, "Dê um título ao anúncio."),
    empty: refused(400, "Dê um título ao anúncio."),
    huge: tooLong(SellItemSchema.shape.title),
    file: { name: "images", refusal: refused(400, NOT_AN_IMAGE) },
    probe: async () => probe.ids("/my-sell-items", ctx.a, sellItemLinks),
    nothing: "no item created",
  },
  {
    label: "POST /sell-items/{id}/edit intent=save",
    path: () => `/sell-items/${ctx.itemA}/edit`,
    cookie: () => ctx.a,
    encoding: "multipart",
    fields: [
      intentField("save"),
      ...sellItemFields().map((f) => ({ ...f, shownAt: f.shownAt && (() => `/sell-items/${ctx.itemA}`) })),
    ],
    duplicated: refused(400, "Dê um título ao anúncio."),
    empty: refused(400, UNKNOWN_ACTION),
    huge: tooLong(SellItemSchema.shape.title),
    file: { name: "images", refusal: refused(400, NOT_AN_IMAGE) },
    probe: async () => probe.form(`/sell-items/${ctx.itemA}/edit`, ctx.a),
    nothing: "the ad unchanged",
  },
  {
    label: "POST /sell-items/{id}/edit intent=sold",
    path: () => `/sell-items/${ctx.itemA}/edit`,
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("sold"),
      // Anything but "available" means sold: a legitimate toggle, never an error.
      { name: "status", kind: "choice", valid: () => "available", wrong: ["vendido", "1"] },
    ],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.form(`/sell-items/${ctx.itemA}/edit`, ctx.a),
    nothing: "the ad unchanged",
  },
  {
    label: "POST /sell-items/{id}/edit intent=delete",
    before: async () => {
      deleteTarget = await newSellItem(ctx.a, "Para excluir");
    },
    path: () => `/sell-items/${deleteTarget}/edit`,
    cookie: () => ctx.a,
    encoding: "form",
    fields: [intentField("delete")],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.status(`/sell-items/${deleteTarget}`, ctx.a),
    nothing: "the ad kept",
    afterAccepted: async () => {
      expect((await get(`/sell-items/${deleteTarget}`, ctx.a)).status, "the ad is gone").toBe(404);
    },
  },
  {
    label: "POST /create-post",
    path: () => "/create-post",
    cookie: () => ctx.a,
    encoding: "multipart",
    fields: postFields(),
    duplicated: refused(400, "Escreva o texto do post."),
    empty: refused(400, "Escreva o texto do post."),
    huge: tooLong(PostSchema.shape.content),
    file: { name: "image", refusal: refused(400, NOT_AN_IMAGE) },
    probe: async () => probe.ids("/my-posts", ctx.a, postLinks),
    nothing: "no post created",
  },
  {
    label: "POST /posts/{id}/edit intent=save",
    path: () => `/posts/${ctx.postA}/edit`,
    cookie: () => ctx.a,
    encoding: "multipart",
    fields: [
      { name: "intent", kind: "intent", valid: () => "save", invalid: refused(400, UNKNOWN_ACTION) },
      ...postFields().map((f) => ({ ...f, shownAt: () => `/posts/${ctx.postA}` })),
    ],
    duplicated: refused(400, "Escreva o texto do post."),
    empty: refused(400, "Escreva o texto do post."),
    huge: tooLong(PostSchema.shape.content),
    file: { name: "image", refusal: refused(400, NOT_AN_IMAGE) },
    probe: async () => probe.form(`/posts/${ctx.postA}/edit`, ctx.a),
    nothing: "the post unchanged",
  },
  {
    label: "POST /posts/{id}/edit intent=delete",
    before: async () => {
      deleteTarget = await newPost(ctx.a, "Para excluir");
    },
    path: () => `/posts/${deleteTarget}/edit`,
    cookie: () => ctx.a,
    encoding: "form",
    // No intent means save: a save without text is refused for it.
    fields: [
      { name: "intent", kind: "intent", valid: () => "delete", required: refused(400, "Escreva o texto do post."), invalid: refused(400, UNKNOWN_ACTION) },
    ],
    duplicated: ACCEPTED,
    empty: refused(400, "Escreva o texto do post."),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.status(`/posts/${deleteTarget}`, ctx.a),
    nothing: "the post kept",
    afterAccepted: async () => {
      expect((await get(`/posts/${deleteTarget}`, ctx.a)).status, "the post is gone").toBe(404);
    },
  },
  {
    label: "POST /posts intent=vote",
    path: () => "/posts",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("vote"),
      { name: "postId", kind: "id", valid: () => ctx.postB, required: refused(404, POLL_GONE), invalid: refused(404, POLL_GONE) },
      {
        name: "optionId",
        kind: "id",
        valid: () => ctx.optionsB[0]!,
        required: refused(400, "Escolha uma das opções para votar."),
        invalid: refused(400, NOT_AN_OPTION),
      },
      redirectField(() => "/posts"),
    ],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.page(`/posts/${ctx.postB}`, ctx.a),
    nothing: "no vote cast",
  },
  {
    label: "POST /posts/{id} intent=vote",
    path: () => `/posts/${ctx.postB}`,
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("vote"),
      { name: "postId", kind: "id", valid: () => ctx.postB, required: refused(404, POLL_GONE), invalid: refused(404, POLL_GONE) },
      {
        name: "optionId",
        kind: "id",
        valid: () => ctx.optionsB[1]!,
        required: refused(400, "Escolha uma das opções para votar."),
        invalid: refused(400, NOT_AN_OPTION),
      },
      redirectField(() => `/posts/${ctx.postB}`),
    ],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.page(`/posts/${ctx.postB}`, ctx.a),
    nothing: "no vote cast",
  },
  // Issue #30: every comment intent, on a post's page and an article's.
  ...commentRows("posts"),
  ...commentRows("news"),
  // Issue #30: the review intents on the page of each kind of listing.
  ...REVIEWED_KINDS.flatMap(reviewRows),
  {
    label: "POST /news/{id} intent=delete",
    before: async () => {
      deleteTarget = await newNews(ctx.a, "Para excluir");
    },
    path: () => `/news/${deleteTarget}`,
    cookie: () => ctx.a,
    encoding: "form",
    fields: [intentField("delete")],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.status(`/news/${deleteTarget}`, ctx.a),
    nothing: "the news kept",
    afterAccepted: async () => {
      expect((await get(`/news/${deleteTarget}`, ctx.a)).status, "the news is gone").toBe(404);
    },
  },
  {
    label: "POST /create-news",
    path: () => "/create-news",
    cookie: () => ctx.a,
    encoding: "multipart",
    fields: [
      {
        name: "title",
        kind: "text",
        valid: () => "Feira de artesanato no sábado",
        required: refused(400, "Dê um título à notícia."),
        long: refused(400, "O título pode ter no máximo 160 caracteres."),
        shownAt: (r) => location(r),
      },
      {
        name: "summary",
        kind: "text",
        valid: () => "Barracas na praça",
        long: refused(400, "O resumo pode ter no máximo 400 caracteres."),
        shownAt: (r) => location(r),
      },
      {
        name: "content",
        kind: "text",
        valid: () => "A feira começa às 9h.",
        required: refused(400, "Escreva o texto da notícia."),
        long: refused(400, "O texto pode ter no máximo 20.000 caracteres."),
        shownAt: (r) => location(r),
      },
    ],
    duplicated: refused(400, "Dê um título à notícia."),
    empty: refused(400, "Dê um título à notícia."),
    huge: refused(400, "O título pode ter no máximo 160 caracteres."),
    file: { name: "coverImage", refusal: refused(400, NOT_AN_IMAGE) },
    probe: async () => probe.ids("/news", ctx.a, newsLinks),
    nothing: "no news created",
  },
  {
    label: "POST /notifications intent=read",
    path: () => "/notifications",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("read"),
      { name: "id", kind: "id", valid: () => ctx.notificationA, required: refused(404, NOTIFICATION_GONE), invalid: refused(404, NOTIFICATION_GONE) },
      redirectField(() => "/notifications"),
    ],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => `A: ${await notificationsOf(ctx.a)} | B: ${await notificationsOf(ctx.b)}`,
    nothing: "nothing marked read",
  },
  {
    label: "POST /notifications intent=read-all",
    path: () => "/notifications",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("read-all"),
      redirectField(() => "/notifications"),
    ],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => `A: ${await notificationsOf(ctx.a)} | B: ${await notificationsOf(ctx.b)}`,
    nothing: "nothing marked read",
  },
  // Issue #31: this device's Web Push subscription, as ~/client/push sends it (fetch, 200).
  {
    label: "POST /notifications intent=push-subscribe",
    path: () => "/notifications",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("push-subscribe"),
      {
        name: "endpoint",
        kind: "format",
        valid: () => `https://push.exemplo.com.br/send/${unique()}`,
        required: refused(400, PUSH_REFUSED),
        invalid: refused(400, PUSH_REFUSED),
        // Not a push service: the server would post to it (its own loopback, a private address, plain http).
        wrong: ["http://push.exemplo.com.br/send/x", "https://127.0.0.1/x", "https://localhost/x", "https://[::1]/x", "https://push.exemplo.com.br:8443/x"],
      },
      { name: "p256dh", kind: "format", valid: () => `B${"w".repeat(86)}`, required: refused(400, PUSH_REFUSED), invalid: refused(400, PUSH_REFUSED), wrong: ["abc"] },
      { name: "auth", kind: "format", valid: () => "a".repeat(22), required: refused(400, PUSH_REFUSED), invalid: refused(400, PUSH_REFUSED), wrong: ["abc"] },
      { name: "kinds", kind: "choice", valid: () => ["comment", "vote"], required: refused(400, PUSH_NO_KIND), invalid: refused(400, PUSH_REFUSED), wrong: ["tudo"] },
    ],
    accepted: { status: 200 },
    // The second copies are other values: "comment2" is no kind.
    duplicated: refused(400, PUSH_REFUSED),
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => devicesOf(ctx.a),
    nothing: "no device saved",
  },
  {
    label: "POST /notifications intent=push-unsubscribe",
    path: () => "/notifications",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("push-unsubscribe"),
      { name: "endpoint", kind: "format", valid: () => `https://push.exemplo.com.br/send/${unique()}`, required: refused(400, PUSH_REFUSED), invalid: refused(400, PUSH_REFUSED), wrong: ["https://127.0.0.1/x"] },
    ],
    accepted: { status: 200 },
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => devicesOf(ctx.a),
    nothing: "no device removed",
  },
  {
    label: "POST /edit-profile intent=profile",
    path: () => "/edit-profile",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("profile"),
      {
        name: "fullName",
        kind: "text",
        valid: () => userA.fullName,
        required: refused(400, "Diga seu nome."),
        long: tooLong(fieldRules.fullName),
        shownAt: () => `/u/${userA.username}`,
      },
      {
        name: "username",
        kind: "format",
        valid: () => userA.username,
        required: refused(400, "Escolha um nome de usuário."),
        invalid: refused(400, USERNAME_FORMAT),
        wrong: ["ab", "a b c", "ação"],
      },
      {
        name: "bio",
        kind: "text",
        valid: () => "Moro no Centro.",
        long: refused(400, "A bio pode ter no máximo 500 caracteres."),
        shownAt: () => `/u/${userA.username}`,
      },
      {
        name: "phone",
        kind: "format",
        valid: () => "(35) 99876-5432",
        invalid: refused(400, "Digite um celular com DDD, como (35) 99876-5432."),
        wrong: ["telefone", "1"],
      },
      {
        name: "birthDate",
        kind: "format",
        valid: () => "01/02/1990",
        invalid: refused(400, "Digite uma data válida no formato DD/MM/AAAA."),
        // The date field keeps only digits (the mask), so "01/02/1990\0" is a valid date carrying a NUL.
        nul: refused(400, NUL_REFUSED),
        wrong: ["31/02/2000", "99/99/9999", "2000-01-01"],
      },
    ],
    duplicated: refused(400, "Diga seu nome."),
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    probe: async () => probe.form("/edit-profile", ctx.a),
    nothing: "the profile unchanged",
  },
  {
    label: "POST /edit-profile intent=email",
    path: () => "/edit-profile",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      intentField("email"),
      { name: "email", kind: "format", valid: () => `nova.${unique()}@exemplo.com.br`, required: refused(400, INVALID_EMAIL), invalid: refused(400, INVALID_EMAIL) },
    ],
    accepted: { status: 303, location: /^\/edit-profile$/ },
    duplicated: refused(400, INVALID_EMAIL),
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    // Issue #25: the account keeps its address until the new one's link is opened.
    probe: async () => /Seu e-mail: (\S+)/.exec(await probe.page("/edit-profile", ctx.a))?.[1] ?? "no e-mail shown",
    nothing: "the e-mail kept",
  },
  {
    label: "POST /edit-profile intent=password",
    path: () => "/edit-profile",
    cookie: () => ctx.p.cookie,
    encoding: "form",
    fields: [
      intentField("password"),
      // Issue #13: a new password only with the current one.
      {
        name: "currentPassword",
        kind: "credential",
        valid: () => ctx.p.password,
        required: refused(400, "Digite sua senha atual."),
        invalid: refused(400, "A senha atual não confere."),
        nul: refused(400, NUL_REFUSED),
      },
      {
        name: "password",
        kind: "newPassword",
        valid: () => "senha-nova-boa-3",
        required: refused(400, "Digite a nova senha."),
        long: PASSWORD_TOO_LONG,
      },
    ],
    duplicated: refused(400, "Digite a nova senha."),
    empty: refused(400, UNKNOWN_ACTION),
    huge: refused(413, TOO_LARGE),
    // The password in force still signs in, and no other does.
    probe: async () => {
      const response = await post(
        "/login",
        "",
        asForm([
          ["intent", "signin"],
          ["email", ctx.p.email],
          ["password", ctx.p.password],
        ]),
      );
      return `sign-in with the current password: ${response.status}`;
    },
    nothing: "the password unchanged",
    afterAccepted: async (response, sent) => {
      const password = decoded(sent.find(([n]) => n === "password")![1] as Value);
      ctx.p.password = password;
      ctx.p.cookie = sessionOf(response) ?? ctx.p.cookie;
      const again = await post(
        "/login",
        "",
        asForm([
          ["intent", "signin"],
          ["email", ctx.p.email],
          ["password", password],
        ]),
      );
      expect(again.status, "the new password, exactly as sent, signs in").toBe(303);
    },
  },
  {
    label: "POST /edit-profile intent=avatar",
    path: () => "/edit-profile",
    cookie: () => ctx.a,
    encoding: "multipart",
    fields: [intentField("avatar")],
    extra: () => [["avatar", { filename: "eu.png", type: "image/png", data: png }]],
    duplicated: ACCEPTED,
    empty: refused(400, UNKNOWN_ACTION),
    huge: ACCEPTED,
    file: { name: "avatar", refusal: refused(400, NOT_AN_IMAGE) },
    probe: async () => probe.form("/edit-profile", ctx.a),
    nothing: "the avatar unchanged",
  },
  {
    label: "POST /update-business-images",
    path: () => "/update-business-images",
    cookie: () => ctx.a,
    encoding: "multipart",
    fields: [
      { name: "businessId", kind: "id", valid: () => ctx.businessA, required: refused(404, BUSINESS_GONE), invalid: refused(404, BUSINESS_GONE) },
      {
        name: "kind",
        kind: "choice",
        valid: () => "cover",
        required: refused(400, KIND_CHOICE),
        invalid: refused(400, KIND_CHOICE),
        wrong: ["avatar", "LOGO"],
      },
    ],
    extra: () => [["image", { filename: "capa.png", type: "image/png", data: png }]],
    duplicated: ACCEPTED,
    empty: refused(404, BUSINESS_GONE),
    huge: ACCEPTED,
    file: { name: "image", refusal: refused(400, NOT_AN_IMAGE) },
    probe: async () => `${await probe.form("/update-business-images", ctx.a)} | B: ${await probe.form(`/business/${ctx.businessB}`, ctx.b)}`,
    nothing: "no image changed",
  },
  {
    label: "POST /update-business-images intent=remove",
    path: () => "/update-business-images",
    cookie: () => ctx.a,
    encoding: "form",
    fields: [
      // Any other intent is an upload, which then lacks its kind.
      { name: "intent", kind: "choice", valid: () => "remove", required: refused(400, KIND_CHOICE), invalid: refused(400, KIND_CHOICE) },
      { name: "businessId", kind: "id", valid: () => ctx.businessA, required: refused(404, BUSINESS_GONE), invalid: refused(404, BUSINESS_GONE) },
      // A random id of nothing: removing a real photo would only work once.
      { name: "imageId", kind: "id", valid: () => randomUUID(), required: refused(404, "Foto não encontrada."), invalid: refused(404, "Foto não encontrada.") },
    ],
    base: refused(404, "Foto não encontrada."),
    duplicated: refused(404, "Foto não encontrada."),
    empty: refused(404, BUSINESS_GONE),
    huge: refused(413, TOO_LARGE),
    probe: async () => `${await probe.form("/update-business-images", ctx.a)} | B: ${await probe.form("/update-business-images", ctx.b)}`,
    nothing: "no photo removed",
  },
  {
    // The page posts the tokens of an OAuth fragment here; local accounts have no OAuth,
    // and whatever arrives (or fails to) sends the browser back to /login, signed out.
    label: "POST /auth/callback",
    path: () => "/auth/callback",
    cookie: () => "",
    encoding: "form",
    fields: [
      { name: "access_token", kind: "credential", valid: () => "eyJhbGciOiJIUzI1NiJ9.e30.x" },
      { name: "refresh_token", kind: "credential", valid: () => "r3fr3sh" },
    ],
    accepted: { status: 303, location: /^\/login$/ },
    duplicated: ACCEPTED,
    empty: ACCEPTED,
    unreadable: ACCEPTED,
    huge: refused(413, TOO_LARGE),
    probe: async () => "nothing",
    nothing: "nobody signed in",
    afterAccepted: async (response) => {
      expect(sessionOf(response), "no session").toBeNull();
    },
  },
  {
    label: "POST /theme",
    path: () => "/theme",
    cookie: () => "",
    encoding: "form",
    fields: [
      {
        name: "theme",
        kind: "choice",
        valid: () => "dark",
        required: refused(400, "Tema inválido: escolha claro (light) ou escuro (dark)."),
        invalid: refused(400, "Tema inválido: escolha claro (light) ou escuro (dark)."),
        wrong: ["Dark", "blue"],
      },
      redirectField(() => "/"),
    ],
    duplicated: ACCEPTED,
    empty: refused(400, "Tema inválido: escolha claro (light) ou escuro (dark)."),
    huge: refused(413, TOO_LARGE),
    probe: async () => "the theme lives in a cookie: a refusal must not set it",
    nothing: "no theme cookie set",
  },
  ...ISSUE_18_ACTIONS,
];

let deleteTarget = "";
let logoutSession = "";

// Forged ids of other users' rows, and other cases only some actions have.
const action = (label: string) => ACTIONS.find((a) => a.label === label)!;
/** The valid form with some fields changed; the values are read when the case runs (ids come from beforeAll). */
const entriesWith = (changes: () => Record<string, Value>) => (entries: Entry[]) =>
  Object.entries(changes()).reduce((acc, [name, value]) => replaceField(acc, name, value), entries);

function forgedCases(): Case[] {
  const sellSave = action("POST /sell-items/{id}/edit intent=save");
  const sold = action("POST /sell-items/{id}/edit intent=sold");
  const sellDelete = action("POST /sell-items/{id}/edit intent=delete");
  const postSave = action("POST /posts/{id}/edit intent=save");
  const postDelete = action("POST /posts/{id}/edit intent=delete");
  const vote = action("POST /posts intent=vote");
  const read = action("POST /notifications intent=read");
  const favorites = action("POST /favorites");
  const images = action("POST /update-business-images");
  const remove = action("POST /update-business-images intent=remove");
  const newsDelete = action("POST /news/{id} intent=delete");
  const postVote = action("POST /posts/{id} intent=vote");
  const itemB = () => probe.form(`/sell-items/${ctx.itemB}/edit`, ctx.b);
  const postB = () => probe.form(`/posts/${ctx.postB}/edit`, ctx.b);
  const cases: Case[] = [];
  for (const spec of [sellSave, sold, sellDelete]) {
    cases.push({
      name: "on another user's ad (forged id in the path)",
      action: spec,
      build: (e) => encode(spec, e),
      path: () => `/sell-items/${ctx.itemB}/edit`,
      outcome: refused(403, SELL_ITEM_NOT_OWNER),
      probes: [itemB],
    });
    for (const id of [...FAKE_IDS, "'; drop table sell_items; --"]) {
      // The action's 404 is followed by the page's own loader, whose 404 page says so in its words.
      cases.push({
        name: `on /sell-items/${id}/edit`,
        action: spec,
        build: (e) => encode(spec, e),
        path: () => `/sell-items/${encodeURIComponent(id)}/edit`,
        outcome: refused(404, PAGE_NOT_FOUND),
      });
    }
  }
  cases.push({
    name: "removing another ad's photo (forged removeImages) keeps that photo",
    action: sellSave,
    build: (e) => encode(sellSave, e),
    entries: (e) => [...e, ["removeImages", ctx.itemBPhotos[0]!]],
    outcome: ACCEPTED,
    probes: [itemB],
  });
  for (const spec of [postSave, postDelete]) {
    cases.push({
      name: "on another user's post (forged id in the path)",
      action: spec,
      build: (e) => encode(spec, e),
      path: () => `/posts/${ctx.postB}/edit`,
      outcome: refused(403, POST_NOT_AUTHOR),
      probes: [postB],
    });
    for (const id of [...FAKE_IDS, "'; drop table posts; --"]) {
      cases.push({
        name: `on /posts/${id}/edit`,
        action: spec,
        build: (e) => encode(spec, e),
        path: () => `/posts/${encodeURIComponent(id)}/edit`,
        outcome: refused(404, PAGE_NOT_FOUND),
      });
    }
  }
  cases.push({
    name: "on another user's news (forged id in the path)",
    action: newsDelete,
    build: (e) => encode(newsDelete, e),
    path: () => `/news/${ctx.newsB}`,
    outcome: refused(403, "Só quem publicou a notícia pode excluí-la."),
    probes: [() => probe.status(`/news/${ctx.newsB}`, ctx.b)],
  });
  for (const id of [...FAKE_IDS, "'; drop table news; --"]) {
    cases.push({
      name: `on /news/${id}`,
      action: newsDelete,
      build: (e) => encode(newsDelete, e),
      path: () => `/news/${encodeURIComponent(id)}`,
      outcome: refused(404, PAGE_NOT_FOUND),
    });
  }
  cases.push(
    {
      name: "with the id of another post than the page's (forged postId)",
      action: postVote,
      build: (e) => encode(postVote, e),
      entries: entriesWith(() => ({ postId: ctx.postC })),
      outcome: refused(404, POLL_GONE),
    },
    {
      name: "with an option of another poll (forged optionId)",
      action: postVote,
      build: (e) => encode(postVote, e),
      entries: entriesWith(() => ({ optionId: ctx.optionsC[0]! })),
      outcome: refused(400, NOT_AN_OPTION),
    },
    {
      name: "with an option of another poll (forged optionId)",
      action: vote,
      build: (e) => encode(vote, e),
      entries: entriesWith(() => ({ optionId: ctx.optionsC[0]! })),
      outcome: refused(400, NOT_AN_OPTION),
    },
    {
      name: "with another user's notification id (forged)",
      action: read,
      build: (e) => encode(read, e),
      entries: entriesWith(() => ({ id: ctx.notificationB })),
      outcome: refused(404, NOTIFICATION_GONE),
    },
    {
      name: "removing an item only another user favorited leaves their favorite alone",
      action: favorites,
      build: (e) => encode(favorites, e),
      entries: entriesWith(() => ({ intent: "remove", itemType: "sell_item", itemId: ctx.itemA })),
      // Not this user's favorite: nothing to remove, and the answer says so (issue #16).
      outcome: refused(404, FAVORITE_REMOVE_ERROR),
      probes: [() => favoritesOf(ctx.b)],
    },
    {
      name: "with another user's sell item id as a business (forged itemType)",
      action: favorites,
      build: (e) => encode(favorites, e),
      entries: entriesWith(() => ({ itemType: "business", itemId: ctx.itemB })),
      outcome: refused(404, FAVORITE_ADD_ERROR),
    },
    {
      name: "for a business the user does not own (forged businessId)",
      action: images,
      build: (e) => encode(images, e),
      entries: entriesWith(() => ({ businessId: ctx.businessB })),
      outcome: refused(403, BUSINESS_NOT_OWNER),
      probes: [() => probe.form("/update-business-images", ctx.b)],
    },
    {
      name: "of another business's gallery photo under one's own business",
      action: remove,
      build: (e) => encode(remove, e),
      entries: entriesWith(() => ({ imageId: ctx.galleryImageB })),
      outcome: refused(404, "Foto não encontrada."),
      probes: [() => probe.form("/update-business-images", ctx.b)],
    },
    {
      name: "of another business's gallery photo under that business (forged businessId)",
      action: remove,
      build: (e) => encode(remove, e),
      entries: entriesWith(() => ({ businessId: ctx.businessB, imageId: ctx.galleryImageB })),
      outcome: refused(403, BUSINESS_NOT_OWNER),
      probes: [() => probe.form("/update-business-images", ctx.b)],
    },
  );
  cases.push(...issue18ForgedCases());
  return cases;
}

/** Issue #25: the forms of issue #18 on someone else's rows, or on ids that are no row at all. */
function issue18ForgedCases(): Case[] {
  const claim = action("POST /business/{id}/e-meu");
  const edit = action("POST /business/{id}/editar");
  const hide = action("POST /moderacao intent=hide");
  const block = action("POST /moderacao intent=block");
  const approveClaim = action("POST /moderacao intent=approve-claim");
  const cases: Case[] = [
    {
      name: "on the business one already owns",
      action: claim,
      build: (e) => encode(claim, e),
      path: () => `/business/${ctx.businessB}/e-meu`,
      // The page then says why there is no form: the business is theirs.
      outcome: refused(403, "Você já é o dono deste negócio."),
    },
    {
      name: "on another owner's business (forged id in the path)",
      action: edit,
      build: (e) => encode(edit, e),
      path: () => `/business/${ctx.businessB}/editar`,
      outcome: refused(403, "Só o dono edita este negócio"),
      probes: [() => probe.page(`/business/${ctx.businessB}`, ctx.b)],
    },
    {
      name: "by a resident who is no moderator",
      action: hide,
      build: (e) => encode(hide, e),
      cookie: () => ctx.a,
      outcome: refused(403, ONLY_MODERATORS),
    },
    {
      name: "of a moderator (the moderator's own profile)",
      action: block,
      build: (e) => encode(block, e),
      entries: entriesWith(() => ({ kind: "profile", id: ctx.modProfile })),
      outcome: refused(403, "Esta pessoa não pode ser bloqueada (é da moderação ou é você)."),
    },
    {
      name: "of a claim another moderator already answered",
      action: approveClaim,
      build: (e) => encode(approveClaim, e),
      entries: entriesWith(() => ({ id: ctx.answeredClaim })),
      outcome: refused(404, QUEUE_GONE),
    },
  ];
  for (const id of [...FAKE_IDS, "'; drop table businesses; --"]) {
    cases.push(
      { name: `on /business/${id}/e-meu`, action: claim, build: (e) => encode(claim, e), path: () => `/business/${encodeURIComponent(id)}/e-meu`, outcome: refused(404, PAGE_NOT_FOUND) },
      {
        name: `on /business/${id}/editar`,
        action: edit,
        build: (e) => encode(edit, e),
        path: () => `/business/${encodeURIComponent(id)}/editar`,
        outcome: refused(403, "Só o dono edita este negócio"),
      },
    );
  }
  return cases;
}

// ---------------------------------------------------------------------------------------
// Running one case

/** Signs of a crash page or a leaked error, in any language. */
function expectNoTechnicalError(response: HttpResponse, where: string) {
  const text = decodeHtml(response.body);
  expect(text, `${where}: a stack trace`).not.toMatch(/^\s+at \S.*\(.*:\d+:\d+\)/m);
  expect(text, `${where}: an error class`).not.toMatch(/\b(?:TypeError|SyntaxError|RangeError|ReferenceError|Error): /);
  expect(text, where).not.toContain("Unexpected Server Error");
  expect(text, where).not.toMatch(/Invalid input|expected string|received array/);
}

function outcomeText(outcome: Outcome, spec: ActionSpec): string {
  if (outcome !== ACCEPTED) return `${outcome.status} “${outcome.message}”, ${spec.nothing}`;
  const answer = spec.accepted?.status ?? 303;
  return `${answer} (legitimate input)`;
}

async function runCase(testCase: Case) {
  const spec = testCase.action;
  await spec.before?.();
  const pathname = testCase.path ? testCase.path() : spec.path();
  const entries = testCase.entries ? testCase.entries(validEntries(spec)) : validEntries(spec);
  const probes = [() => spec.probe(entries), async () => `files: ${storedFiles()}`, ...(testCase.probes ?? [])];
  const before = await Promise.all(probes.map((p) => p()));

  const response = await post(pathname, (testCase.cookie ?? spec.cookie)(), testCase.build(entries));
  const where = `${spec.label} ${testCase.name} (${pathname})`;
  expect(response.status, `${where}: never a server error — ${visibleText(response.body).slice(0, 300)}`).toBeLessThan(500);
  expectNoTechnicalError(response, where);

  if (testCase.outcome === ACCEPTED) {
    const expected = spec.accepted?.status ?? 303;
    expect(response.status, `${where}: ${visibleText(response.body).slice(0, 400)}`).toBe(expected);
    if (expected === 303) {
      // On this site, and not a trip to /login (that would mean the session was refused).
      expect(location(response), `${where}: where it redirects`).toMatch(spec.accepted?.location ?? /^\/(?![/\\])(?!login\b)/);
      if (testCase.location) expect(location(response), `${where}: the redirect it fell back to`).toBe(testCase.location());
    } else if (spec.accepted?.message) {
      expect(visibleText(response.body)).toContain(spec.accepted.message);
    }
    if (testCase.stored) {
      const field = testCase.stored;
      const sent = entries.find(([n]) => n === field.name)![1] as Value;
      const shown = field.shownAt!(response, entries);
      const page = await get(shown, spec.cookie() || ctx.a);
      expect(page.status, `${where}: ${shown}`).toBe(200);
      // Stored as sent (only the edges trimmed) and shown as text.
      expect(visibleText(page.body), `${where}: ${shown} shows the value verbatim`).toContain(decoded(sent).trim().replace(/\s+/g, " "));
      expectInert(page, `${where}: ${shown}`);
    }
    await spec.afterAccepted?.(response, entries);
    // The other user's rows, when the case names them, are untouched even by an accepted post.
    const after = await Promise.all((testCase.probes ?? []).map((p) => p()));
    expect(after, `${where}: the other user's rows`).toEqual(before.slice(2));
    return;
  }

  const { status, message } = testCase.outcome;
  expect(response.status, `${where}: ${visibleText(response.body).slice(0, 400)}`).toBe(status);
  const html = String(response.headers["content-type"] ?? "").startsWith("text/html");
  // The message is on the page a person sees (or, from a resource route, in the body).
  expect(html ? visibleText(response.body) : response.body, `${where}: the message`).toContain(message);
  expect(sessionOf(response), `${where}: no session handed out`).toBeNull();
  expect(
    response.cookies.some((c) => c.startsWith("guida_theme=")),
    `${where}: no theme cookie`,
  ).toBe(false);
  const after = await Promise.all(probes.map((p) => p()));
  expect(after, `${where}: ${spec.nothing}`).toEqual(before);
}

/** Where a row posts and the intent it sends: "POST /x intent=y" says it; else its intent field's value; else none. */
function rowOf(spec: ActionSpec): { path: string; intent: string } {
  const [, pathname, named] = /^POST (\S+)(?: intent=(\S+))?$/.exec(spec.label) ?? [];
  if (!pathname) throw new Error(`a row's label names its path: ${spec.label}`);
  const field = spec.fields.find((f) => f.name === "intent")?.valid();
  return { path: pathname, intent: named ?? (typeof field === "string" ? field : "") };
}

describe("the table covers every action and every intent it accepts (issue #25)", () => {
  // The intents are read from the route modules (tests/action-intents.ts): an intent added to
  // an action without a row here fails this, as tests/unit/action-intents.test.ts shows.
  it("has a row for each intent of each action of app/routes.ts", () => {
    expect(missingRows(routeActions(), ACTIONS.map(rowOf))).toEqual([]);
  });
});

describe("hostile input: every form action × the table (DESIGN.md §4, issue #9)", () => {
  // The table needs the fixtures' ids only when a case runs: build it now, read ids late.
  const cases = [...ACTIONS.flatMap(casesFor), ...forgedCases()];
  for (const testCase of cases) {
    it(`${testCase.action.label} ${testCase.name} → ${outcomeText(testCase.outcome, testCase.action)}`, () => runCase(testCase));
  }
});

// ---------------------------------------------------------------------------------------
// Stored text rendered inert, wherever it shows

describe("stored markup is shown as text, never run", () => {
  let postId = "";
  let itemId = "";
  let newsId = "";
  let username = "";

  beforeAll(async () => {
    // One account of its own, so the payload in its name shows on its posts and ads.
    username = `inerte_${unique()}`;
    const signup = await post(
      "/login",
      "",
      asForm([
        ["intent", "signup"],
        ["email", `${username}@exemplo.com.br`],
        ["password", "senha-do-inerte-5"],
        ["fullName", SCRIPT],
        ["username", username],
      ]),
    );
    if (signup.status !== 200 || sessionOf(signup)) throw new Error(`sign-up answered ${signup.status}`);
    const { cookie } = await confirmFromLog(server.proc, server.url, `${username}@exemplo.com.br`, sameSite());
    inertCookie = cookie;
    await created(
      "/edit-profile",
      cookie,
      asForm([
        ["intent", "profile"],
        ["fullName", ATTRIBUTE_BREAKOUT],
        ["username", username],
        ["bio", PAYLOAD],
      ]),
      "saving the profile",
    );
    postId = await newPost(cookie, PAYLOAD, { question: SCRIPT, options: [ATTRIBUTE_BREAKOUT, JS_URL] });
    itemId = await newSellItem(cookie, PAYLOAD);
    await created(
      `/sell-items/${itemId}/edit`,
      cookie,
      asMultipart([
        ["intent", "save"],
        ["title", PAYLOAD],
        ["description", PAYLOAD],
        ["price", "10"],
        ["condition", "novo"],
        ["category", "Casa"],
        ["location", JS_URL],
      ]),
      "saving the ad",
    );
    const to = await created(
      "/create-news",
      cookie,
      asMultipart([
        ["title", PAYLOAD],
        ["summary", PAYLOAD],
        ["content", PAYLOAD],
      ]),
      "creating news",
    );
    newsId = firstMatch(to, new RegExp(`^/news/(${UUID})$`), "news id");
    await created(
      "/favorites",
      cookie,
      asForm([
        ["intent", "add"],
        ["itemType", "sell_item"],
        ["itemId", itemId],
      ]),
      "favoriting the ad",
    );
  }, 60_000);
  let inertCookie = "";

  // Where each page shows the stored text (a list may cut it short, so it checks what fits).
  const pages: [label: string, path: () => string, shown: string[]][] = [
    ["the post page", () => `/posts/${postId}`, [PAYLOAD, SCRIPT, ATTRIBUTE_BREAKOUT, JS_URL]],
    ["the feed", () => "/posts", [PAYLOAD]],
    ["my posts", () => "/my-posts", [PAYLOAD]],
    ["the ad page", () => `/sell-items/${itemId}`, [PAYLOAD, JS_URL]],
    ["the ads list", () => "/sell-items", [PAYLOAD]],
    ["my ads", () => "/my-sell-items", [PAYLOAD]],
    ["the ad's edit form", () => `/sell-items/${itemId}/edit`, []],
    ["the public profile", () => `/u/${username}`, [ATTRIBUTE_BREAKOUT, PAYLOAD]],
    ["the own profile", () => "/profile", [ATTRIBUTE_BREAKOUT, PAYLOAD]],
    ["the profile form", () => "/edit-profile", []],
    ["the news page", () => `/news/${newsId}`, [PAYLOAD]],
    ["the news list", () => "/news", [PAYLOAD]],
    ["the favorites", () => "/favorites", [PAYLOAD]],
    ["the search", () => `/search?q=${encodeURIComponent("alert")}`, []],
  ];

  for (const [label, pathname, shown] of pages) {
    it(`${label}: a <script>, an onerror breakout and a javascript: URL in stored text show as text and run nothing`, async () => {
      const page = await get(pathname(), inertCookie);
      expect(page.status, pathname()).toBe(200);
      for (const text of shown) expect(visibleText(page.body), `${pathname()} shows ${text} as text`).toContain(text);
      if (shown.some((t) => t.includes(SCRIPT))) expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      if (shown.some((t) => t.includes(ATTRIBUTE_BREAKOUT))) expect(page.body).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
      expectInert(page, pathname());
    });
  }

  it("the payload in form fields comes back as attribute and textarea values, escaped", async () => {
    const page = await get(`/sell-items/${itemId}/edit`, inertCookie);
    const title = startTags(page.body).find((t) => t.name === "input" && t.attributes.get("name") === "title");
    expect(title?.attributes.get("value")).toBe(PAYLOAD);
    expect(page.body).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expectInert(page, "the edit form");
  });
});
