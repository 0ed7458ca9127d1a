import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPGlite } from "#server/db/engines";
import { startSupabaseAuthStandIn, type SupabaseAuthStandIn } from "./fixtures/supabase-auth-stand-in";
import {
  copySeededDataDir,
  decodeHtml,
  ensureBuild,
  form,
  killChildren,
  request,
  startReadyServer,
  waitUntil,
  type HttpResponse,
  type Server,
} from "./server-harness";
import { DEMO_PASSWORD } from "#server/seed/seed-data";

// Accounts on Supabase Auth, as a browser without JavaScript (or curl) meets them: the
// production server (`node server.js` on the demo town) with SUPABASE_URL pointing at a
// local stand-in for GoTrue (tests/integration/fixtures/supabase-auth-stand-in.ts), NOT the
// real service. The demo residents exist in the stand-in with their own ids, so the profiles
// the server's database holds are theirs.

/** The demo residents as the seeded folder holds them (their ids are drawn at seeding). */
let residents: { id: string; email: string; username: string }[] = [];
const resident = (username: string) => residents.find((u) => u.username === username)!;
const PUBLIC_URL = "https://guida.exemplo.com.br";

let tmp: string;
let standIn: SupabaseAuthStandIn;
let server: Server;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-supabase-accounts-"));
  await ensureBuild();
  await copySeededDataDir(path.join(tmp, "data"));
  // Read before the server starts: one process at a time opens a PGlite folder.
  const db = await openPGlite(path.join(tmp, "data"));
  try {
    residents = await db.query(`SELECT u.id::text AS id, u.email, p.username FROM auth.users u JOIN public.profiles p ON p.id = u.id`);
  } finally {
    await db.close();
  }
  standIn = await startSupabaseAuthStandIn();
  for (const user of residents) standIn.addUser({ id: user.id, email: user.email, password: DEMO_PASSWORD });
  server = await startReadyServer(path.join(tmp, "data"), {
    SUPABASE_URL: standIn.url,
    SUPABASE_ANON_KEY: standIn.anonKey,
    // Production refuses Supabase's e-mails without the public origin their links use.
    PUBLIC_URL,
  });
}, 400_000);

afterAll(async () => {
  killChildren();
  await standIn?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** A browser's cookies for the server, just enough of a jar: Set-Cookie in, Cookie header out. */
class Browser {
  private readonly cookies = new Map<string, string>();

  take(response: HttpResponse): HttpResponse {
    for (const line of response.cookies) {
      const [pair = ""] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      if (/max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(pair.indexOf("=") + 1));
    }
    return response;
  }

  /** A plain form post, as a browser without JavaScript sends it. */
  async post(pathname: string, fields: Record<string, string>): Promise<HttpResponse> {
    const sent = form(fields);
    const headers: Record<string, string> = { ...sent.headers };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
    return this.take(await request(`${server.url}${pathname}`, { body: sent.body, headers }));
  }

  get hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.startsWith("sb-") && name.includes("-auth-token") && !name.endsWith("code-verifier"));
  }
}

async function signedIn(email: string, password = DEMO_PASSWORD): Promise<Browser> {
  const browser = new Browser();
  const answer = await browser.post("/login", { intent: "signin", email, password });
  expect(answer.status, decodeHtml(answer.body).slice(0, 300)).toBe(303);
  expect(browser.hasSession).toBe(true);
  return browser;
}

const signInStatus = async (email: string, password: string) => (await new Browser().post("/login", { intent: "signin", email, password })).status;

