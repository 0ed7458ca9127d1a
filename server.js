// Guida's one server, in every mode. The server itself is TypeScript (server/http/app.ts).
//   node server.js         production: the build made by `npm run build`
//   node server.js --dev   development (`npm run dev`): the same server, with Vite inside it
//                          compiling the app on request and pushing updates to the browser
import http from "node:http";

const dev = process.argv.includes("--dev");
// Development always runs as such: React's development build is what HMR and its warnings need.
if (dev) process.env.NODE_ENV = "development";
else process.env.NODE_ENV ??= "production";

if (dev) {
  // Vite in middleware mode, the React Router `node-custom-server` way: it serves the app's
  // modules and HMR; every page still goes through server/http/app.ts, so development has
  // production's pipeline (CSP nonces, caches, limits, cross-site refusals). Its HMR
  // WebSocket shares our port rather than opening a second one.
  const { createServer } = await import("vite");
  const server = http.createServer();
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/http/app.ts");
  await start({ server, vite });
} else {
  const { start } = await import("./build/server/index.js");
  await start();
}
