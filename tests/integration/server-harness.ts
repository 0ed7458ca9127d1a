import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// What the tests that run the production server (`node server.js` on the build) share:
// building when the sources changed, spawning and killing servers, a seeded data folder
// to start from, and a plain HTTP client. Every wait is bounded; nothing sleeps for a
// fixed time where a condition can be polled.

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
export const WAIT_MS = 60_000;

/** Every child any test started: afterAll kills whatever is still running. */
const children = new Set<ChildProcess>();

export function killChildren(): void {
  for (const child of children) child.kill("SIGKILL");
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** A child process with its output captured and awaitable. */
export class Proc {
  readonly child: ChildProcess;
  output = "";
  private readonly exited: Promise<Exit>;
  private readonly listeners = new Set<() => void>();

  /** detached: the child leads its own process group, which a test can signal as a terminal's Ctrl-C does. */
  constructor(command: string, args: string[], env: NodeJS.ProcessEnv, options: { detached?: boolean } = {}) {
    this.child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: options.detached ?? false });
    children.add(this.child);
    const take = (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
      for (const listener of this.listeners) listener();
    };
    this.child.stdout!.on("data", take);
    this.child.stderr!.on("data", take);
    this.exited = new Promise((resolve) => {
      // "close", not "exit": by then both pipes are drained, so output is complete.
      this.child.once("close", (code, signal) => {
        children.delete(this.child);
        resolve({ code, signal });
        for (const listener of this.listeners) listener();
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once the output matches; fails if the process ends first or time runs out. */
  waitForOutput(pattern: RegExp | ((output: string) => boolean), timeoutMs = WAIT_MS): Promise<void> {
    const matches = typeof pattern === "function" ? pattern : (output: string) => pattern.test(output);
    return new Promise((resolve, reject) => {
      const check = () => {
        if (matches(this.output)) return done(resolve);
        if (!this.running) {
          const how = `code ${this.child.exitCode}, signal ${this.child.signalCode}`;
          done(() => reject(new Error(`process ended (${how}) before printing ${pattern}:\n${this.output}`)));
        }
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${this.output}`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        settle();
      };
      this.listeners.add(check);
      check();
    });
  }

  async waitForExit(timeoutMs = WAIT_MS): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms:\n${this.output}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async kill(signal: NodeJS.Signals): Promise<Exit> {
    this.child.kill(signal);
    return this.waitForExit();
  }
}

/** Polls a condition that no event announces (a file appearing), within a bound. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function serverEnv(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "auto",
  };
  // The embedded engine with local accounts and default limits, whatever the shell
  // running the tests has set; a test asks for anything else through `extra`.
  for (const name of [
    "DATABASE_URL",
    "DATABASE_PREPARE",
    "SUPABASE_URL",
    "SUPABASE_ANON_KEY",
    "PUBLIC_URL",
    "SMTP_URL",
    "TRUST_PROXY",
    "RATE_LIMIT_SCALE",
    "ACCESS_LOG",
  ]) {
    delete env[name];
  }
  return { ...env, ...extra };
}

export type Server = { proc: Proc; url: string; port: number };

/** Spawns `node server.js`; call `ready()` (or wait on the output) before using it. */
export async function startServer(dataDir: string, extra: NodeJS.ProcessEnv = {}, port?: number): Promise<Server> {
  const chosen = port ?? (await freePort());
  const proc = new Proc(process.execPath, ["server.js"], serverEnv(dataDir, chosen, extra));
  return { proc, url: `http://127.0.0.1:${chosen}`, port: chosen };
}

/** Starts a server and resolves once it listens (opening a PGlite folder takes seconds). */
export async function startReadyServer(dataDir: string, extra: NodeJS.ProcessEnv = {}, timeoutMs = 120_000): Promise<Server> {
  const server = await startServer(dataDir, extra);
  await server.proc.waitForOutput(/listening on/, timeoutMs);
  return server;
}

export function decodeHtml(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Resident memory of a process in bytes (Linux /proc), or null once it is gone. */
export function rssBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Waits until a process's memory stops moving (two readings 250 ms apart within 8 MB):
 * a server that just opened its database shrinks by a few hundred MB in its first
 * second, which would drown what a test wants to measure.
 */
export async function steadyRss(pid: number, timeoutMs = 15_000): Promise<number> {
  let previous = rssBytes(pid) ?? 0;
  let steady = 0;
  const deadline = Date.now() + timeoutMs;
  while (steady < 2) {
    if (Date.now() > deadline) throw new Error(`the memory of pid ${pid} did not settle within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = rssBytes(pid) ?? 0;
    steady = Math.abs(current - previous) < 8 * 1024 * 1024 ? steady + 1 : 0;
    previous = current;
  }
  return previous;
}

// ---------------------------------------------------------------------------------------
// The build

/** Sources newer than the server build mean the build would test old code. */
export function buildIsStale(): boolean {
  if (!fs.existsSync(SERVER_BUILD)) return true;
  const built = fs.statSync(SERVER_BUILD).mtimeMs;
  const newest = (entry: string): number => {
    const stat = fs.statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
  };
  const sources = ["app", "server", "vite.config.ts", "react-router.config.ts", "server.js"].map((p) => path.join(ROOT, p));
  return sources.some((source) => fs.existsSync(source) && newest(source) > built);
}

/**
 * A lock shared by the test files of one checkout (vitest runs them in parallel
 * processes): two builds into the same folder, or two seedings of the same template,
 * would trample each other. A lock left by a dead process is taken over.
 */
export async function withFileLock<T>(name: string, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `guida-${name}-${createHash("sha1").update(ROOT).digest("hex").slice(0, 10)}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lock, "utf8") || "0");
      if (holder && !isAlive(holder)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lock} still held by pid ${holder} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Builds the app when the sources are newer than the build (`npm test` runs these before e2e builds). */
export async function ensureBuild(): Promise<void> {
  if (!buildIsStale()) return;
  await withFileLock("build", 240_000, async () => {
    // Another test file may have built while this one waited for the lock.
    if (!buildIsStale()) return;
    try {
      await promisify(execFile)(process.execPath, [path.join(ROOT, "node_modules", ".bin", "react-router"), "build"], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production" },
        timeout: 200_000,
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      throw new Error(`react-router build failed:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`, { cause: error });
    }
  });
  if (!fs.existsSync(SERVER_BUILD)) throw new Error(`no server build at ${SERVER_BUILD}`);
}

// ---------------------------------------------------------------------------------------
// A seeded data folder

/** What the seeded folder depends on: the server build (seed included) and the migrations. */
function templateKey(): string {
  const hash = createHash("sha1").update(fs.readFileSync(SERVER_BUILD));
  const migrations = path.join(ROOT, "supabase", "migrations");
  for (const name of fs.readdirSync(migrations).sort()) hash.update(name).update(fs.readFileSync(path.join(migrations, name)));
  for (const name of ["compat.sql", "local-auth.sql"]) hash.update(fs.readFileSync(path.join(ROOT, "server", "db", name)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Copies a data folder holding the seeded demo town to `target`. Seeding takes the
 * server most of a minute on a busy machine, so it happens once per build: the first
 * caller starts a server on a template folder, lets it seed and render the artwork,
 * stops it with SIGTERM (a clean checkpoint) and keeps the folder; everyone copies it.
 */
export async function copySeededDataDir(target: string): Promise<void> {
  const template = path.join(os.tmpdir(), `guida-seeded-${templateKey()}`);
  if (!fs.existsSync(template)) {
    await withFileLock("seed-template", 300_000, async () => {
      if (fs.existsSync(template)) return;
      const draft = `${template}.draft-${process.pid}`;
      fs.rmSync(draft, { recursive: true, force: true });
      const server = await startServer(draft);
      try {
        await server.proc.waitForOutput(/listening on/, 240_000);
        if (!/demo town seeded/.test(server.proc.output)) throw new Error(`the template was not seeded:\n${server.proc.output}`);
        // The artwork renders in the background after the seed; copies should not redo it.
        await waitUntil(() => !fs.existsSync(path.join(draft, "seed-artwork.json")), "the demo artwork", 180_000);
        const exit = await server.proc.kill("SIGTERM");
        if (exit.code !== 0) throw new Error(`the template server exited with ${JSON.stringify(exit)}:\n${server.proc.output}`);
      } finally {
        if (server.proc.running) await server.proc.kill("SIGKILL");
      }
      fs.renameSync(draft, template);
      // Templates of older builds are of no further use.
      for (const name of fs.readdirSync(os.tmpdir())) {
        const other = path.join(os.tmpdir(), name);
        if (name.startsWith("guida-seeded-") && other !== template && Date.now() - fs.statSync(other).mtimeMs > 86_400_000) {
          fs.rmSync(other, { recursive: true, force: true });
        }
      }
    });
  }
  fs.cpSync(template, target, { recursive: true });
}

// ---------------------------------------------------------------------------------------
// The suites' one way to run the production server on the demo town

/** A suite's own temporary folder, holding its copies of the seeded demo town (one per server). */
export type TownFolder = {
  dir: string;
  /** The copy named `name`, made from the seeded template on first use: its path. */
  copy(name?: string): Promise<string>;
  /** `node server.js` on the copy named `name` (made if needed), once it listens. */
  start(env?: NodeJS.ProcessEnv, name?: string): Promise<Server>;
  /** For afterAll: kills every server the suite started and removes the folder. */
  close(): void;
};

/** The build made if stale, and a temporary folder `guida-<prefix>-…` for the suite's towns. */
export async function openTown(prefix: string): Promise<TownFolder> {
  await ensureBuild();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `guida-${prefix}-`));
  const copy = async (name = "data") => {
    const target = path.join(dir, name);
    if (!fs.existsSync(target)) await copySeededDataDir(target);
    return target;
  };
  return {
    dir,
    copy,
    start: async (env = {}, name = "data") => startReadyServer(await copy(name), env),
    close() {
      killChildren();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The common case: a suite's folder and one server on its copy of the demo town. */
export async function startTownServer(prefix: string, env: NodeJS.ProcessEnv = {}): Promise<{ town: TownFolder; server: Server }> {
  const town = await openTown(prefix);
  return { town, server: await town.start(env) };
}

// ---------------------------------------------------------------------------------------
// HTTP

export type HttpResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Set-Cookie lines, as sent. */
  cookies: string[];
  body: string;
  ms: number;
};

export type HttpOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A loopback source address (127.0.0.x) other than 127.0.0.1: another client IP for the server. */
  localAddress?: string;
  timeoutMs?: number;
};

/**
 * One request over node:http: nothing added or forbidden (fetch would refuse some
 * headers, follow redirects and decompress), a fresh connection each time.
 */
export function request(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) headers["Content-Length"] = Buffer.byteLength(options.body);
    const req = http.request(url, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      localAddress: options.localAddress,
      agent: false,
      timeout: options.timeoutMs ?? 30_000,
    });
    req.once("timeout", () => req.destroy(new Error(`no answer from ${url} within ${options.timeoutMs ?? 30_000} ms`)));
    req.once("error", reject);
    req.once("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.once("error", reject);
      res.once("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          cookies: res.headers["set-cookie"] ?? [],
          body: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - began,
        }),
      );
    });
    req.end(options.body);
  });
}

export function form(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  return {
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

/** The `name=value` pair of a Set-Cookie line, for sending back in a Cookie header. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(";")[0]!.trim();
}

/** Signs a demo (or any local) account in and returns the Cookie header to act as them. */
export async function signIn(
  base: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ cookie: string; response: HttpResponse }> {
  const sent = form({ intent: "signin", email, password });
  const response = await request(`${base}/login`, { body: sent.body, headers: { ...sent.headers, ...headers } });
  if (response.status !== 303) throw new Error(`sign-in of ${email} answered ${response.status}: ${response.body.slice(0, 500)}`);
  const session = response.cookies.find((c) => c.startsWith("guida_session="));
  if (!session) throw new Error(`sign-in of ${email} set no session cookie: ${response.cookies.join(" | ")}`);
  return { cookie: cookiePair(session), response };
}

/** The lines of a server's output that are not one JSON object with a level (docs/deploying.md promises none). */
export function nonJsonLines(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => line !== "")
    .filter((line) => {
      try {
        const parsed = JSON.parse(line) as { level?: unknown };
        return typeof parsed !== "object" || parsed === null || !["info", "warn", "error"].includes(String(parsed.level));
      } catch {
        return true;
      }
    });
}

/**
 * The e-mail confirmation links a server without SMTP_URL wrote to its log for `email`,
 * oldest first (server/auth/mailer.ts: "e-mail confirmation link for <to>: <link>").
 */
export function confirmationLinks(output: string, email: string): string[] {
  const pattern = new RegExp(`e-mail confirmation link for ${email.toLowerCase().replace(/[.+]/g, "\\$&")}: ([^\\s"]+)`, "g");
  return [...output.matchAll(pattern)].map((match) => match[1]!);
}

/** The token of a confirmation link (its `confirmar` parameter). */
export const confirmationToken = (link: string) => new URL(link).searchParams.get("confirmar") ?? "";

/**
 * Opens `email`'s newest logged confirmation link as its owner would (the page's button posts
 * intent=confirm): waits for the link (it is written after the sign-up's answer), and returns
 * the Cookie header of the session the confirmation starts.
 */
export async function confirmFromLog(proc: Proc, base: string, email: string, headers: Record<string, string> = {}): Promise<{ cookie: string; response: HttpResponse }> {
  await proc.waitForOutput((output) => confirmationLinks(output, email).length > 0, WAIT_MS);
  const link = confirmationLinks(proc.output, email).at(-1)!;
  const sent = form({ intent: "confirm", token: confirmationToken(link) });
  const response = await request(`${base}/login`, { body: sent.body, headers: { ...sent.headers, ...headers } });
  const session = response.cookies.find((c) => c.startsWith("guida_session="));
  if (response.status !== 303 || !session) throw new Error(`confirming ${email} answered ${response.status}: ${response.body.slice(0, 500)}`);
  return { cookie: cookiePair(session), response };
}

/**
 * A new local account by e-mail, signed in: the sign-up (which answers "enviamos um link" and
 * starts no session), then the link from the server's log. `fields` as the form sends them.
 */
export async function signUpConfirmed(
  server: { proc: Proc; url: string },
  fields: Record<string, string>,
  options: Pick<HttpOptions, "localAddress" | "headers"> = {},
): Promise<{ cookie: string; signUp: HttpResponse; response: HttpResponse }> {
  const sent = form({ intent: "signup", ...fields });
  const signUp = await request(`${server.url}/login`, { body: sent.body, headers: { ...sent.headers, ...options.headers }, localAddress: options.localAddress });
  if (signUp.status !== 200) throw new Error(`sign-up of ${fields.email} answered ${signUp.status}: ${signUp.body.slice(0, 500)}`);
  const confirmed = await confirmFromLog(server.proc, server.url, fields.email!, options.headers);
  return { ...confirmed, signUp };
}