describe("a new password without the current one, on Supabase Auth", () => {
  it("is refused to an ordinary session (the reset link's message, then home), and the password stays as it was", { timeout: 60_000 }, async () => {
    const user = resident("joao_almeida");
    const browser = await signedIn(user.email);
    const puts = standIn.calls("PUT", "/auth/v1/user").length;

    const answer = await browser.post("/login", { intent: "update-password", password: "senha-de-quem-pegou-o-celular-1" });
    // The action refuses (as for a local account); the page's loader then sends a signed-in
    // visitor home instead of drawing the form (the authorization matrix's cell for local accounts).
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/");
    expect(standIn.calls("PUT", "/auth/v1/user").length).toBe(puts);
    expect(await signInStatus(user.email, "senha-de-quem-pegou-o-celular-1")).toBe(400);
    expect(await signInStatus(user.email, DEMO_PASSWORD)).toBe(303);
  });

  it("is what the session the e-mailed link opened may do: callback, then a plain form post of the new password", { timeout: 60_000 }, async () => {
    const user = resident("ana_souza");
    const asked = await new Browser().post("/login", { intent: "reset", email: user.email });
    expect(asked.status).toBe(200);
    await waitUntil(() => standIn.recoveryTokens.has(user.email), "the reset request to reach GoTrue");

    // The e-mailed link (implicit flow): GoTrue sends the browser to /auth/callback with the
    // recovery session in the fragment, which that page posts back as a form.
    const link = `${standIn.url}/auth/v1/verify?type=recovery&token=${standIn.recoveryTokens.get(user.email)}&redirect_to=${encodeURIComponent(`${server.url}/auth/callback`)}`;
    const redirected = await request(link);
    expect(redirected.status).toBe(303);
    const fragment = new URLSearchParams(new URL(String(redirected.headers.location)).hash.slice(1));
    expect(fragment.get("type")).toBe("recovery");
    const browser = new Browser();
    const callback = await browser.post("/auth/callback", {
      access_token: fragment.get("access_token") ?? "",
      refresh_token: fragment.get("refresh_token") ?? "",
    });
    expect(callback.status).toBe(303);
    expect(browser.hasSession).toBe(true);

    const answer = await browser.post("/login", { intent: "update-password", password: "senha-recuperada-2" });
    expect(answer.status, decodeHtml(answer.body).slice(0, 300)).toBe(303);
    expect(answer.headers.location).toBe("/");
    expect(await signInStatus(user.email, DEMO_PASSWORD)).toBe(400);
    expect(await signInStatus(user.email, "senha-recuperada-2")).toBe(303);
  });
});

describe("/edit-profile's password change on Supabase Auth", () => {
  it("refuses a wrong current password with a 400 in Portuguese, and takes the right one", { timeout: 60_000 }, async () => {
    const user = resident("cida_ribeiro");
    const browser = await signedIn(user.email);
    const puts = standIn.calls("PUT", "/auth/v1/user").length;

    const wrong = await browser.post("/edit-profile", { intent: "password", currentPassword: "nao-e-a-senha-3", password: "senha-nova-do-perfil-4" });
    expect(wrong.status).toBe(400);
    const page = decodeHtml(wrong.body);
    expect(page).toContain("A senha atual não confere.");
    expect(page).not.toContain("nao-e-a-senha-3");
    expect(page).not.toContain("senha-nova-do-perfil-4");
    expect(standIn.calls("PUT", "/auth/v1/user").length).toBe(puts);
    expect(await signInStatus(user.email, "senha-nova-do-perfil-4")).toBe(400);

    const right = await browser.post("/edit-profile", { intent: "password", currentPassword: DEMO_PASSWORD, password: "senha-nova-do-perfil-4" });
    expect(right.status, decodeHtml(right.body).slice(0, 300)).toBe(303);
    expect(await signInStatus(user.email, DEMO_PASSWORD)).toBe(400);
    expect(await signInStatus(user.email, "senha-nova-do-perfil-4")).toBe(303);
  });
});

describe("phones on Supabase Auth", () => {
  it("sign-up sends GoTrue the number in E.164, and sign-in finds it typed the way people type it", { timeout: 60_000 }, async () => {
    const signup = await new Browser().post("/login", {
      intent: "signup",
      phone: "(35) 99876-0002",
      password: "senha-do-celular-5",
      fullName: "Joana Pereira",
      username: "joana_pereira_sb",
    });
    expect(signup.status, decodeHtml(signup.body).slice(0, 300)).toBe(303);
    expect(standIn.calls("POST", "/auth/v1/signup").at(-1)?.body).toMatchObject({ phone: "+5535998760002" });

    for (const typed of ["(35) 99876-0002", "35998760002", "+55 35 99876-0002"]) {
      const browser = new Browser();
      const answer = await browser.post("/login", { intent: "signin", phone: typed, password: "senha-do-celular-5" });
      expect(answer.status, typed).toBe(303);
      expect(browser.hasSession, typed).toBe(true);
    }
  });
});
