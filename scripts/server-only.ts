import path from "node:path";
import type { Plugin } from "vite";

/**
 * Everything under server/ is Node-only: it holds the database, secrets and the file
 * system. React Router strips loaders, actions and middleware (and what only they import)
 * from the browser's copy of a route; any import of server/ still left after that would
 * ship server code to the browser, so the bundler refuses it, in `npm run dev` and in the
 * build alike, for the whole folder (React Router's own `.server` check, for a folder that
 * keeps its plain name).
 */
export function serverOnly(serverDir: string): Plugin {
  const folder = path.resolve(serverDir) + path.sep;
  const isServerCode = (id: string) => path.resolve(id.split("?")[0]!).startsWith(folder);
  return {
    name: "guida:server-only",
    enforce: "pre",
    async resolveId(source, importer, options) {
      // The SSR build and Vite's dependency scan may see anything; server code may import
      // itself. In dev, React Router looks modules up by URL (a page's styles) on behalf of
      // an "index.html" importer: a lookup, not a browser import (React Router skips it too).
      if (options.ssr || (options as { scan?: boolean }).scan || !importer || isServerCode(importer)) return null;
      if (this.environment.mode === "dev" && importer.endsWith(".html")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && !resolved.external && isServerCode(resolved.id)) {
        const from = path.relative(process.cwd(), importer.split("?")[0]!);
        this.error(
          `Server-only module referenced by client: '${source}' imported by '${from}'. ` +
            "server/ is Node-only: reach it from a loader, an action or middleware, which React Router keeps out of the browser.",
        );
      }
      return null;
    },
  };
}
