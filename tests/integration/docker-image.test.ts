import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown } from "#server/seed/seed-data";
import { docker, dockerOk, dockerProblem, ensureImage, health, IMAGE, REQUIRE_DOCKER, until } from "./docker-harness";
import { decodeHtml, form, request } from "./server-harness";

// The project's Dockerfile built and run as an operator runs it (issue #27): non-root under
// tini, read-only root with every capability dropped, healthy, the demo town on first start,
// SIGTERM with writes in flight, a second container on the volume refused, a crash restarted
// at once, an unwritable /data and a stop during the first start. Skipped only without Docker.

const skip = dockerProblem && !REQUIRE_DOCKER ? dockerProblem : "";
const tag = randomBytes(3).toString("hex");
const volume = `guida-test-${tag}`;
const names = { main: `guida-test-${tag}`, second: `guida-test-${tag}-second`, seeding: `guida-test-${tag}-seeding` };
const password = "senha-forte-2026";
const hardened = ["--read-only", "--tmpfs", "/tmp", "--cap-drop", "ALL", "--security-opt", "no-new-privileges"];

async function urlOf(container: string): Promise<string> {
  const mapped = await dockerOk(["port", container, "3000/tcp"]);
  return `http://${mapped.split("\n")[0]!.trim()}`;
}

async function startedAndHealthy(container: string): Promise<string> {
  await until(async () => (await health(container)) === "healthy", `${container} to be healthy`, 240_000);
  return urlOf(container);
}

async function signUp(url: string, username: string): Promise<boolean> {
  const sent = form({ intent: "signup", email: `${username}@exemplo.com.br`, password, fullName: `Teste ${username}`, username });
  const response = await request(`${url}/login`, { body: sent.body, headers: sent.headers, timeoutMs: 20_000 });
  // Acknowledged: the "enviamos um link" page (issue #25: an e-mail sign-up answers 200, no session).
  return response.status === 200;
}

/**
 * The account is there with its password: a sign-in is refused only because the e-mail waits
 * for its link (that answer comes after the password matched; a wrong one is a 400).
 */
async function expectAccount(url: string, username: string): Promise<void> {
  const sent = form({ intent: "signin", email: `${username}@exemplo.com.br`, password });
  const response = await request(`${url}/login`, { body: sent.body, headers: sent.headers, timeoutMs: 20_000 });
  expect(response.status, username).toBe(403);
  expect(decodeHtml(response.body)).toContain("Confirme seu e-mail antes de entrar");
}

