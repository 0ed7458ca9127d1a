import path from "node:path";
import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_PASSWORD } from "#server/seed/seed-data";
import { startSmtpStandIn, type SmtpStandIn } from "./fixtures/smtp-stand-in";
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from "./postgres-admin";
import {
  confirmFromLog,
  cookiePair,
  decodeHtml,
  form,
  type HttpOptions,
  openTown,
  request,
  type Server,
  signIn,
  startReadyServer,
  startServer,
  type TownFolder,
  waitUntil,
} from "./server-harness";

// Accounts and the links that leave the site, against the production server (`node
// server.js` on the demo town): reset links never follow the request's Host, reset tokens
// die with a password change, the sign-in limit cannot lock a resident out from elsewhere,
// the password change asks for the current one, phones have one spelling, and the reset
// form answers before (and regardless of) any e-mail. Each client address is its own
// loopback address (127.0.0.x), so the per-IP limits of one test never meet another's.

const town = buildDemoTown();
const resident = (username: string) => town.users.find((u) => u.username === username)!;
const PUBLIC_URL = "https://guida.exemplo.com.br";

let folder: TownFolder;
let smtp: SmtpStandIn;
/** SMTP_URL and PUBLIC_URL set: the production shape. */
let mailing: Server;
/** Neither set (the default): links go to the server log. */
let logging: Server;

beforeAll(async () => {
  folder = await openTown("accounts");
  smtp = await startSmtpStandIn();
  [mailing, logging] = await Promise.all([
    folder.start({ SMTP_URL: smtp.url, PUBLIC_URL, ACCESS_LOG: "all", ACCESS_LOG_SQL: "on" }, "mailing"),
    folder.start({}, "logging"),
  ]);
}, 400_000);

afterAll(async () => {
  folder?.close();
  await smtp?.close();
});

function post(server: Server, pathname: string, fields: Record<string, string>, options: HttpOptions = {}) {
  const sent = form(fields);
  return request(`${server.url}${pathname}`, { ...options, body: sent.body, headers: { ...sent.headers, ...options.headers } });
}

/** The reset links the server logged for `email` (no SMTP_URL), oldest first. */
function loggedLinks(server: Server, email: string): string[] {
  const pattern = new RegExp(`password reset link for ${email.replace(/[.]/g, "\\.")}: ([^\\s"]+)`, "g");
  return [...server.proc.output.matchAll(pattern)].map((m) => m[1]!);
}

async function nextLoggedLink(server: Server, email: string, before: number): Promise<string> {
  await server.proc.waitForOutput(() => loggedLinks(server, email).length > before, 20_000);
  return loggedLinks(server, email).at(-1)!;
}

/** A quoted-printable body as nodemailer writes it, back to text. */
function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

const tokenOf = (link: string) => new URL(link).searchParams.get("reset")!;
const accessLines = (server: Server) =>
  server.proc.output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { method: string; path: string; status: number; sql?: number });

