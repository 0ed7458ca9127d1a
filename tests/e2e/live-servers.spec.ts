import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from "../integration/postgres-admin";
import { freePort, killChildren, Proc, request, ROOT, type Server, startServer } from "../integration/server-harness";
import { demoUserByUsername, expect, pageFor, test } from "./helpers";
import { badgeCount, LIVE_MS, openLive, optionResult, publish, voteFor } from "./live-helpers";

/**
 * Issue #19 across servers: PostgreSQL, two Guida servers and nginx configured by
 * deploy/nginx.conf (as tests/integration/scale-out.test.ts runs it). The resident who
 * writes and the one who watches are on different servers; the change reaches the watcher's
 * stream through PostgreSQL (NOTIFY, issue #15), and nginx passes the stream unbuffered.
 */

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
const CONF = path.join(ROOT, "deploy", "nginx.conf");
const skip = !TEST_DATABASE_URL
  ? "TEST_DATABASE_URL is not set"
  : !NGINX
    ? "nginx is not installed"
    : !fs.existsSync(CONF)
      ? "deploy/nginx.conf is missing"
      : "";

const author = demoUserByUsername("gabriel_teixeira");
const voter = demoUserByUsername("marcos_rocha");
const reader = demoUserByUsername("mari_campos");

/** deploy/nginx.conf with its first replicas' names swapped for our servers' ports (the others dropped). */
function nginxConfig(dir: string, port: number, servers: Server[]): string {
  let conf = fs.readFileSync(CONF, "utf8");
  servers.forEach((server, i) => (conf = conf.replace(new RegExp(`server guida${i + 1}:3000`), `server 127.0.0.1:${server.port}`)));
  conf = conf.replace(/^\s*server guida\d+:3000[^\n]*\n/gm, "");
  conf = conf.replace("listen 80;", `listen 127.0.0.1:${port};`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/${t};`).join(" ");
  conf = conf.replace("http {", `http {\n  ${temp}`);
  return `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n${process.getuid?.() === 0 ? "user root;\n" : ""}${conf}`;
}

test.describe(`two servers behind nginx @js-only${skip ? ` (skipped: ${skip})` : ""}`, () => {
  // Skipped only where the topology cannot exist: no PostgreSQL (TEST_DATABASE_URL) or no
  // nginx binary. .ci/run provides both, so CI always runs these; the title says which is missing.
  test.skip(Boolean(skip), skip);
  test.describe.configure({ mode: "serial" });
  let tmp: string;
  let database: string;
  let servers: Server[] = [];
  let nginx: Proc | undefined;
  let one: string;
  let two: string;
  let proxy: string;

  test.beforeAll(async () => {
    test.setTimeout(480_000);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-live-servers-"));
    database = `guida_live_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = databaseUrl(database);
    const shared = path.join(tmp, "shared");
    await promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli.ts", "seed"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: shared, NODE_ENV: "production" },
      timeout: 240_000,
    });
    const env = { DATABASE_URL: url, MEDIA_DIR: path.join(shared, "media"), TRUST_PROXY: "true", RATE_LIMIT_SCALE: "100", ACCESS_LOG: "off" };
    servers = await Promise.all([1, 2].map((n) => startServer(path.join(tmp, `server${n}`), env)));
    await Promise.all(servers.map((s) => s.proc.waitForOutput(/listening on/, 120_000)));
    [one, two] = servers.map((s) => s.url) as [string, string];
    const port = await freePort();
    fs.writeFileSync(path.join(tmp, "nginx.conf"), nginxConfig(tmp, port, servers));
    nginx = new Proc(NGINX!, ["-e", path.join(tmp, "error.log"), "-p", tmp, "-c", path.join(tmp, "nginx.conf"), "-g", "daemon off;"], process.env);
    proxy = `http://127.0.0.1:${port}`;
    await expect.poll(() => request(`${proxy}/healthz`).then((r) => r.status, () => 0), { timeout: 10_000 }).toBe(200);
  });

  test.afterAll(async () => {
    if (nginx?.running) await nginx.kill("SIGTERM");
    killChildren();
    if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("a vote on server 2 notifies the author, whose tab on server 1 shows it in the badge", async ({ browser }) => {
    const authorPage = await pageFor(browser, author, { base: one });
    const postId = await publish(authorPage, `Enquete entre servidores ${randomUUID().slice(0, 8)}`, { question: "Qual dia?", options: ["Sábado", "Domingo"] }, one);
    await openLive(authorPage, `${one}/`);
    const before = await badgeCount(authorPage);
    await voteFor(await pageFor(browser, voter, { base: two }), postId, "Sábado", two);
    await expect(authorPage.getByTestId("unread-badge")).toHaveText(String(before + 1), { timeout: LIVE_MS });
  });

  test("a vote on server 2 moves the bars of a tab on server 1, and of a tab behind nginx", async ({ browser }) => {
    const authorPage = await pageFor(browser, author, { base: one });
    const postId = await publish(authorPage, `Barras entre servidores ${randomUUID().slice(0, 8)}`, { question: "Qual cor?", options: ["Azul", "Verde"] }, one);
    const onOne = await pageFor(browser, reader, { base: one });
    const behindNginx = await pageFor(browser, null, { base: proxy });
    for (const [page, base] of [[onOne, one], [behindNginx, proxy]] as const) {
      await openLive(page, `${base}/posts/${postId}`);
      await expect(optionResult(page, postId, "Azul")).toHaveText("0% · 0 votos");
    }
    await voteFor(await pageFor(browser, voter, { base: two }), postId, "Azul", two);
    await expect(optionResult(onOne, postId, "Azul")).toHaveText("100% · 1 voto", { timeout: LIVE_MS });
    await expect(optionResult(behindNginx, postId, "Azul")).toHaveText("100% · 1 voto", { timeout: LIVE_MS });
  });

  test("a post published on server 2 shows the “novas publicações” button on server 1 and behind nginx", async ({ browser }) => {
    const pages = [await pageFor(browser, null, { base: one }), await pageFor(browser, reader, { base: proxy })];
    for (const [page, base] of [[pages[0]!, one], [pages[1]!, proxy]] as const) {
      await openLive(page, `${base}/posts`);
    }
    await publish(await pageFor(browser, author, { base: two }), `Novidade entre servidores ${randomUUID().slice(0, 8)}`, undefined, two);
    for (const page of pages) {
      await expect(page.getByRole("button", { name: /^\d+ novas? publicaç(ão|ões)$/ })).toBeVisible({ timeout: LIVE_MS });
    }
  });
});
