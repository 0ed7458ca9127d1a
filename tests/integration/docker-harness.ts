import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { ROOT, withFileLock } from "./server-harness";

// What the container tests share: whether a Docker engine is there, running `docker` with a
// deadline, and the project's image built once (scripts/docker-stand-in-images.sh first, so
// the base images exist where no registry is reachable). CI (.ci/run) starts an engine and
// sets GUIDA_REQUIRE_DOCKER=1: there a missing engine fails the tests instead of skipping them.

export const REQUIRE_DOCKER = process.env.GUIDA_REQUIRE_DOCKER === "1";
export const IMAGE = process.env.GUIDA_TEST_IMAGE ?? "guida:ci";

/** Why the container tests cannot run here ("" when they can). */
export const dockerProblem: string = (() => {
  const cli = spawnSync("docker", ["version", "--format", "{{.Server.Version}}"], { encoding: "utf8", timeout: 20_000 });
  if (cli.error) return "the docker command is not installed";
  if (cli.status !== 0) return `no Docker engine answers (${(cli.stderr || "").trim().split("\n")[0]}); .ci/dockerd.sh starts one`;
  return "";
})();

/** The compose command: v2 (`docker compose`) when present, else v1 (`docker-compose`). */
export const compose: string[] | null = (() => {
  if (spawnSync("docker", ["compose", "version"], { timeout: 20_000 }).status === 0) return ["docker", "compose"];
  if (spawnSync("docker-compose", ["version"], { timeout: 20_000 }).status === 0) return ["docker-compose"];
  return null;
})();

export type Run = { code: number; stdout: string; stderr: string };

/** Runs a command to its end within timeoutMs; a non-zero exit is returned, not thrown. */
export async function run(command: string[], timeoutMs = 60_000, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command[0]!, command.slice(1), {
      cwd: ROOT,
      env,
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string; killed?: boolean };
    if (failed.killed) throw new Error(`${command.join(" ")} did not end within ${timeoutMs} ms:\n${failed.stderr ?? ""}`);
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

export const docker = (args: string[], timeoutMs?: number) => run(["docker", ...args], timeoutMs);

/** `docker …` that must succeed: its stdout, trimmed. */
export async function dockerOk(args: string[], timeoutMs?: number): Promise<string> {
  const result = await docker(args, timeoutMs);
  if (result.code !== 0) throw new Error(`docker ${args.join(" ")} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  return result.stdout.trim();
}

let built: Promise<void> | null = null;

/** The stand-in bases (where pulls fail), then the project's image as IMAGE; once per run. */
export function ensureImage(): Promise<void> {
  built ??= withFileLock("docker-image", 900_000, async () => {
    const bases = await run(["scripts/docker-stand-in-images.sh"], 900_000);
    if (bases.code !== 0) throw new Error(`scripts/docker-stand-in-images.sh failed:\n${bases.stderr}`);
    await dockerOk(["build", "-q", "-t", IMAGE, "."], 900_000);
  });
  return built;
}

/** Polls until `condition` holds, failing past the deadline with `what`. */
export async function until(condition: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function health(container: string): Promise<string> {
  return (await docker(["inspect", "-f", "{{if .State.Health}}{{.State.Health.Status}}{{end}}", container])).stdout.trim();
}
