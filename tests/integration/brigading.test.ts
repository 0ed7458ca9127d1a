import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/auth/password";
import { openPGlite } from "#server/db/engines";
import { buildDemoTown, DEMO_MODERATOR, DEMO_PASSWORD } from "#server/seed/seed-data";
import { copySeededDataDir, cookiePair, decodeHtml, ensureBuild, form, killChildren, request, startReadyServer, type Server } from "./server-harness";

// Issue #25's brigading run against the production server (`node server.js` on the seeded
// town), each resident from the loopback address the red team's notes name: 127.0.0.2–.9 are
// distinct residents' networks (http.request's localAddress), 127.0.0.1 is the moderator's.
// The server sees the socket's address (no TRUST_PROXY), passes it to the database and the
// database weighs every report; tests/integration/trust.test.ts has the rule on both engines.

const town = buildDemoTown();
const byUsername = (username: string) => town.users.find((u) => u.username === username)!;
const moderator = byUsername(DEMO_MODERATOR);
// Trusted demo residents: confirmed e-mails, months in town, 3+ published items each.
const trusted = ["gabriel_teixeira", "marcos_rocha", "bia_moreira"].map(byUsername);
// Others for the one-address run: residents who once shared an address are linked for the
// 30 days their hashes are kept, so the three above must not have met there.
const neighbours = ["chico_lima", "raimundo_vieira", "joao_almeida"].map(byUsername);

// Read from the seeded database: residents' posts (no moderator's, none of a reporter's), one
// per run, the moderator's own post and a business.
let residentPosts: { id: string }[];
let moderatorPost: { id: string } | undefined;
let business: { id: string } | undefined;

let tmp: string;
let server: Server;
const fresh: string[] = []; // e-mails of accounts made minutes ago, e-mail confirmed

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-brigading-"));
  await ensureBuild();
  const dataDir = path.join(tmp, "town");
  await copySeededDataDir(dataDir);
  // Nine fresh, confirmed accounts, made before the server starts (sign-up's own rules are
  // tested with sign-up): the most a brigade gets from new accounts.
  const db = await openPGlite(dataDir);
  try {
    const encrypted = await hashPassword(DEMO_PASSWORD);
    for (let i = 1; i <= 9; i++) {
      const email = `brigada${i}@exemplo.com.br`;
      await db.query(`INSERT INTO auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
        email,
        encrypted,
        JSON.stringify({ username: `brigada_${i}`, full_name: `Brigada ${i}` }),
      ]);
      fresh.push(email);
    }
    const notReporters = [moderator, ...trusted, ...neighbours].map((u) => u.username);
    residentPosts = await db.query<{ id: string }>(
      `SELECT p.id FROM public.posts p JOIN public.profiles a ON a.id = p.author_id WHERE a.username <> ALL($1::text[]) ORDER BY p.id LIMIT 4`,
      [notReporters],
    );
    [moderatorPost] = await db.query<{ id: string }>(
      `SELECT p.id FROM public.posts p JOIN public.profiles a ON a.id = p.author_id WHERE a.username = $1 LIMIT 1`,
      [moderator.username],
    );
    [business] = await db.query<{ id: string }>(`SELECT id FROM public.businesses ORDER BY id LIMIT 1`);
  } finally {
    await db.close();
  }
  server = await startReadyServer(dataDir);
}, 600_000);

afterAll(() => {
  killChildren();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Signs in from `address` and returns a function posting a report from the same address. */
async function residentAt(email: string, address: string) {
  const sent = form({ intent: "signin", email, password: DEMO_PASSWORD });
  const signedIn = await request(`${server.url}/login`, { body: sent.body, headers: sent.headers, localAddress: address });
  expect(signedIn.status, `sign-in of ${email}`).toBe(303);
  const cookie = cookiePair(signedIn.cookies.find((c) => c.startsWith("guida_session="))!);
  return {
    report: async (kind: string, id: string) => {
      const body = form({ tipo: kind, id, reason: "golpe" });
      return request(`${server.url}/denunciar`, { body: body.body, headers: { ...body.headers, Cookie: cookie }, localAddress: address });
    },
    post: async (pathname: string, fields: Record<string, string>) => {
      const body = form(fields);
      return request(`${server.url}${pathname}`, { body: body.body, headers: { ...body.headers, Cookie: cookie }, localAddress: address });
    },
  };
}

const visitorStatus = async (pathname: string) => (await request(`${server.url}${pathname}`, { localAddress: "127.0.0.9" })).status;

describe("the brigading run", () => {
  it("three fresh accounts from one address (127.0.0.2) hide nothing", async () => {
    const post = residentPosts[0]!;
    for (const email of fresh.slice(0, 3)) expect((await (await residentAt(email, "127.0.0.2")).report("post", post.id)).status).toBe(303);
    expect(await visitorStatus(`/posts/${post.id}`)).toBe(200);
  });

  it("three fresh confirmed accounts from three addresses (127.0.0.3–.5) hide nothing", async () => {
    const post = residentPosts[1]!;
    for (const [i, email] of fresh.slice(3, 6).entries()) {
      expect((await (await residentAt(email, `127.0.0.${i + 3}`)).report("post", post.id)).status).toBe(303);
    }
    expect(await visitorStatus(`/posts/${post.id}`)).toBe(200);
  });

  it("three trusted residents from one address (127.0.0.6) hide nothing", async () => {
    const post = residentPosts[2]!;
    for (const resident of neighbours) expect((await (await residentAt(resident.email, "127.0.0.6")).report("post", post.id)).status).toBe(303);
    expect(await visitorStatus(`/posts/${post.id}`)).toBe(200);
  });

  it("three trusted residents from three addresses (127.0.0.2–.4) hide a resident's post, not the moderator's post or a business; a moderator's restore sticks", async () => {
    const post = residentPosts[3]!;
    const reporters = await Promise.all(trusted.map((resident, i) => residentAt(resident.email, `127.0.0.${i + 2}`)));
    for (const [kind, id] of [["post", moderatorPost!.id], ["business", business!.id], ["post", post.id]] as const) {
      for (const reporter of reporters) expect((await reporter.report(kind, id)).status).toBe(303);
    }
    expect(await visitorStatus(`/posts/${post.id}`)).toBe(404);
    expect(await visitorStatus(`/posts/${moderatorPost!.id}`)).toBe(200);
    expect(await visitorStatus(`/business/${business!.id}`)).toBe(200);

    // Reporting it now says it is already hidden (not "Sua conta está bloqueada").
    const late = await (await residentAt(fresh[6]!, "127.0.0.5")).report("post", post.id);
    expect(late.status).toBe(409);
    expect(decodeHtml(late.body)).toContain("Este conteúdo já foi ocultado");
    expect(decodeHtml(late.body)).not.toContain("bloqueada");

    // The moderator (from 127.0.0.1) restores it; the same reporters cannot report it again,
    // and new accounts from three more addresses do not hide it again.
    const mod = await residentAt(moderator.email, "127.0.0.1");
    expect((await mod.post("/moderacao", { intent: "restore", kind: "post", id: post.id })).status).toBe(303);
    expect(await visitorStatus(`/posts/${post.id}`)).toBe(200);
    expect((await reporters[0]!.report("post", post.id)).status).toBe(409);
    for (const [i, email] of fresh.slice(6, 9).entries()) {
      expect((await (await residentAt(email, `127.0.0.${i + 6}`)).report("post", post.id)).status).toBe(303);
    }
    expect(await visitorStatus(`/posts/${post.id}`)).toBe(200);
  });
});
