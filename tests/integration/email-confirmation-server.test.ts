import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_PASSWORD } from "#server/seed/seed-data";
import { startSmtpStandIn, type SmtpStandIn } from "./fixtures/smtp-stand-in";
import {
  confirmationLinks,
  confirmationToken,
  confirmFromLog,
  cookiePair,
  decodeHtml,
  form,
  type HttpOptions,
  type HttpResponse,
  openTown,
  request,
  type Server,
  type TownFolder,
} from "./server-harness";

// Issue #25 against the production server (`node server.js` on the demo town): an e-mail
// sign-up answers the same bytes whether the address is new or taken and starts no session;
// ADMIN_EMAIL goes only to a confirmed address; the limits on resends, mails to one address
// and taken phones. Each test's client is its own loopback address (127.0.0.x), so one test's
// per-IP limits never meet another's. Rate limits are the production ones (scale 1).

const town = buildDemoTown();
const resident = (username: string) => town.users.find((u) => u.username === username)!;
const ADMIN_EMAIL = "prefeitura.nova@exemplo.com.br";
const PUBLIC_URL = "https://guida.exemplo.com.br";

let folder: TownFolder;
let server: Server;
let smtp: SmtpStandIn;
let mailing: Server;

beforeAll(async () => {
  folder = await openTown("confirm");
  smtp = await startSmtpStandIn();
  [server, mailing] = await Promise.all([folder.start({ ADMIN_EMAIL }, "town"), folder.start({ SMTP_URL: smtp.url, PUBLIC_URL }, "mailing")]);
}, 400_000);

afterAll(async () => {
  folder?.close();
  await smtp?.close();
});

function post(target: Server, pathname: string, fields: Record<string, string>, options: HttpOptions = {}) {
  const sent = form(fields);
  return request(`${target.url}${pathname}`, { ...options, body: sent.body, headers: { ...sent.headers, ...options.headers } });
}

const signUpFields = (email: string, username: string) => ({ intent: "signup", email, password: "uma-senha-boa-2026", fullName: "Pessoa Nova", username });
const hasSession = (response: HttpResponse) => response.cookies.some((c) => c.startsWith("guida_session=") && !/Max-Age=0/.test(c));

/**
 * A response with what may differ between two requests for honest reasons taken out: the
 * address itself, the CSP nonce, the request id and the date (and the length those change).
 */
