import path from "node:path";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { serverOnly } from "../../scripts/server-only";

// server/ holds the database and secrets: the bundler itself (vite.config.ts) refuses any
// browser module that still imports it once React Router has stripped loaders and actions.

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(import.meta.dirname, "fixtures", "server-only");

function buildForBrowser(entry: string) {
  return build({
    configFile: false,
    root: ROOT,
    logLevel: "silent",
    plugins: [serverOnly(path.join(ROOT, "server"))],
    build: { write: false, rollupOptions: { input: path.join(FIXTURES, entry) } },
  });
}

describe("server-only modules", () => {
  it("refuses a browser module that imports server/", async () => {
    await expect(buildForBrowser("component-imports-server.ts")).rejects.toThrow(
      /Server-only module referenced by client: '..\/..\/..\/..\/server\/env' imported by 'tests\/unit\/fixtures\/server-only\/component-imports-server.ts'/,
    );
  });

  it("lets a browser module name a server type (nothing of server/ ships)", async () => {
    await expect(buildForBrowser("component-imports-server-type.ts")).resolves.toBeDefined();
  });
});
