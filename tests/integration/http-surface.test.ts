import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_PASSWORD } from "#server/seed/seed-data";
import {
  openTown,
  request,
  type Server,
  signIn,
  type TownFolder,
} from "./server-harness";

// What the production server answers, and writes to its log, for requests nobody's
// browser sends: NUL bytes in addresses, TRACE, a forged newline in a query string; and
// the static offline page's headers, and the files of a replaced avatar. One server
// (`node server.js`) on a copy of the seeded demo town, its stdout and stderr captured.

const town = buildDemoTown();
const ana = town.users[0]!;

let folder: TownFolder | undefined;
let dataDir: string;
let server: Server;
let stdout = "";

beforeAll(async () => {
  folder = await openTown("http");
  dataDir = await folder.copy("town");
  server = await folder.start({}, "town");
  server.proc.child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
}, 420_000);

afterAll(() => folder?.close());

/** A stack trace or an internal error page in what a client received. */
function leaksInternals(body: string): boolean {
  return /\n\s+at |Error:|Erro interno|invalid byte sequence/.test(body);
}

describe("NUL in a GET address", () => {
  // A representative set: searches and filters (query), ids and usernames (path), route
  // data requests, signed out and in.
  const addresses = [
    "/users?q=%00",
    "/users?q=ana%00",
    "/businesses?categoria=%00",
    "/businesses.data?categoria=%00",
    "/u/%00",
    "/u/ana%00",
    "/user/%00",
    "/business/%00",
    "/news/%00",
    "/posts/%00",
    "/sell-items?q=%00",
    "/search?q=%00",
    "/drivers/%00",
    "/services?q=%00",
    "/%00",
    "/media/square/%00",
  ];

  it("answers 400 or 404, never 500 nor a stack trace, signed out and signed in", async () => {
    const { cookie } = await signIn(server.url, ana.email, DEMO_PASSWORD);
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      for (const address of addresses) {
        const response = await request(`${server.url}${address}`, { headers });
        expect([400, 404], `${address} answered ${response.status}`).toContain(response.status);
        expect(leaksInternals(response.body), `${address}: ${response.body.slice(0, 300)}`).toBe(false);
      }
    }
    const refused = await request(`${server.url}/users?q=%00`);
    expect(refused.status).toBe(400);
    expect(refused.body).toBe("Endereço inválido: ele contém um caractere nulo.");
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("TRACE", () => {
  it("answers 405 with Allow, and is logged like any request", async () => {
    for (const address of ["/", "/news", "/healthz"]) {
      const response = await request(`${server.url}${address}`, { method: "TRACE", headers: { Cookie: "guida_session=segredo" } });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST");
      expect(response.body).not.toContain("segredo");
    }
    await request(`${server.url}/healthz`);
    const traced = stdout.split("\n").filter((line) => line.includes('"method":"TRACE"'));
    expect(traced.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual(
      ["/", "/news", "/healthz"].map((p) => expect.objectContaining({ level: "info", method: "TRACE", path: p, status: 405 })),
    );
  });
});

describe("methods no page answers", () => {
  // Issue #25: OPTIONS /events opened a live stream (the route's loader ran for it), and
  // PROPFIND reached React Router, which logged "Invalid request method" with a stack.
  const methods = ["OPTIONS", "PUT", "DELETE", "PATCH", "PROPFIND"];
  const addresses = ["/events", "/events?feed=", "/", "/posts", "/favorites"];

  it("answers 405 with Allow, never a stream, each logged as one access line without a stack", async () => {
    const before = server.proc.output.length;
    for (const method of methods) {
      for (const address of addresses) {
        const response = await request(`${server.url}${address}`, { method, timeoutMs: 5_000, localAddress: "127.0.0.7" });
        expect(response.status, `${method} ${address}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST");
        expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(response.body).toBe("Método não permitido.");
      }
    }
    const refused = (output: string) =>
      output
        .slice(before)
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const isRefusal = (line: Record<string, unknown>) => methods.includes(line.method as string);
    // Access lines leave in batches: wait (10 s at most) until the last one is out.
    await server.proc.waitForOutput((output) => refused(output).filter(isRefusal).length >= methods.length * addresses.length, 10_000);
    const lines = refused(server.proc.output);
    expect(lines.filter(isRefusal)).toHaveLength(methods.length * addresses.length);
    // Nothing but the access lines: no error, no stack.
    expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    expect(server.proc.output.slice(before)).not.toMatch(/stack|Invalid request method/);
  });

  it("are rate limited like writes: a flood from one address gets 429 with Retry-After", async () => {
    let limited: Awaited<ReturnType<typeof request>> | undefined;
    for (let i = 0; i < 80 && !limited; i++) {
      const response = await request(`${server.url}/events`, { method: "PROPFIND", timeoutMs: 5_000, localAddress: "127.0.0.8" });
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(405);
    }
    expect(limited?.headers["retry-after"]).toMatch(/^\d+$/);
    // Another address is not held back.
    expect((await request(`${server.url}/events`, { method: "PUT", localAddress: "127.0.0.9" })).status).toBe(405);
  });
});

describe("/offline.html", () => {
  it("carries the same security headers as every page", async () => {
    const page = await request(`${server.url}/news`);
    const offline = await request(`${server.url}/offline.html`);
    expect(offline.status).toBe(200);
    expect(offline.headers["content-type"]).toBe("text/html; charset=utf-8");
    for (const name of ["x-content-type-options", "referrer-policy", "permissions-policy", "x-frame-options", "cross-origin-opener-policy"]) {
      expect(offline.headers[name], name).toBe(page.headers[name]);
    }
    // The same policy, without a nonce: no inline script may run on a static page.
    const csp = String(offline.headers["content-security-policy"]);
    expect(csp).toBe(String(page.headers["content-security-policy"]).replace(/ 'nonce-[^']+'/, ""));
    expect(csp).toContain("frame-ancestors 'none'");
    // Revalidated with its ETag, the headers stay.
    const again = await request(`${server.url}/offline.html`, { headers: { "If-None-Match": String(offline.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.headers["content-security-policy"]).toBe(csp);
    expect(again.headers["x-frame-options"]).toBe("DENY");
  });
});

describe("a replaced avatar", () => {
  const avatarFiles = (id: string) => fs.readdirSync(path.join(dataDir, "media", "square")).filter((name) => name.startsWith(`${id}-`));
  const avatarIdOn = (html: string) => /\/media\/square\/((?:seed-)?[0-9a-f-]{36})-/.exec(html)?.[1];

  async function uploadAvatar(cookie: string, color: string) {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: color } }).png().toBuffer();
    const boundary = "----guida-avatar";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="eu.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await request(`${server.url}/edit-profile`, {
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
    });
    expect(response.status).toBe(303);
    const page = await request(`${server.url}/edit-profile`, { headers: { Cookie: cookie } });
    return avatarIdOn(page.body)!;
  }

  it("has every size of its files deleted", async () => {
    const { cookie } = await signIn(server.url, ana.email, DEMO_PASSWORD);
    const seeded = avatarIdOn((await request(`${server.url}/edit-profile`, { headers: { Cookie: cookie } })).body);
    expect(seeded).toBeDefined();
    expect(avatarFiles(seeded!).length).toBeGreaterThan(0);

    const first = await uploadAvatar(cookie, "#047857");
    expect(first).not.toBe(seeded);
    expect(avatarFiles(seeded!)).toEqual([]);
    const firstFiles = avatarFiles(first);
    const sizes = firstFiles.length;
    expect(sizes).toBeGreaterThan(1);

    const second = await uploadAvatar(cookie, "#b91c1c");
    expect(avatarFiles(first)).toEqual([]);
    expect(avatarFiles(second)).toHaveLength(sizes);
    // Served while current, gone once replaced.
    expect((await request(`${server.url}/media/square/${avatarFiles(second)[0]!}`)).status).toBe(200);
    expect((await request(`${server.url}/media/square/${firstFiles[0]!}`)).status).toBe(404);
  });
});

describe("the log", () => {
  it("is one JSON object per line, whatever a request carried, and holds no resident's text", async () => {
    // A forged line in the OAuth error the callback logs, and a resident's text in addresses
    // that used to reach the database and fail there (its error carried the query and its
    // parameters).
    const forged = '{"level":"info","message":"forjada"}';
    await request(`${server.url}/auth/callback?error=acesso%0A${encodeURIComponent(forged)}&error_description=x%0D%0A${encodeURIComponent(forged)}`);
    // (Paths are logged, query strings never: the text goes in the query.)
    await request(`${server.url}/users?q=texto-da-moradora%00`);
    await request(`${server.url}/businesses?categoria=texto-da-moradora%00`);
    await request(`${server.url}/`, { method: "TRACE" });
    await request(`${server.url}/healthz`);

    // Everything the process wrote since it started, both streams (each line one write).
    for (const [name, output] of [["output", server.proc.output]] as const) {
      const lines = output.split("\n").filter((line) => line !== "");
      for (const line of lines) {
        let parsed: unknown;
        expect(() => (parsed = JSON.parse(line)), `${name}: ${line}`).not.toThrow();
        expect(parsed, `${name}: ${line}`).toMatchObject({ level: expect.stringMatching(/^(info|warn|error)$/) });
      }
      // No line is the forged one.
      expect(lines.some((line) => (JSON.parse(line) as { message?: string }).message === "forjada")).toBe(false);
    }
    const all = server.proc.output;
    expect(all).toMatch(/listening on/);
    expect(all).not.toContain("texto-da-moradora");
    expect(all).not.toContain(DEMO_PASSWORD);
  });
});
