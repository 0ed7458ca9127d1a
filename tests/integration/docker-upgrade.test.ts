import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compose, docker, dockerOk, dockerProblem, ensureImage, IMAGE, REQUIRE_DOCKER, run, until } from "./docker-harness";
import { form, freePort, request, ROOT } from "./server-harness";

// deploy/docker-compose.yml as an operator runs it (PostgreSQL, three replicas, nginx), with
// whichever Compose is installed (Debian's is v1, 1.29): nginx starts while a replica is
// down, and deploy/rolling-upgrade.sh moves the three replicas to a new image under a
// bounded client loop through nginx with no answer >= 500 and no acknowledged write lost.

const problem = dockerProblem || (!compose ? "neither `docker compose` nor `docker-compose` is installed" : "");
const skip = problem && !REQUIRE_DOCKER ? problem : "";
const tag = randomBytes(3).toString("hex");
const project = `guidaup${tag}`;
const images = { from: `guida:upgrade-from-${tag}`, to: `guida:upgrade-to-${tag}` };

describe.skipIf(skip)(`a rolling upgrade behind nginx${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let dir: string;
  let url: string;
  let env: NodeJS.ProcessEnv;
  let composeCmd: string[];
  const up = (args: string[], timeoutMs = 300_000) => run([...composeCmd, ...args], timeoutMs, env);
  const upOk = async (args: string[], timeoutMs?: number) => {
    const result = await up(args, timeoutMs);
    if (result.code !== 0) throw new Error(`${composeCmd.join(" ")} ${args.join(" ")} exited ${result.code}:\n${result.stderr}${result.stdout}`);
    return result.stdout.trim();
  };
  const answers = async () => (await request(`${url}/healthz`, { timeoutMs: 5_000 }).catch(() => null))?.status === 200;

  beforeAll(async () => {
    if (problem) throw new Error(`GUIDA_REQUIRE_DOCKER=1 but ${problem}`);
    await ensureImage();
    await dockerOk(["tag", IMAGE, images.from]);
    // The "new release": the same build under another image id, as a rebuild after a change is.
    const next = await run(["sh", "-c", `printf 'FROM %s\\nLABEL guida.release=%s\\n' ${IMAGE} ${tag} | docker build -q -t ${images.to} -`], 120_000);
    if (next.code !== 0) throw new Error(next.stderr);
    // The real deploy/ folder, beside its own secrets and a test override (write limits raised:
    // every write here comes from one address).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-upgrade-"));
    fs.cpSync(path.join(ROOT, "deploy"), path.join(dir, "deploy"), { recursive: true, filter: (src) => path.basename(src) !== "secrets" });
    await run([path.join(dir, "deploy", "make-secrets.sh")]);
    const replica = { environment: { RATE_LIMIT_SCALE: "1000" } };
    fs.writeFileSync(path.join(dir, "deploy", "test.override.yml"), JSON.stringify({ services: { guida1: replica, guida2: replica, guida3: replica } }));
    composeCmd = [...compose!, "-p", project, "-f", path.join(dir, "deploy", "docker-compose.yml"), "-f", path.join(dir, "deploy", "test.override.yml")];
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = { ...process.env, GUIDA_IMAGE: images.from, GUIDA_HTTP_PORT: `127.0.0.1:${port}`, GUIDA_PUBLIC_URL: url };
    // Waits for PostgreSQL, then the replicas, to be healthy (depends_on conditions) before nginx.
    await upOk(["up", "-d", "--no-build"], 600_000);
    await until(answers, "nginx to answer", 60_000);
  }, 1_500_000);

  afterAll(async () => {
    if (problem) return;
    if (composeCmd) await up(["down", "-v", "--remove-orphans"], 180_000);
    await docker(["rmi", images.from, images.to]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 200_000);

  it("starts nginx and serves while a replica is down", { timeout: 240_000 }, async () => {
    await upOk(["stop", "guida2"]);
    await upOk(["restart", "nginx"]);
    await until(answers, "nginx to answer with guida2 down", 60_000);
    for (let i = 0; i < 12; i++) expect((await request(`${url}/`)).status).toBe(200);
    expect(await upOk(["ps", "-q", "nginx"]).then((id) => dockerOk(["inspect", "-f", "{{.State.Restarting}}", id]))).toBe("false");
    await upOk(["start", "guida2"]);
    const id = await upOk(["ps", "-q", "guida2"]);
    await until(async () => (await dockerOk(["inspect", "-f", "{{.State.Health.Status}}", id])) === "healthy", "guida2 to be healthy", 180_000);
  });

  it("upgrades the three replicas one at a time: no answer >= 500 and no acknowledged write lost", { timeout: 900_000 }, async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let done = false;
    let n = 0;
    const client = async () => {
      // Bounded: ends when the upgrade does, or at the test's deadline.
      while (!done) {
        const username = `up_${tag}_${n++}`;
        const sent = form({ intent: "signup", email: `${username}@exemplo.com.br`, password: "senha-forte-2026", fullName: "Teste", username });
        for (const [kind, attempt] of [
          ["page", () => request(`${url}/`, { timeoutMs: 30_000 })],
          ["sign-up", () => request(`${url}/login`, { body: sent.body, headers: sent.headers, timeoutMs: 30_000 })],
        ] as const) {
          const response = await attempt().catch((error: Error) => (failures.push(error.message), null));
          if (!response) continue;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500) failures.push(`${response.status} ${response.body.slice(0, 200)}`);
          // Acknowledged: the "enviamos um link" page (issue #25: an e-mail sign-up answers 200).
          if (kind === "sign-up" && response.status === 200) acknowledged.push(username);
        }
      }
    };
    const clients = [client(), client()];
    const began = Date.now();
    const upgrade = await run(["deploy/rolling-upgrade.sh"], 800_000, { ...env, GUIDA_IMAGE: images.to, COMPOSE: composeCmd.join(" ") });
    done = true;
    await Promise.all(clients);
    const seconds = Math.round((Date.now() - began) / 1000);
    console.log(`[upgrade] ${seconds} s, answers by status: ${JSON.stringify(Object.fromEntries(statuses))}, acknowledged writes: ${acknowledged.length}`);
    expect(upgrade.code, upgrade.stderr + upgrade.stdout).toBe(0);
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);

    const target = await dockerOk(["image", "inspect", "-f", "{{.Id}}", images.to]);
    for (const replica of ["guida1", "guida2", "guida3"]) {
      const id = await upOk(["ps", "-q", replica]);
      expect(await dockerOk(["inspect", "-f", "{{.Image}}", id]), replica).toBe(target);
    }
    const names = acknowledged.map((u) => `'${u}'`).join(",");
    const count = await upOk(["exec", "-T", "db", "psql", "-U", "guida", "-d", "guida", "-tAc", `SELECT count(*) FROM public.profiles WHERE username IN (${names})`]);
    expect(Number(count)).toBe(acknowledged.length);
  });
});
