import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build's entry is our own HTTP app (static files, startup, lock),
    // which imports the React Router build as a virtual module.
    rollupOptions: isSsrBuild ? { input: "./server/http/app.ts" } : undefined,
  },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  ssr: {
    // Native or WASM packages must stay external so Node loads them from node_modules.
    external: ["@electric-sql/pglite", "sharp", "postgres"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
