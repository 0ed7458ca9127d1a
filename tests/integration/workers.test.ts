import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from "./postgres-admin";
import { copySeededDataDir, ensureBuild, killChildren, nonJsonLines, request, startServer } from "./server-harness";

// Issue #15: WEB_CONCURRENCY=N forks N workers sharing the port when the database is
// PostgreSQL; with PGlite the server stays one process and says why. A server on PostgreSQL
// whose pictures are in a folder of its own says so at boot.

let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-workers-"));
  await ensureBuild();
}, 300_000);

afterAll(() => {
  killChildren();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

it("stays one process on PGlite with WEB_CONCURRENCY=2, and says why", async () => {
  await copySeededDataDir(path.join(tmp, "pglite"));
  const server = await startServer(path.join(tmp, "pglite"), { WEB_CONCURRENCY: "2" });
  await server.proc.waitForOutput(/listening on/, 120_000);
  expect(server.proc.output).toContain("WEB_CONCURRENCY=2 ignored: the embedded database (PGlite) runs in one process");
  expect((await request(`${server.url}/healthz`)).status).toBe(200);
  expect(server.proc.output.match(/listening on/g)).toHaveLength(1);
  await server.proc.kill("SIGTERM");
  // The primary's own lines (this one is written before the server build loads) are JSON too.
  expect(nonJsonLines(server.proc.output)).toEqual([]);
}, 300_000);

describe.skipIf(!TEST_DATABASE_URL)(`on PostgreSQL${TEST_DATABASE_URL ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  const database = `guida_workers_${randomBytes(4).toString("hex")}`;
  beforeAll(() => adminQuery(`CREATE DATABASE ${database}`));
  afterAll(() => adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

  it("forks WEB_CONCURRENCY=2 workers on one port, migrating once, and warns of a private media folder", async () => {
    const server = await startServer(path.join(tmp, "pg"), { DATABASE_URL: databaseUrl(database), WEB_CONCURRENCY: "2" });
    await server.proc.waitForOutput(/2 workers \(WEB_CONCURRENCY\) share the port/, 120_000);
    await server.proc.waitForOutput((output) => (output.match(/listening on/g) ?? []).length === 2, 60_000);
    expect(server.proc.output).toContain("a folder of this server only");
    expect(server.proc.output).toContain("set MEDIA_DIR");
    for (let i = 0; i < 10; i++) expect((await request(`${server.url}/healthz`)).status).toBe(200);
    // SIGTERM reaches every worker, and the primary ends once they have.
    const exit = await server.proc.kill("SIGTERM");
    expect(exit.code).toBe(0);
    expect(nonJsonLines(server.proc.output)).toEqual([]);
  }, 300_000);
});
