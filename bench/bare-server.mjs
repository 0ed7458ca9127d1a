// The "bare" ceiling: node:http answering each benchmarked URL with the exact bytes Guida
// sent for it (captured by bench/run.mjs before measuring), already compressed when the
// request accepts br or gzip. No routing beyond a Map lookup, no rendering, no database.
//
// Usage: node bench/bare-server.mjs <pages.json>   (PORT, HOST)
// pages.json: [{ path, variant: "identity" | "br" | "gzip", user: "visitor" | "signed-in", status, contentType, file }]
import fs from "node:fs";
import http from "node:http";

const pages = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const table = new Map();
for (const page of pages) {
  table.set(`${page.path}|${page.variant}|${page.user}`, {
    status: page.status,
    headers: {
      "Content-Type": page.contentType,
      ...(page.variant === "identity" ? {} : { "Content-Encoding": page.variant }),
      Vary: "Accept-Encoding",
    },
    body: fs.readFileSync(page.file),
  });
}

const server = http.createServer((req, res) => {
  const accept = req.headers["accept-encoding"] ?? "";
  const variant = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : "identity";
  const user = req.headers.cookie ? "signed-in" : "visitor";
  // Bodies under the compression threshold were captured uncompressed.
  const page =
    table.get(`${req.url}|${variant}|${user}`) ??
    table.get(`${req.url}|identity|${user}`) ??
    table.get(`${req.url}|${variant}|visitor`) ??
    table.get(`${req.url}|identity|visitor`);
  if (!page) {
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not captured");
    return;
  }
  res.writeHead(page.status, { ...page.headers, "Content-Length": page.body.length });
  res.end(page.body);
});
server.keepAliveTimeout = 65_000;
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => console.log(`[bare] ${table.size} captured responses on http://${host}:${port}`));
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
