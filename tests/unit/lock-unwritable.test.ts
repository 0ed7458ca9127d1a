import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// A data folder the server may not write (a root-owned bind mount for a container running as
// uid 1000) used to end in an uncaught EACCES from the lock library, with no hint. The check
// needs a process that is not root: `setpriv` (util-linux) drops to nobody, so root runs it.
const ROOT = path.resolve(import.meta.dirname, "../..");
const IS_ROOT = process.getuid?.() === 0;
const SETPRIV = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => fs.existsSync(p));

let dir: string;
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "guida-unwritable-")));
  fs.chmodSync(dir, 0o755);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!IS_ROOT || !SETPRIV)(`an unwritable data folder${!IS_ROOT || !SETPRIV ? " (skipped: needs root and setpriv)" : ""}`, () => {
  it("is refused with a message naming the folder, the process's uid and the fix", () => {
    const script = `import("./server/db/lock.ts").then((m) => m.acquireDataDirLock(process.argv[1])).then(
      () => console.log("granted"),
      (error) => { console.log(error.name + ": " + error.message); process.exitCode = 3; })`;
    const result = spawnSync(SETPRIV!, ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "--import", "tsx", "-e", script, dir], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.stdout + result.stderr).toContain(
      `DataDirUnwritableError: The data folder ${dir} is not writable by this process (uid 65534, gid 65534): EACCES`,
    );
    expect(result.stdout).toContain("chown -R 65534:65534");
    expect(result.status).toBe(3);
  });
});