describe.skipIf(skip)(`the Docker image${skip ? ` (skipped: ${skip})` : ""}`, () => {
  const acknowledged: string[] = [];
  let tmp: string;

  beforeAll(async () => {
    if (dockerProblem) throw new Error(`GUIDA_REQUIRE_DOCKER=1 but ${dockerProblem}`);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-docker-"));
    await ensureImage();
  }, 900_000);

  afterAll(async () => {
    if (dockerProblem) return;
    await docker(["rm", "-f", "-v", ...Object.values(names)]);
    await docker(["volume", "rm", "-f", volume, `${volume}-seeding`]);
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 120_000);

  it("runs as node under tini, read-only with no capability, healthy, with the demo town seeded", { timeout: 300_000 }, async () => {
    await dockerOk(["run", "-d", "--name", names.main, "-v", `${volume}:/data`, ...hardened, "--health-interval", "2s",
      "-e", "RATE_LIMIT_SCALE=1000", "-p", "127.0.0.1::3000", IMAGE]);
    const url = await startedAndHealthy(names.main);
    const seen = JSON.parse(await dockerOk(["exec", names.main, "node", "-e", `
      const fs = require("node:fs");
      const procs = fs.readdirSync("/proc").filter((d) => /^\\d+$/.test(d)).map((pid) => {
        const status = fs.readFileSync("/proc/" + pid + "/status", "utf8");
        return { pid, cmd: fs.readFileSync("/proc/" + pid + "/cmdline", "utf8").split("\\0").join(" ").trim(),
          uid: /Uid:\\s+(\\d+)/.exec(status)[1], capEff: /CapEff:\\s+(\\w+)/.exec(status)[1] };
      });
      let rootWritable = true;
      try { fs.writeFileSync("/app/probe", "x"); } catch { rootWritable = false; }
      console.log(JSON.stringify({ procs, rootWritable }));`])) as { procs: { pid: string; cmd: string; uid: string; capEff: string }[]; rootWritable: boolean };
    expect(seen.procs.find((p) => p.pid === "1")?.cmd).toMatch(/^\/usr\/bin\/tini -- node server\.js/);
    expect(seen.procs.some((p) => p.cmd === "node server.js")).toBe(true);
    for (const proc of seen.procs) expect(proc, proc.cmd).toMatchObject({ uid: "1000", capEff: "0000000000000000" });
    expect(seen.rootWritable).toBe(false);
    // No development-only package in production: typescript (an optional peer), the unused server.
    const shipped = ["typescript", "@types/react", "@react-router/serve", "@react-router/dev", "vite"];
    expect(await dockerOk(["run", "--rm", "--entrypoint", "sh", IMAGE, "-c", `cd node_modules && ls -d ${shipped.join(" ")} 2>/dev/null; true`])).toBe("");

    const home = await request(`${url}/`);
    expect(home.status).toBe(200);
    const town = buildDemoTown();
    expect(town.businesses.some((b) => decodeHtml(home.body).includes(b.name))).toBe(true);
    for (let i = 0; i < 5; i++) if (await signUp(url, `antes_${tag}_${i}`)) acknowledged.push(`antes_${tag}_${i}`);
    expect(acknowledged).toHaveLength(5);
  });

  it("refuses a second container on the same volume with exit 75, naming the holder", { timeout: 120_000 }, async () => {
    const second = await docker(["run", "--name", names.second, "-v", `${volume}:/data`, IMAGE], 100_000);
    expect(second.code).toBe(75);
    expect(second.stdout + second.stderr).toMatch(/The data folder \/data is in use by another Guida process \(pid \d+ on \w+\)/);
    expect(await health(names.main)).toBe("healthy");
  });

  it("stops on SIGTERM with writes in flight: exit 0, every acknowledged write kept", { timeout: 180_000 }, async () => {
    const url = await urlOf(names.main);
    let n = 0;
    let stopping = false;
    const writer = async () => {
      // Writes until the server stops answering; each one acknowledged (200) must survive.
      for (;;) {
        const username = `durante_${tag}_${n++}`;
        const ok = await signUp(url, username).catch(() => null);
        if (ok === null) return;
        if (ok) acknowledged.push(username);
        else if (!stopping) throw new Error(`sign-up of ${username} refused before the stop`);
      }
    };
    const writers = [writer(), writer()];
    await until(async () => acknowledged.length >= 9, "writes to be acknowledged", 60_000);
    stopping = true;
    await dockerOk(["stop", "-t", "10", names.main], 60_000);
    await Promise.all(writers);
    expect(await dockerOk(["inspect", "-f", "{{.State.ExitCode}}", names.main])).toBe("0");
    expect((await docker(["logs", names.main])).stdout).toMatch(/SIGTERM: finishing requests in flight/);
  });

  it("comes back at once after kill -9, taking its own lease, with every acknowledged write", { timeout: 300_000 }, async () => {
    await dockerOk(["start", names.main]);
    await startedAndHealthy(names.main);
    await dockerOk(["kill", "-s", "KILL", names.main]);
    const since = new Date().toISOString();
    await dockerOk(["start", names.main]);
    const url = await startedAndHealthy(names.main);
    const logs = await docker(["logs", "--since", since, names.main]);
    expect(logs.stdout).toMatch(/a previous run of this server that is no longer running: taking it over at once/);
    expect(logs.stdout).not.toMatch(/waiting up to 20 s/);
    for (const username of acknowledged) await expectAccount(url, username);
  });

  it("stops with a clear message when /data is not writable by the node user", { timeout: 120_000 }, async () => {
    const folder = path.join(tmp, "root-owned");
    fs.mkdirSync(folder, { mode: 0o755 });
    const result = await docker(["run", "--rm", "-v", `${folder}:/data`, IMAGE], 100_000);
    const output = result.stdout + result.stderr;
    expect(result.code).toBe(73);
    expect(output).toMatch(/The data folder \/data is not writable by this process \(uid 1000, gid 1000\): EACCES\. .*chown -R 1000:1000/);
    expect(output).not.toMatch(/uncaught/i);
  });

  it("exits 0 when stopped during its first start, while the demo town is being seeded", { timeout: 300_000 }, async () => {
    await dockerOk(["run", "-d", "--name", names.seeding, "-v", `${volume}-seeding:/data`, IMAGE]);
    await until(async () => (await docker(["exec", names.seeding, "test", "-f", "/data/seed-artwork.json"])).code === 0, "the seed to start", 240_000);
    await dockerOk(["stop", "-t", "10", names.seeding], 60_000);
    expect(await dockerOk(["inspect", "-f", "{{.State.ExitCode}}", names.seeding])).toBe("0");
    expect((await docker(["logs", names.seeding])).stderr).not.toMatch(/lost the data-folder lock/);
  });
});