describe("password-reset links", () => {
  it("never follow the requester's Host or request target: the logged link uses the address the server listens on", { timeout: 60_000 }, async () => {
    const larissa = resident("larissa_duarte");
    const evilHost = await post(logging, "/login", { intent: "reset", email: larissa.email }, { headers: { Host: "evil.example" }, localAddress: "127.0.0.11" });
    expect(evilHost.status).toBe(200);
    const first = await nextLoggedLink(logging, larissa.email, 0);

    // The absolute-form target of a hand-made request line: POST //evil.example/login.
    const before = loggedLinks(logging, larissa.email).length;
    const evilTarget = await post(logging, "//evil.example/login", { intent: "reset", email: larissa.email }, { localAddress: "127.0.0.11" });
    expect(evilTarget.status).toBe(200);
    const links = [first, await nextLoggedLink(logging, larissa.email, before)];

    for (const link of links) {
      expect(link).not.toContain("evil.example");
      expect(new URL(link).origin).toBe(`http://127.0.0.1:${logging.port}`);
      expect(new URL(link).pathname).toBe("/login");
      expect(tokenOf(link)).toMatch(/^[\w-]{20,}$/);
    }
    // The last link is a working one: it opens the new-password form on this server.
    const page = await request(links.at(-1)!.replace(`http://127.0.0.1:${logging.port}`, logging.url));
    expect(decodeHtml(page.body)).toContain("Escolha uma senha nova para sua conta.");
  });

  it("are e-mailed on PUBLIC_URL, after the answer: the form answers while the mail server still holds the message", { timeout: 60_000 }, async () => {
    const helena = resident("helena_martins");
    smtp.hold();
    try {
      const arrived = smtp.nextMessage();
      const answer = await post(mailing, "/login", { intent: "reset", email: helena.email }, { headers: { Host: "evil.example" }, localAddress: "127.0.0.12", timeoutMs: 15_000 });
      expect(answer.status).toBe(200);
      expect(decodeHtml(answer.body)).toContain("Se existir uma conta com este e-mail, você vai receber um link para criar uma nova senha.");
      expect(smtp.messages).toHaveLength(0); // answered while the message was not yet delivered
      await waitUntil(() => smtp.waiting === 1, "the reset e-mail to reach the mail server");
      smtp.release();
      const message = await arrived;
      expect(message.to).toEqual([helena.email]);
      const link = /(https?:\/\/\S+)/.exec(decodeQuotedPrintable(message.data))?.[1];
      expect(link, message.data).toBeDefined();
      expect(new URL(link!).origin).toBe(PUBLIC_URL);
      expect(link).not.toContain("evil.example");
      expect(tokenOf(link!)).toMatch(/^[\w-]{20,}$/);
    } finally {
      smtp.release();
    }
  });

  it("do the same work before answering whether or not the e-mail has an account", { timeout: 60_000 }, async () => {
    const sent: { email: string; status: number }[] = [];
    for (const email of [resident("joao_almeida").email, "ninguem.mora.aqui@exemplo.com.br", resident("ana_souza").email, "outro.ninguem@exemplo.com.br"]) {
      const answer = await post(mailing, "/login", { intent: "reset", email }, { localAddress: "127.0.0.13" });
      sent.push({ email, status: answer.status });
    }
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    await waitUntil(() => accessLines(mailing).filter((l) => l.method === "POST" && l.path === "/login").length >= 5, "the access log lines");
    // ACCESS_LOG_SQL counts each request's SQL statements up to its answer.
    const counts = accessLines(mailing)
      .filter((l) => l.method === "POST" && l.path === "/login")
      .slice(-4)
      .map((l) => l.sql);
    expect(counts[0]).toBeTypeOf("number");
    expect(new Set(counts).size, `statements per answer: ${counts.join(", ")}`).toBe(1);
  });
});

describe("reset tokens", () => {
  it("a new request revokes the earlier link; using a link revokes every other one", { timeout: 60_000 }, async () => {
    const chico = resident("chico_lima");
    const at = { localAddress: "127.0.0.14" };
    await post(logging, "/login", { intent: "reset", email: chico.email }, at);
    const older = tokenOf(await nextLoggedLink(logging, chico.email, 0));
    await post(logging, "/login", { intent: "reset", email: chico.email }, at);
    const newer = tokenOf(await nextLoggedLink(logging, chico.email, 1));

    const stale = await post(logging, "/login", { intent: "update-password", token: older, password: "senha-do-link-antigo-1" }, at);
    expect(stale.status).toBe(400);
    expect(decodeHtml(stale.body)).toContain("Este link de redefinição expirou ou já foi usado. Peça um novo.");

    const used = await post(logging, "/login", { intent: "update-password", token: newer, password: "senha-do-link-novo-2" }, at);
    expect(used.status).toBe(303);
    await signIn(logging.url, chico.email, "senha-do-link-novo-2", {});
  });

  it("a password changed in /edit-profile revokes the outstanding links", { timeout: 60_000 }, async () => {
    const ana = resident("ana_souza");
    const at = { localAddress: "127.0.0.15" };
    const { cookie } = await signIn(logging.url, ana.email, DEMO_PASSWORD);
    const before = loggedLinks(logging, ana.email).length;
    await post(logging, "/login", { intent: "reset", email: ana.email }, at);
    const outstanding = tokenOf(await nextLoggedLink(logging, ana.email, before));

    const changed = await post(
      logging,
      "/edit-profile",
      { intent: "password", currentPassword: DEMO_PASSWORD, password: "senha-trocada-no-perfil-3" },
      { ...at, headers: { Cookie: cookie } },
    );
    expect(changed.status).toBe(303);
    // Whoever holds the mailed link (an old inbox, a leaked e-mail) can no longer use it.
    const late = await post(logging, "/login", { intent: "update-password", token: outstanding, password: "senha-do-invasor-4" }, at);
    expect(late.status).toBe(400);
    await signIn(logging.url, ana.email, "senha-trocada-no-perfil-3");
  });
});

