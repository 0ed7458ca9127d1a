import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// A data folder the server may not write (a root-owned bind mount for a container running as
// uid 1000) used to end in an uncaught EACCES from the lock library, with no hint. The check
// needs a process that is not root: `setpriv` (util-linux) drops to nobody, so root runs it.
// nobody may not be able to read the checkout (a clone inside a 0700 folder, as CI's fresh
// clone is), so the lock module is bundled into a world-readable folder and run from there.
const ROOT = path.resolve(import.meta.dirname, "../..");
const IS_ROOT = process.getuid?.() === 0;
const SETPRIV = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => fs.existsSync(p));

let dir: string;
let bundleDir: string;
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "guida-unwritable-")));
  bundleDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "guida-lock-bundle-")));
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(bundleDir, 0o755);
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

describe.skipIf(!IS_ROOT || !SETPRIV)(`an unwritable data folder${!IS_ROOT || !SETPRIV ? " (skipped: needs root and setpriv)" : ""}`, () => {
  it("is refused with a message naming the folder, the process's uid and the fix", async () => {
    const bundle = path.join(bundleDir, "lock.cjs");
    await build({
      stdin: {
        contents: `import { acquireDataDirLock } from "./server/db/lock.ts";
          acquireDataDirLock(process.argv[2]).then(
            () => console.log("granted"),
            (error) => { console.log(error.name + ": " + error.message); process.exitCode = 3; });`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile: bundle,
      logLevel: "silent",
    });
    fs.chmodSync(bundle, 0o644);
    const result = spawnSync(SETPRIV!, ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, bundle, dir], {
      cwd: bundleDir,
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
