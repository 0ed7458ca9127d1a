import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { serverOnly } from "./scripts/server-only";
import { shellChunk } from "./scripts/shell-chunk";
import { chunkModules } from "./scripts/chunk-modules";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build's entry is our own HTTP app (static files, startup, lock),
    // which imports the React Router build as a virtual module.
    rollupOptions: isSsrBuild
      ? { input: "./server/http/app.ts" }
      : { output: { manualChunks: shellChunk([path.resolve(import.meta.dirname, "app"), path.resolve(import.meta.dirname, "core")]) } },
  },
  ssr: {
    // Native or WASM packages must stay external so Node loads them from node_modules.
    external: ["@electric-sql/pglite", "sharp", "postgres"],
  },
  // The import aliases (`~/`, `#core/`, `#server/`) are declared in tsconfig.json's paths and read from there.
  plugins: [
    serverOnly(path.resolve(import.meta.dirname, "server")),
    tsconfigPaths(),
    tailwindcss(),
    reactRouter(),
    chunkModules(import.meta.dirname),
  ],
}));