function normalised(response: HttpResponse, email: string) {
  const nonces = new Set([...response.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!));
  let body = response.body.split(email).join("<e-mail>");
  for (const nonce of nonces) body = body.split(nonce).join("<nonce>");
  const headers = Object.entries(response.headers)
    .filter(([name]) => !["date", "x-request-id", "content-length"].includes(name))
    .map(([name, value]) => [name, String(value).replace(/'nonce-[^']+'/g, "'nonce-<nonce>'")]);
  return { status: response.status, headers, body };
}

describe("sign-up by e-mail", () => {
  it("answers a taken e-mail byte for byte like a new one (HTML and the .data of JavaScript), with no session either way", { timeout: 60_000 }, async () => {
    const taken = resident("larissa_duarte").email;
    const at = { localAddress: "127.0.0.51" };
    for (const pathname of ["/login", "/login.data"]) {
      const suffix = pathname === "/login" ? "h" : "d";
      const fresh = await post(server, pathname, signUpFields(`nova.igual.${suffix}@exemplo.com.br`, `nova_igual_${suffix}`), at);
      const again = await post(server, pathname, signUpFields(taken, `outra_igual_${suffix}`), at);
      expect(fresh.status, decodeHtml(fresh.body).slice(0, 300)).toBe(200);
      if (pathname === "/login") expect(decodeHtml(fresh.body)).toMatch(/Enviamos um link para <strong[^>]*>nova\.igual\.h@exemplo\.com\.br</);
      else expect(fresh.body).toContain('"sent","nova.igual.d@exemplo.com.br"');
      expect(hasSession(fresh) || hasSession(again)).toBe(false);
      expect(normalised(again, taken)).toEqual(normalised(fresh, `nova.igual.${suffix}@exemplo.com.br`));
    }
    // The new address got its link; the taken one's owner a notice, and no link.
    await server.proc.waitForOutput((out) => confirmationLinks(out, "nova.igual.h@exemplo.com.br").length === 1 && out.includes(`sign-up attempt notice for ${taken}`));
    expect(confirmationLinks(server.proc.output, taken)).toEqual([]);
  });

  it("refuses sign-in until the link is opened, offering to send it again; the link's page confirms only by its button", { timeout: 60_000 }, async () => {
    const email = "espera.link@exemplo.com.br";
    const at = { localAddress: "127.0.0.52" };
    expect((await post(server, "/login", signUpFields(email, "espera_link"), at)).status).toBe(200);
    const early = await post(server, "/login", { intent: "signin", email, password: "uma-senha-boa-2026" }, at);
    expect(early.status).toBe(403);
    const page = decodeHtml(early.body);
    expect(page).toContain("Confirme seu e-mail antes de entrar: abra o link que enviamos. Não chegou? Peça outro abaixo.");
    expect(page).toContain('name="intent" value="resend"');
    expect(page).toContain(`value="${email}"`);
    expect(hasSession(early)).toBe(false);

    await server.proc.waitForOutput((out) => confirmationLinks(out, email).length === 1);
    const link = confirmationLinks(server.proc.output, email)[0]!;
    // Opening the link (what a mail scanner does too) shows a button and changes nothing.
    const opened = await request(`${server.url}/login?confirmar=${encodeURIComponent(confirmationToken(link))}`);
    expect(decodeHtml(opened.body)).toContain("Confirmar e-mail");
    expect((await post(server, "/login", { intent: "signin", email, password: "uma-senha-boa-2026" }, at)).status).toBe(403);

    const { cookie, response } = await confirmFromLog(server.proc, server.url, email);
    expect(response.headers.location).toBe("/");
    expect(decodeHtml((await request(`${server.url}/profile`, { headers: { Cookie: cookie } })).body)).toContain("espera_link");
    const signedIn = await post(server, "/login", { intent: "signin", email, password: "uma-senha-boa-2026" }, at);
    expect(signedIn.status).toBe(303);
  });

  it("mails the link by SMTP on PUBLIC_URL, after the answer", { timeout: 60_000 }, async () => {
    const email = "pelo.correio@exemplo.com.br";
    const arrived = smtp.nextMessage();
    const answer = await post(mailing, "/login", signUpFields(email, "pelo_correio"), { headers: { Host: "evil.example" }, localAddress: "127.0.0.53" });
    expect(answer.status).toBe(200);
    const message = await arrived;
    expect(message.to).toEqual([email]);
    const link = /(https?:\/\/\S+confirmar=\S+)/.exec(message.data.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[1];
    expect(new URL(link!).origin).toBe(PUBLIC_URL);
    expect(confirmationToken(link!)).toMatch(/^[\w-]{40,}$/);
  });
});

describe("limits", () => {
  it("resends: 10 an hour from one address (then 429 with Retry-After); mails to one inbox: 3 an hour, whoever asks", { timeout: 90_000 }, async () => {
    const email = "caixa.cheia@exemplo.com.br";
    expect((await post(server, "/login", signUpFields(email, "caixa_cheia"), { localAddress: "127.0.0.54" })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await post(server, "/login", { intent: "resend", email }, { localAddress: "127.0.0.55" })).status).toBe(200);
    const over = await post(server, "/login", { intent: "resend", email }, { localAddress: "127.0.0.55" });
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // From another address the resend is answered, but the inbox has had its three.
    expect((await post(server, "/login", { intent: "resend", email }, { localAddress: "127.0.0.56" })).status).toBe(200);
    await server.proc.waitForOutput((out) => out.split("confirmation resend held back").length - 1 >= 9);
    expect(confirmationLinks(server.proc.output, email)).toHaveLength(3);
  });

  it("a taken phone is told apart (it cannot be confirmed), 5 times an hour from one address, then 429", { timeout: 60_000 }, async () => {
    const phone = resident("larissa_duarte").phone;
    const at = { localAddress: "127.0.0.57" };
    for (let i = 0; i < 5; i++) {
      const taken = await post(server, "/login", { intent: "signup", phone, password: "uma-senha-boa-2026", fullName: "Pessoa", username: `fone_tomado_${i}` }, at);
      expect(taken.status).toBe(409);
      expect(decodeHtml(taken.body)).toContain("Já existe uma conta com este celular.");
    }
    const over = await post(server, "/login", { intent: "signup", phone, password: "uma-senha-boa-2026", fullName: "Pessoa", username: "fone_tomado_6" }, at);
    expect(over.status).toBe(429);
  });
});

describe("ADMIN_EMAIL", () => {
  it("is not granted to whoever signs up first with the address; it is once the link is opened (at the next start)", { timeout: 240_000 }, async () => {
    const at = { localAddress: "127.0.0.58" };
    expect((await post(server, "/login", signUpFields(ADMIN_EMAIL, "chefe_nova"), at)).status).toBe(200);
    await server.proc.waitForOutput((out) => confirmationLinks(out, ADMIN_EMAIL).length === 1);
    const link = confirmationLinks(server.proc.output, ADMIN_EMAIL)[0]!;

    await server.proc.kill("SIGTERM");
    server = await folder.start({ ADMIN_EMAIL }, "town");
    expect(server.proc.output).toContain(`ADMIN_EMAIL: ${ADMIN_EMAIL} is not confirmed yet`);
    // The link mailed before the restart still works; it signs in a resident, not an admin.
    const confirmed = await post(server, "/login", { intent: "confirm", token: confirmationToken(link) }, at);
    expect(confirmed.status).toBe(303);
    const cookie = cookiePair(confirmed.cookies.find((c) => c.startsWith("guida_session="))!);
    expect((await request(`${server.url}/moderacao/registro`, { headers: { Cookie: cookie } })).status).toBe(403);

    await server.proc.kill("SIGTERM");
    server = await folder.start({ ADMIN_EMAIL }, "town");
    expect(server.proc.output).not.toContain("is not confirmed yet");
    expect((await request(`${server.url}/moderacao/registro`, { headers: { Cookie: cookie } })).status).toBe(200);
    // And the demo town's residents were confirmed from the start.
    const larissa = await post(server, "/login", { intent: "signin", email: resident("larissa_duarte").email, password: DEMO_PASSWORD }, at);
    expect(larissa.status).toBe(303);
  });
});
