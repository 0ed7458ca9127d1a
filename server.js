// Production entry: `node server.js` after `npm run build`. The server itself is
// TypeScript (server/http/app.ts), compiled into the React Router server build.
process.env.NODE_ENV ??= "production";
const { start } = await import("./build/server/index.js");
await start();
