import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Writes build/chunk-modules.json after the client build: for each JavaScript file, the
 * modules in it and their minified length, largest first. The first-view JavaScript budget
 * (bench/lib/first-view-js.mjs, tests/e2e/js-budget.spec.ts) reads it to name the module
 * that made a page grow, not only the hashed file it landed in. Outside build/client, so it
 * is neither served nor precached.
 */
export function chunkModules(root: string): Plugin {
  return {
    name: "guida-chunk-modules",
    apply: "build",
    writeBundle(options, bundle) {
      if (!options.dir || !options.dir.endsWith(path.join("build", "client"))) return;
      const chunks: Record<string, [string, number][]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks["/" + output.fileName] = Object.entries(output.modules)
          .map(([id, module]): [string, number] => [path.relative(root, id.split("?")[0] ?? id).split(path.sep).join("/"), module.renderedLength])
          .filter(([, length]) => length > 0)
          .sort((a, b) => b[1] - a[1]);
      }
      fs.writeFileSync(path.join(options.dir, "..", "chunk-modules.json"), JSON.stringify(chunks));
    },
  };
}
