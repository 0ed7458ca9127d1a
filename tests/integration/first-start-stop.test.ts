import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_NAME } from "#server/db/lock";
import { ensureBuild, killChildren, startServer, waitUntil } from "./server-harness";

// `docker stop` during the first start (the demo town being seeded) is a stop like any other:
// exit 0, the data folder's lock given back. It used to end with exit 75, "lost the
// data-folder lock": the lock library's own exit hook ran first (the server listened for
// SIGTERM only once serving) and removed the lock under the still-running server.

let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-first-stop-"));
  await ensureBuild();
}, 250_000);

afterAll(() => {
  killChildren();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a stop during the first start", () => {
  it("exits 0 on SIGTERM while the demo town is being seeded, and the next start seeds it", { timeout: 240_000 }, async () => {
    const dataDir = path.join(tmp, "data");
    const first = await startServer(dataDir);
    // The seed writes its artwork job list right before the transaction that inserts the town.
    await waitUntil(() => fs.existsSync(path.join(dataDir, "seed-artwork.json")) || !first.proc.running, "the seed to start", 120_000);
    expect(first.proc.running).toBe(true);
    expect(await first.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(first.proc.output).not.toMatch(/lost the data-folder lock/);
    expect(first.proc.output).toMatch(/SIGTERM while starting/);
    expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);

    const second = await startServer(dataDir);
    await second.proc.waitForOutput(/listening on/, 180_000);
    expect(second.proc.output).toMatch(/demo town seeded/);
    expect(await second.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });
  });
});