describe("the sign-in limit", () => {
  it("stops a guesser at the 11th wrong password from their address, while the resident still signs in from theirs", { timeout: 60_000 }, async () => {
    const joao = resident("joao_almeida");
    const attacker = { localAddress: "127.0.0.16" };
    for (let i = 1; i <= 10; i += 1) {
      const wrong = await post(logging, "/login", { intent: "signin", email: joao.email, password: `chute-errado-${i}` }, attacker);
      expect(wrong.status, `wrong password ${i}`).toBe(400);
    }
    const eleventh = await post(logging, "/login", { intent: "signin", email: joao.email, password: "chute-errado-11" }, attacker);
    expect(eleventh.status).toBe(429);
    // Seconds until this address may try this account again: the 10-minute window, opened
    // by the first guess moments ago (README: "429 with Retry-After").
    const retryAfter = Number(eleventh.headers["retry-after"]);
    expect(retryAfter, `Retry-After: ${eleventh.headers["retry-after"]}`).toBeGreaterThan(8 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(decodeHtml(eleventh.body)).toContain("Muitas tentativas. Tente de novo em 10 minuto(s).");
    // Even the right password is refused from the guessing address until the window ends.
    expect((await post(logging, "/login", { intent: "signin", email: joao.email, password: DEMO_PASSWORD }, attacker)).status).toBe(429);

    const home = await post(logging, "/login", { intent: "signin", email: joao.email, password: DEMO_PASSWORD }, { localAddress: "127.0.0.17" });
    expect(home.status).toBe(303);
    expect(home.cookies.some((c) => c.startsWith("guida_session="))).toBe(true);
  });
});

describe("changing the password in /edit-profile", () => {
  it("asks for the current password: missing or wrong is a 400 in Portuguese, the profile fields kept and no password echoed", { timeout: 60_000 }, async () => {
    const user = resident("thiago_cardoso");
    const at = { localAddress: "127.0.0.18" };
    const { cookie } = await signIn(logging.url, user.email, DEMO_PASSWORD);
    const headers = { Cookie: cookie };

    const missing = await post(logging, "/edit-profile", { intent: "password", password: "uma-senha-nova-5" }, { ...at, headers });
    expect(missing.status).toBe(400);
    expect(decodeHtml(missing.body)).toContain("Digite sua senha atual.");

    const wrong = await post(logging, "/edit-profile", { intent: "password", currentPassword: "nao-e-a-senha-6", password: "uma-senha-nova-5" }, { ...at, headers });
    expect(wrong.status).toBe(400);
    const body = decodeHtml(wrong.body);
    expect(body).toContain("A senha atual não confere.");
    expect(body).not.toContain("nao-e-a-senha-6");
    expect(body).not.toContain("uma-senha-nova-5");
    // Nothing changed: the old password still signs in, and the session still works.
    await signIn(logging.url, user.email, DEMO_PASSWORD);
    expect((await request(`${logging.url}/profile`, { headers })).status).toBe(200);

    const right = await post(logging, "/edit-profile", { intent: "password", currentPassword: DEMO_PASSWORD, password: "uma-senha-nova-5" }, { ...at, headers });
    expect(right.status).toBe(303);
    await signIn(logging.url, user.email, "uma-senha-nova-5");
  });
});

describe("phone numbers", () => {
  it("sign-up with phone and password, then sign-in with the phone typed any common way", { timeout: 60_000 }, async () => {
    const at = { localAddress: "127.0.0.19" };
    const created = await post(logging, "/login", { intent: "signup", phone: "(31) 99876-5432", password: "senha-do-celular-7", fullName: "Rita Celular", username: "rita_celular" }, at);
    expect(created.status, decodeHtml(created.body).slice(0, 400)).toBe(303);
    expect(created.cookies.some((c) => c.startsWith("guida_session="))).toBe(true);

    for (const typed of ["(31) 99876-5432", "31998765432", "+55 31 99876-5432"]) {
      const signedIn = await post(logging, "/login", { intent: "signin", email: typed, password: "senha-do-celular-7" }, at);
      expect(signedIn.status, typed).toBe(303);
    }
    const profile = await request(`${logging.url}/edit-profile`, { headers: { Cookie: cookiePair(created.cookies.find((c) => c.startsWith("guida_session="))!) } });
    expect(decodeHtml(profile.body)).toContain('value="(31) 99876-5432"');

    // The same number in another spelling is the same number: one account per phone.
    const again = await post(logging, "/login", { intent: "signup", phone: "+55 31 998765432", password: "outra-senha-boa-8", fullName: "Outra Pessoa", username: "outra_pessoa_cel" }, at);
    expect(again.status).toBe(409);
    const page = decodeHtml(again.body);
    expect(page).toContain("Já existe uma conta com este celular.");
    expect(page).toContain('value="Outra Pessoa"');
    expect(page).toContain('value="outra_pessoa_cel"');
    expect(page).not.toContain("outra-senha-boa-8");

    const bad = await post(logging, "/login", { intent: "signup", phone: "99876", password: "outra-senha-boa-8", fullName: "Sem DDD", username: "sem_ddd" }, at);
    expect(bad.status).toBe(400);
    expect(decodeHtml(bad.body)).toContain("Digite um celular com DDD, como (35) 99876-5432.");
  });

  it("a phone saved in /edit-profile by another resident is refused with 409, and the demo residents sign in by phone", { timeout: 60_000 }, async () => {
    const helena = resident("helena_martins");
    const larissa = resident("larissa_duarte");
    const at = { localAddress: "127.0.0.20" };
    // Helena's number as the demo town lists it, typed without punctuation.
    const signedIn = await post(logging, "/login", { intent: "signin", email: helena.phone.replace(/\D/g, ""), password: DEMO_PASSWORD }, at);
    expect(signedIn.status).toBe(303);

    const { cookie } = await signIn(logging.url, larissa.email, DEMO_PASSWORD);
    const taken = await post(
      logging,
      "/edit-profile",
      { intent: "profile", fullName: larissa.fullName, username: larissa.username, bio: "", phone: `+55 ${helena.phone}`, birthDate: "" },
      { ...at, headers: { Cookie: cookie } },
    );
    expect(taken.status).toBe(409);
    expect(decodeHtml(taken.body)).toContain("Este celular já está em outra conta.");
  });

  it("tel: and WhatsApp links dial the full international number", { timeout: 60_000 }, async () => {
    const list = decodeHtml((await request(`${logging.url}/businesses`)).body);
    const ids = [...list.matchAll(/href="\/business\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    let checked = 0;
    for (const id of ids.slice(0, 6)) {
      const page = decodeHtml((await request(`${logging.url}/business/${id}`)).body);
      for (const [, number] of page.matchAll(/href="tel:([^"]*)"/g)) {
        expect(number).toMatch(/^\+55[1-9]{2}\d{8,9}$/);
        checked += 1;
      }
      for (const [, number] of page.matchAll(/href="https:\/\/wa\.me\/(\d+)\?/g)) {
        expect(number).toMatch(/^55[1-9]{2}\d{8,9}$/);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe("configuration", () => {
  it("in production, SMTP_URL without PUBLIC_URL stops the server at boot, naming PUBLIC_URL", { timeout: 60_000 }, async () => {
    const server = await startServer(path.join(folder.dir, "refused"), { NODE_ENV: "production", SMTP_URL: smtp.url });
    const exit = await server.proc.waitForExit();
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(server.proc.output).toContain("PUBLIC_URL");
    expect(server.proc.output).not.toMatch(/listening on/);
  });
});

describe.skipIf(!TEST_DATABASE_URL)("two residents taking the same username at once (PostgreSQL)", () => {
  const database = `guida_accounts_${process.pid}`;
  let server: Server;
  let sql: Sql;

  beforeAll(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${database}`);
    server = await startReadyServer(path.join(folder.dir, "postgres"), { DATABASE_URL: databaseUrl(database) });
    const { default: postgres } = await import("postgres");
    sql = postgres(databaseUrl(database), { max: 2, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    if (server?.proc.running) await server.proc.kill("SIGTERM");
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  /**
   * Runs `race` while the profiles table is locked against writes (reads pass): both
   * requests get past every check and wait at their write; then the lock goes and the
   * unique index decides. No timing luck involved.
   */
  async function together<T>(race: () => Promise<T>): Promise<T> {
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = sql.begin(async (tx) => {
      await tx`LOCK TABLE public.profiles IN SHARE ROW EXCLUSIVE MODE`;
      locked();
      await unlocked;
    });
    await isLocked;
    const running = race();
    await waitUntil(async () => {
      const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${database} AND wait_event_type = 'Lock'`;
      return row!.n >= 2;
    }, "both writes to wait on the lock", 30_000);
    unlock();
    await holder;
    return running;
  }

  async function signUp(username: string, n: number) {
    const response = await post(server, "/login", { intent: "signup", email: `corrida.${username}.${n}@exemplo.com.br`, password: "senha-da-corrida-9", fullName: `Pessoa ${n}`, username }, { localAddress: `127.0.0.${30 + n}` });
    return response;
  }

  it("at sign-up: one account is created, the other hears 409 with the username message", { timeout: 90_000 }, async () => {
    const [a, b] = await together(() => Promise.all([signUp("na_corrida", 1), signUp("na_corrida", 2)]));
    // The winner hears "enviamos um link" (issue #25: no session before it is opened).
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(decodeHtml(loser.body)).toContain("Este nome de usuário já está em uso. Escolha outro.");
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM public.profiles WHERE username = 'na_corrida'`;
    expect(row!.n).toBe(1);
  });

  it("in /edit-profile: one resident gets the username, the other 409, with their typed values kept", { timeout: 90_000 }, async () => {
    const cookies: string[] = [];
    for (const n of [3, 4]) {
      const created = await signUp(`perfil_${n}`, n);
      expect(created.status).toBe(200);
      cookies.push((await confirmFromLog(server.proc, server.url, `corrida.perfil_${n}.${n}@exemplo.com.br`)).cookie);
    }
    const save = (cookie: string, n: number) =>
      post(
        server,
        "/edit-profile",
        { intent: "profile", fullName: `Pessoa ${n}`, username: "disputado", bio: `bio ${n}`, phone: "", birthDate: "" },
        { headers: { Cookie: cookie }, localAddress: `127.0.0.${30 + n}` },
      );
    const [a, b] = await together(() => Promise.all([save(cookies[0]!, 3), save(cookies[1]!, 4)]));
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const loser = decodeHtml((a.status === 409 ? a : b).body);
    expect(loser).toContain("Este nome de usuário já está em uso. Escolha outro.");
    expect(loser).toMatch(/value="disputado"/);
    expect(loser).toMatch(/bio [34]/);
    // Nothing half-written: the loser keeps their old username and bio.
    const rows = await sql<{ username: string; bio: string }[]>`SELECT username, bio FROM public.profiles WHERE full_name IN ('Pessoa 3', 'Pessoa 4') ORDER BY username`;
    expect(rows.map((r) => r.username).sort()).toEqual(["disputado", a.status === 409 ? "perfil_3" : "perfil_4"].sort());
    expect(rows.find((r) => r.username !== "disputado")!.bio).toBe("");
  });
});
