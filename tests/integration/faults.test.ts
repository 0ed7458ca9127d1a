import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPGlite } from "#server/db/engines";
import { acquireDataDirLock } from "#server/db/lock";
import { TEST_DATABASE_URL } from "./postgres-admin";
import {
  copySeededDataDir,
  decodeHtml,
  ensureBuild,
  form,
  freePort,
  killChildren,
  request,
  ROOT,
  type Server,
  signIn,
  confirmFromLog,
  startReadyServer,
  waitUntil,
} from "./server-harness";
import { DEMO_PASSWORD } from "#server/seed/seed-data";

// The production server under the faults it must survive: killed in the middle of
// writes, its PostgreSQL going away and coming back, stopped with requests in flight.
// Every wait is bounded; conditions are polled, not slept on.

const PASSWORD = "uma-senha-bem-forte-2026";

let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-faults-"));
  await ensureBuild();
}, 420_000);

afterAll(() => {
  killChildren();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

type Account = { username: string; email: string };

function newAccount(tag: string, n: number): Account {
  const username = `${tag}_${n}_${randomBytes(3).toString("hex")}`;
  return { username, email: `${username}@exemplo.com` };
}

function signUpForm(account: Account) {
  return form({ intent: "signup", email: account.email, password: PASSWORD, fullName: `Teste ${account.username}`, username: account.username });
}

describe("the embedded database through crashes and shutdowns", () => {
  let dataDir: string;
  let server: Server;
  const acknowledged: Account[] = [];

  beforeAll(async () => {
    dataDir = path.join(tmp, "town");
    await copySeededDataDir(dataDir);
  }, 420_000);

  it("keeps every sign-up it acknowledged through a SIGKILL in the middle of the load", { timeout: 240_000 }, async () => {
    // Sign-up is limited to 10 per hour per address: these are many from one address.
    server = await startReadyServer(dataDir, { RATE_LIMIT_SCALE: "1000", ACCESS_LOG: "off" });
    const unacknowledged: Account[] = [];
    let killed = false;
    let failure: unknown = null;
    let n = 0;
    const worker = async () => {
      while (!killed && !failure) {
        const account = newAccount("carga", n++);
        const sent = signUpForm(account);
        try {
          const response = await request(`${server.url}/login`, { body: sent.body, headers: sent.headers });
          // Acknowledged: the "enviamos um link" page (an e-mail sign-up starts no session).
          const page = decodeHtml(response.body);
          if (response.status === 200 && page.includes("Enviamos um link para ") && page.includes(account.email)) acknowledged.push(account);
          else failure = new Error(`sign-up answered ${response.status}: ${response.body.slice(0, 300)}`);
        } catch (error) {
          if (killed) unacknowledged.push(account); // in flight when the server died: may or may not exist
          else failure = error;
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    // Kill it while the workers keep writing: some requests are always in flight.
    await waitUntil(() => {
      if (failure) throw failure;
      return acknowledged.length >= 12;
    }, "a dozen acknowledged sign-ups", 150_000);
    killed = true;
    expect(await server.proc.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    await Promise.all(workers);
    expect(unacknowledged.length).toBeGreaterThan(0);
    console.log(`[SIGKILL] ${acknowledged.length} sign-ups acknowledged, ${unacknowledged.length} in flight at the kill`);

    server = await startReadyServer(dataDir, { RATE_LIMIT_SCALE: "1000" });
    for (const account of acknowledged) {
      const profile = await request(`${server.url}/u/${account.username}`);
      expect(profile.status, account.username).toBe(200);
      expect(decodeHtml(profile.body)).toContain(`Teste ${account.username}`);
    }
    // A request cut off by the kill either committed whole or left no trace.
    let committedUnreported = 0;
    for (const account of unacknowledged) {
      const status = (await request(`${server.url}/u/${account.username}`)).status;
      expect([200, 404]).toContain(status);
      if (status === 200) committedUnreported += 1;
    }
    console.log(`[SIGKILL] after restart: all ${acknowledged.length} acknowledged present; ${committedUnreported} of ${unacknowledged.length} in flight had committed`);
    // And the accounts work: a new link (the first one may have died with the server) confirms
    // them, and their password checks out after the crash.
    for (const account of [acknowledged[0]!, acknowledged.at(-1)!]) {
      const resend = form({ intent: "resend", email: account.email });
      expect((await request(`${server.url}/login`, { body: resend.body, headers: resend.headers })).status).toBe(200);
      await confirmFromLog(server.proc, server.url, account.email);
      const { cookie } = await signIn(server.url, account.email, PASSWORD);
      expect((await request(`${server.url}/profile`, { headers: { Cookie: cookie } })).body).toContain(account.username);
    }
  });

  it("finishes requests in flight on SIGTERM, exits 0 and leaves the folder fit to open", { timeout: 180_000 }, async () => {
    expect(server?.proc.running).toBe(true);
    const boundary = `----guida${randomBytes(8).toString("hex")}`;
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const filler = Buffer.alloc(1024 * 1024, "x");
    const keepAlive = new http.Agent({ keepAlive: true });
    // Sign-ups carrying a few MB of attachment, sent in two halves around the SIGTERM.
    const uploads = Array.from({ length: 3 }, (_, i) => {
      const account = newAccount("termino", i);
      const req = http.request(`${server.url}/login`, {
        method: "POST",
        // One on a keep-alive connection, as browsers send them: it must not hold the exit.
        agent: i === 0 ? keepAlive : false,
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Transfer-Encoding": "chunked", Expect: "100-continue" },
      });
      // "continue" means the server has read the request head: it is in flight.
      const accepted = new Promise<void>((resolve, reject) => {
        req.once("continue", resolve);
        req.once("error", reject);
      });
      const answered = new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        req.once("response", (res) => {
          res.resume();
          res.once("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        });
        req.once("error", reject);
      });
      // Awaited below; handled here too so a failure before that is reported once, not as unhandled rejections.
      accepted.catch(() => {});
      answered.catch(() => {});
      return { account, req, accepted, answered };
    });
    await Promise.all(uploads.map((u) => u.accepted));
    for (const { account, req } of uploads) {
      req.write(part("intent", "signup") + part("email", account.email) + part("password", PASSWORD));
      req.write(part("fullName", `Teste ${account.username}`) + part("username", account.username));
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="anexo"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      req.write(filler);
    }

    const before = server.proc.output.length;
    server.proc.child.kill("SIGTERM");
    await server.proc.waitForOutput(/SIGTERM: finishing requests in flight/);
    // No new requests once it is draining: the port is closed (or a connection the
    // kernel had already queued is dropped unanswered).
    const late = await request(`${server.url}/healthz`, { timeoutMs: 5_000 }).then(
      (response) => `answered ${response.status}`,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(["ECONNREFUSED", "ECONNRESET"]).toContain(late);

    for (const { req } of uploads) {
      req.write(filler);
      req.write(filler);
      req.end(`\r\n--${boundary}--\r\n`);
    }
    const answers = await Promise.all(uploads.map((u) => u.answered));
    // Each answered in full: the "enviamos um link" page, no redirect.
    expect(answers).toEqual(uploads.map(() => ({ status: 200, location: undefined })));
    expect(await server.proc.waitForExit(30_000)).toEqual({ code: 0, signal: null });
    keepAlive.destroy();
    expect(server.proc.output.slice(before)).not.toMatch(/error/i);
    expect(fs.existsSync(path.join(dataDir, "guida.lock"))).toBe(false);

    // The folder opens without recovery trouble and holds every acknowledged account.
    const lock = await acquireDataDirLock(dataDir);
    const db = await openPGlite(dataDir);
    try {
      const usernames = [...acknowledged, ...uploads.map((u) => u.account)].map((a) => a.username);
      const rows = await db.query<{ username: string }>(
        `SELECT p.username FROM public.profiles p JOIN auth.users u ON u.id = p.id WHERE p.username = ANY($1::text[])`,
        [usernames],
      );
      expect(rows.map((r) => r.username).sort()).toEqual([...usernames].sort());
    } finally {
      await db.close();
      await lock.release();
    }
  });
});

// ---------------------------------------------------------------------------------------
// PostgreSQL going away under a running server

const PG_BIN = fs.existsSync("/usr/lib/postgresql")
  ? fs.readdirSync("/usr/lib/postgresql").some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`))
  : false;
const pgSkip = !TEST_DATABASE_URL ? "TEST_DATABASE_URL is not set" : !PG_BIN ? "no PostgreSQL server binaries" : "";

describe.skipIf(Boolean(pgSkip))(`PostgreSQL down and back${pgSkip ? ` (skipped: ${pgSkip})` : ""}`, () => {
  // Its own throw-away cluster: stopping the shared test server would break other tests.
  // Directly under the temp folder, which the postgres user (as root runs the cluster) can enter.
  const clusterDir = path.join(os.tmpdir(), `guida-faults-pg-${process.pid}-${randomBytes(3).toString("hex")}`);
  let pgPort = 0;
  let server: Server;
  let dbUrl = "";
  const cluster = async (command: "start" | "stop") => {
    const { stdout } = await promisify(execFile)("bash", [path.join(ROOT, "scripts", "test-postgres.sh"), command, clusterDir], {
      env: { ...process.env, PGPORT_TEST: String(pgPort) },
      timeout: 90_000,
    });
    return stdout.trim();
  };

  beforeAll(async () => {
    pgPort = await freePort();
    const url = await cluster("start");
    const { default: postgres } = await import("postgres");
    const admin = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      await admin.unsafe("CREATE DATABASE guida");
    } finally {
      await admin.end({ timeout: 5 });
    }
    const databaseUrl = new URL(url);
    databaseUrl.pathname = "/guida";
    dbUrl = databaseUrl.toString();
    // The server migrates the empty database at boot; nothing is seeded on PostgreSQL.
    server = await startReadyServer(path.join(tmp, "unused"), { DATABASE_URL: databaseUrl.toString() });
  }, 180_000);

  afterAll(async () => {
    killChildren();
    if (pgPort) await cluster("stop").catch(() => "");
    fs.rmSync(clusterDir, { recursive: true, force: true });
  }, 60_000);

  const health = async () => (await request(`${server.url}/healthz`)).status;
  const rateLimitRows = async () => {
    const { default: postgres } = await import("postgres");
    const sql = postgres(dbUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM public.rate_limits`;
      return row!.n;
    } finally {
      await sql.end({ timeout: 5 });
    }
  };

  it("answers a 6,000-character e-mail on sign-in with 400 and a message, never a 500", async () => {
    // Issue #25: the rate-limit key held the e-mail; PostgreSQL refused its index entry (54000).
    // Random letters: a repeated one would be compressed below the index's limit.
    const local = randomBytes(4_500).toString("base64url").slice(0, 6_000);
    const sent = form({ intent: "signin", email: `${local}@exemplo.com.br`, password: "qualquer-coisa" });
    const response = await request(`${server.url}/login`, { ...sent, localAddress: "127.0.0.2" });
    expect(response.status).toBe(400);
    expect(decodeHtml(response.body)).toContain("E-mail, telefone ou senha incorretos.");
    expect(server.proc.output).not.toContain("54000");
  });

  it("keeps rate_limits bounded per address, however many accounts one address tries", { timeout: 120_000 }, async () => {
    const before = await rateLimitRows();
    const statuses = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const sent = form({ intent: "signin", email: `inventada${i}@exemplo.com.br`, password: "qualquer-coisa" });
      statuses.add((await request(`${server.url}/login`, { ...sent, localAddress: "127.0.0.3" })).status);
    }
    expect([...statuses].sort()).toEqual([400, 429]);
    // The address's write and sign-in counters, and one counter per account it was allowed to try (30).
    expect((await rateLimitRows()) - before).toBeLessThanOrEqual(32);
  });

  it("answers every POST with 503 and Retry-After while the database is down, never 500", { timeout: 180_000 }, async () => {
    await cluster("stop");
    try {
      await waitUntil(async () => (await health()) === 503, "/healthz to answer 503", 30_000);
      const posts: [string, Record<string, string>][] = [
        ["/login", { intent: "signin", email: "ana@exemplo.com.br", password: DEMO_PASSWORD }],
        ["/login", { intent: "signup", email: "nova@exemplo.com.br", password: "guida2026x", fullName: "Nova", username: "nova_moradora" }],
        ["/login", { intent: "reset", email: "ana@exemplo.com.br" }],
        ["/favorites", { intent: "add", itemType: "news", itemId: "00000000-0000-4000-8000-000000000001" }],
        ["/create-post", { content: "Olá" }],
        ["/posts", { intent: "vote", postId: "00000000-0000-4000-8000-000000000001", optionId: "00000000-0000-4000-8000-000000000002" }],
        ["/notifications", { intent: "read-all" }],
        ["/logout", {}],
        ["/theme", { theme: "dark" }],
      ];
      // As a visitor and with a session cookie (whose lookup would need the database too).
      for (const cookie of [undefined, "guida_session=sessao-qualquer"]) {
        for (const [address, fields] of posts) {
          const sent = form(fields);
          const response = await request(`${server.url}${address}`, {
            body: sent.body,
            headers: { ...sent.headers, ...(cookie ? { Cookie: cookie } : {}) },
            localAddress: "127.0.0.4",
          });
          expect(response.status, `POST ${address} ${fields.intent ?? ""}`).toBe(503);
          expect(response.headers["retry-after"], `POST ${address}`).toMatch(/^\d+$/);
          expect(decodeHtml(response.body)).toContain("temporariamente indisponível");
        }
      }
    } finally {
      await cluster("start");
      await waitUntil(async () => (await health()) === 200, "/healthz to answer 200 again", 60_000);
    }
  });

  it("answers the Portuguese 503 page while the database is down and recovers without a restart", { timeout: 180_000 }, async () => {
    expect(await request(`${server.url}/healthz`).then((r) => JSON.parse(r.body) as unknown)).toEqual({ status: "ok", database: "postgres" });
    // A cookie keeps these renders out of the shared page cache. Pages and query results read
    // in the 30 s before an outage are still served from the caches meanwhile (by design), so
    // the outage is seen on pages nobody has read yet.
    const uncached = { headers: { Cookie: "sonda=1" } };
    for (const page of ["/", "/businesses"]) expect((await request(`${server.url}${page}`, uncached)).status, page).toBe(200);

    await cluster("stop");
    await waitUntil(async () => (await health()) === 503, "/healthz to answer 503", 30_000);
    for (const page of ["/news", "/services"]) {
      const down = await request(`${server.url}${page}`);
      expect(down.status, page).toBe(503);
      expect(decodeHtml(down.body)).toContain("Serviço temporariamente indisponível");
      expect(down.headers["x-cache"]).not.toBe("HIT");
    }

    await cluster("start");
    await waitUntil(async () => (await health()) === 200, "/healthz to answer 200 again", 60_000);
    for (const page of ["/", "/businesses", "/news", "/services"]) expect((await request(`${server.url}${page}`)).status, page).toBe(200);
    expect(server.proc.running).toBe(true);
    expect(server.proc.output.match(/listening on/g)).toHaveLength(1); // the same process all along
  });
});
