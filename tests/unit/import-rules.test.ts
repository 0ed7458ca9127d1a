import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The house's import rules (.dependency-cruiser.cjs, run by `npm run lint`) refuse what they
// say they refuse. Each violation is planted in a throw-away tree shaped like the repository,
// under the system's temporary folder (touching app/ or server/ would make the integration
// harness rebuild the app), and the same configuration cruises it.

const ROOT = path.resolve(import.meta.dirname, "../..");

type Violation = { rule: { name: string }; from: string; to: string };

const PLANTED: Record<string, string> = {
  // browser code importing server code
  "app/components/leaky.tsx": `import { secret } from "../../server/env";\nexport const shown = secret;\n`,
  // a route's loader may (React Router keeps it out of the browser): no violation
  "app/routes/page.tsx": `import { secret } from "../../server/env";\nexport const loader = () => secret;\n`,
  // server code importing the app beyond the core
  "server/models/reaches-app.ts": `import { Widget } from "../../app/components/widget";\nexport const widget = Widget;\n`,
  "app/components/widget.tsx": `export const Widget = 1;\n`,
  // the core importing React
  "core/phone.ts": `import { useState } from "react";\nexport const phone = useState;\n`,
  // a lower layer importing a higher one (db below toolkit)
  "server/db/upward.ts": `import { action } from "../toolkit/action";\nexport const up = action;\n`,
  "server/toolkit/action.ts": `export const action = 1;\n`,
  // a circle
  "server/cache/one.ts": `import { two } from "./two";\nexport const one = () => two;\n`,
  "server/cache/two.ts": `import { one } from "./one";\nexport const two = () => one;\n`,
  "server/env.ts": `export const secret = "s";\n`,
};

let tree: string;
let violations: Violation[];

beforeAll(async () => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), "guida-import-rules-"));
  for (const [file, text] of Object.entries(PLANTED)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  fs.writeFileSync(path.join(tree, "tsconfig.json"), JSON.stringify({ compilerOptions: { jsx: "react-jsx", moduleResolution: "bundler", module: "ES2022" } }));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(tree, "node_modules"), "dir");
  // The same command as `npm run lint` (the package's `depcruise` bin), from the planted tree.
  const cruiser = path.join(ROOT, "node_modules", "dependency-cruiser");
  const bin = (JSON.parse(fs.readFileSync(path.join(cruiser, "package.json"), "utf8")) as { bin: Record<string, string> }).bin.depcruise!;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [path.join(cruiser, bin), "app", "core", "server", "--config", path.join(ROOT, ".dependency-cruiser.cjs"), "--output-type", "json"],
    { cwd: tree, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "" }));
  if (!stdout.trim()) throw new Error(`dependency-cruiser wrote no report: ${stderr}`);
  violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
});

const refused = (rule: string) => violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} → ${v.to}`);

describe("the import rules (npm run lint)", () => {
  it("refuse a browser import of server code, and let a route's loader import it", () => {
    expect(refused("browser-imports-server")).toEqual(["app/components/leaky.tsx → server/env.ts"]);
  });

  it("refuse an import from server/ of anything of the app but the core", () => {
    expect(refused("server-imports-app")).toEqual(["server/models/reaches-app.ts → app/components/widget.tsx"]);
  });

  it("refuse React in the shared core", () => {
    expect(refused("core-is-pure")).toEqual([expect.stringMatching(/^core\/phone\.ts → .*node_modules\/react\/index\.js$/)]);
  });

  it("refuse a layer of server/ importing one above it", () => {
    expect(refused("layer-db")).toEqual(["server/db/upward.ts → server/toolkit/action.ts"]);
  });

  it("refuse an import circle", () => {
    expect(refused("no-circular")).toEqual(["server/cache/one.ts → server/cache/two.ts"]);
  });

  it("refuse nothing else in the planted tree", () => {
    expect(violations.map((v) => v.rule.name).sort()).toEqual(
      ["browser-imports-server", "core-is-pure", "layer-db", "no-circular", "server-imports-app"].sort(),
    );
  });
});
