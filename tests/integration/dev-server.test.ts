import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "#server/db/lock";
import { freePort, killChildren, Proc, request, serverEnv, waitUntil } from "./server-harness";

// `npm run dev` is Guida's own server with Vite inside it (issue #14, item 3): a page in
// development carries the production CSP with a nonce, and cross-site writes are refused,
// exactly as in production. Driven once, as a developer runs it, on a throw-away folder.

let tmp: string;
/** Process groups started here: a failed test must not leave Vite and the server running. */
const groups = new Set<number>();

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-dev-"));
});

afterAll(() => {
  for (const group of groups) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // already gone
    }
  }
  killChildren();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm run dev", () => {
  it("serves pages through the production pipeline and stops cleanly", { timeout: 240_000 }, async () => {
    const port = await freePort();
    // As a developer's shell has it: no NODE_ENV (the harness sets production).
    const dataDir = path.join(tmp, "data");
    const env = serverEnv(dataDir, port);
    delete env.NODE_ENV;
    const dev = new Proc("npm", ["run", "dev"], env, { detached: true });
    groups.add(dev.pid);
    await dev.waitForOutput(/listening on/, 180_000);
    const url = `http://127.0.0.1:${port}`;

    const page = await request(`${url}/businesses`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    const csp = String(page.headers["content-security-policy"] ?? "");
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `CSP was: ${csp}`).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    // Every script on the page runs under that nonce, Vite's and React Router's included.
    const scripts = [...page.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // In development: React Router's HMR runtime is on the page, so this is not the built app.
    expect(page.body).toContain("virtual:react-router/inject-hmr-runtime");

    const crossSite = await request(`${url}/theme`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: "theme=dark",
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toBe("Envio recusado: este formulário não veio do Guida.");

    // Ctrl-C in the terminal: the whole process group (npm, its shell, the server) gets SIGINT.
    process.kill(-dev.pid, "SIGINT");
    await dev.waitForExit();
    // npm may leave before the server has closed its database: wait for the whole group.
    await waitUntil(() => !groupAlive(dev.pid), "the dev server to exit");
    expect(dev.output).toContain("[guida] SIGINT: finishing requests in flight, then closing the database");
    // The server's own shutdown went without error. (Ctrl-C also reaches Vite's esbuild
    // helper, which may log that its dependency scan was cut short: that is Vite's, not ours.)
    expect(dev.output).not.toMatch(/still running|"level":"error","time":"[^"]*","message":"\[guida\]|request failed/);
    // The data folder's lock was given back.
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  });
});
