import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, Proc, ROOT } from "./server-harness";

// The shipped deploy/nginx.conf limits the connections one client address holds at once
// (issue #25: thousands of /events streams from one address took every place). nginx runs
// the file as shipped, its replicas swapped for one stand-in upstream that holds every
// request open as a live stream would.

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
const skip = NGINX ? "" : "nginx is not installed (apt-get install nginx)";

let tmp: string;
let nginx: Proc;
let upstream: http.Server;
let proxyPort = 0;
const held: http.ClientRequest[] = [];

/** A stream through nginx from one loopback address: its status once the head arrives. */
function open(localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: proxyPort, path: "/events", localAddress, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once("error", reject);
    held.push(req);
  });
}

beforeAll(async () => {
  if (skip) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-nginx-limits-"));
  // Stand-in upstream: answers a stream's head and never ends it.
  upstream = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write(":\n\n");
  });
  const upstreamPort = await freePort();
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, "127.0.0.1", resolve));
  proxyPort = await freePort();
  let conf = fs.readFileSync(path.join(ROOT, "deploy", "nginx.conf"), "utf8");
  // Every replica becomes the stand-in; only the first line is kept (one upstream).
  let first = true;
  conf = conf.replace(/^(\s*)server\s+[\w.-]+:3000[^;]*;/gm, (_all, indent: string) => {
    const line = first ? `${indent}server 127.0.0.1:${upstreamPort};` : "";
    first = false;
    return line;
  });
  conf = conf.replace(/listen 80;/, `listen 127.0.0.1:${proxyPort};`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${tmp}/${t};`).join(" ");
  conf = conf.replace("http {", `http {\n  ${temp}`);
  conf = `pid ${tmp}/nginx.pid;\nerror_log ${tmp}/error.log warn;\n${process.getuid?.() === 0 ? "user root;\n" : ""}${conf}`;
  fs.writeFileSync(path.join(tmp, "nginx.conf"), conf);
  nginx = new Proc(NGINX!, ["-e", path.join(tmp, "error.log"), "-p", tmp, "-c", path.join(tmp, "nginx.conf"), "-g", "daemon off;"], process.env);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await open("127.0.0.9").then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${nginx.output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  for (const req of held) req.destroy();
  nginx?.child.kill("SIGTERM");
  await nginx?.waitForExit();
  upstream?.closeAllConnections();
  upstream?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

it.skipIf(Boolean(skip))(`refuses an address's 101st open connection with 429, and serves other addresses${skip ? ` (skipped: ${skip})` : ""}`, async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 101; i++) statuses.push(await open("127.0.0.2"));
  expect(statuses.slice(0, 100).every((status) => status === 200)).toBe(true);
  expect(statuses[100]).toBe(429);
  expect(await open("127.0.0.3")).toBe(200);
});
