import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDemoTown, DEMO_PASSWORD } from "#server/seed/seed-data";
import { copySeededDataDir, ensureBuild, killChildren, request, type Server, signIn, startReadyServer } from "./server-harness";

// GET /events on the production server (`node server.js`): streamed as produced (never
// buffered, compressed or cached by the pipeline), capped per resident and per server
// with a 429 in Portuguese, resumed from Last-Event-ID, and ended at shutdown so the
// server stops at once instead of waiting out its grace period.

const town = buildDemoTown();
const resident = town.users.find((u) => u.username === "henrique_castro")!;

type Stream = { status: number; headers: http.IncomingHttpHeaders; text: () => string; ended: Promise<void>; close: () => void };

/** Opens a stream and resolves once its head has arrived (a refusal is read to its end). */
function openStream(url: string, headers: Record<string, string> = {}, localAddress?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, localAddress }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      const ended = new Promise<void>((done) => res.once("close", () => done()));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text: () => text, ended, close: () => req.destroy() });
    });
    req.once("error", reject);
  });
}

async function until(check: () => boolean, what: string, deadlineMs = 10_000) {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("GET /events on the production server", () => {
  let server: Server;
  let dataDir: string;
  let cookie: string;
  const open: Stream[] = [];
  const stream = async (pathname: string, headers: Record<string, string> = {}, localAddress?: string) => {
    const opened = await openStream(server.url + pathname, headers, localAddress);
    open.push(opened);
    return opened;
  };
  const closeAll = () => {
    for (const s of open.splice(0)) s.close();
  };
  /** Opens a stream, retrying while the server still counts streams whose clients just left. */
  const streamWhenFree = async (pathname: string, headers: Record<string, string> = {}, localAddress?: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const opened = await stream(pathname, headers, localAddress);
      if (opened.status !== 429 || Date.now() > deadline) return opened;
      opened.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    await ensureBuild();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-live-"));
    await copySeededDataDir(dataDir);
    server = await startReadyServer(dataDir, { EVENTS_MAX_STREAMS: "4", EVENTS_MAX_PER_RESIDENT: "2", EVENTS_MAX_PER_ADDRESS: "2", RATE_LIMIT_SCALE: "100" });
    ({ cookie } = await signIn(server.url, resident.email, DEMO_PASSWORD));
  }, 420_000);

  // A failed test leaves no stream behind to fill the next one's places.
  afterEach(() => closeAll());

  afterAll(() => {
    for (const s of open) s.close();
    killChildren();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams events as they are produced: no compression, no shared cache, no proxy buffering", async () => {
    const events = await stream("/events", { Cookie: cookie, "Accept-Encoding": "gzip, br" });
    expect(events.status).toBe(200);
    expect(events.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.headers["x-cache"]).toBeUndefined();
    expect(events.headers["cache-control"]).toBe("no-store");
    expect(events.headers["x-accel-buffering"]).toBe("no");
    // The first event arrives while the response is still open.
    await until(() => /event: unread\ndata: \{"count":\d+\}/.test(events.text()), "the unread count");
    const visitor = await stream("/events?feed=", { "Accept-Encoding": "gzip" });
    expect(visitor.status).toBe(200);
    await until(() => /event: feed\ndata: \{"count":\d+\}/.test(visitor.text()), "the feed count");
    expect(visitor.text()).not.toContain("unread");
    closeAll();
  });

  it("resumes from Last-Event-ID: what the browser already holds is not sent again", async () => {
    const first = await stream("/events", { Cookie: cookie });
    await until(() => /^id: (.+)$/m.test(first.text()), "an event id");
    const id = /^id: (.+)$/m.exec(first.text())![1]!;
    first.close();
    const resumed = await stream("/events?feed=", { Cookie: cookie, "Last-Event-ID": id });
    // The feed's count is new to it, the unread count is not.
    await until(() => resumed.text().includes("event: feed"), "the feed count");
    expect(resumed.text()).not.toContain("event: unread");
    closeAll();
  });

  it("refuses a bad topic with 400 and a message", async () => {
    const bad = await stream("/events?enquetes=1%20OR%201=1");
    expect(bad.status).toBe(400);
    await bad.ended;
    expect(bad.text()).toBe("Endereço inválido: enquetes, feed e comentários levam identificadores de enquete, de post ou de notícia.");
    // An item's comments name a post or a news article (issue #30).
    const thread = await stream("/events?comentarios=profile:00000000-0000-4000-8000-000000000001");
    expect(thread.status).toBe(400);
    await thread.ended;
  });

  it("caps streams per resident and per server with 429, Retry-After and a message in Portuguese", async () => {
    // The previous tests' streams end on the server a moment after their clients leave.
    const a = await streamWhenFree("/events", { Cookie: cookie });
    const b = await stream("/events", { Cookie: cookie });
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await stream("/events", { Cookie: cookie });
    expect(third.status).toBe(429);
    expect(third.headers["retry-after"]).toBe("30");
    await third.ended;
    expect(third.text()).toBe("Você já tem muitas abas do Guida acompanhando as novidades. Feche alguma e tente de novo.");
    // Two visitors fill the server (4); the fifth stream is refused whoever asks.
    expect((await stream("/events?feed=")).status).toBe(200);
    expect((await stream("/events?feed=")).status).toBe(200);
    const full = await stream("/events?feed=");
    expect(full.status).toBe(429);
    await full.ended;
    expect(full.text()).toBe("O Guida está com muitas conexões ao vivo agora. Tente de novo em instantes.");
    // A stream that ends frees its place (for a visitor from another address: this one has its 2).
    a.close();
    expect((await streamWhenFree("/events?feed=", {}, "127.0.0.4")).status).toBe(200);
    closeAll();
  });

  it("caps a visitor's streams per address: one address cannot fill the server for everyone (issue #25)", async () => {
    // The review's run: thousands of anonymous streams from one address, then the next
    // visitor, from another address, was refused. Here the server holds 4, an address 2.
    const first = await streamWhenFree("/events?feed=", {}, "127.0.0.2");
    expect(first.status).toBe(200);
    expect((await stream("/events?feed=", {}, "127.0.0.2")).status).toBe(200);
    const third = await stream("/events?feed=", {}, "127.0.0.2");
    expect(third.status).toBe(429);
    expect(third.headers["retry-after"]).toBe("30");
    await third.ended;
    expect(third.text()).toBe("Há muitas conexões ao vivo a partir deste endereço. Feche alguma aba do Guida e tente de novo.");
    const other = await stream("/events?feed=", {}, "127.0.0.3");
    expect(other.status).toBe(200);
    await until(() => other.text().includes("event: feed"), "the other visitor's feed count");
    closeAll();
  });

  it("ends a resident's open streams within seconds of signing out, and only the session's own tabs get no count back", async () => {
    const { cookie: shared } = await signIn(server.url, resident.email, DEMO_PASSWORD);
    const leaving = await streamWhenFree("/events", { Cookie: shared });
    const staying = await streamWhenFree("/events", { Cookie: cookie });
    await until(() => leaving.text().includes("event: unread") && staying.text().includes("event: unread"), "both counts");
    const out = await request(`${server.url}/logout`, { method: "POST", headers: { Cookie: shared } });
    expect(out.status).toBe(303);
    // Both end (the hub cannot tell the sessions apart); a bounded deadline, no sleep.
    await Promise.race([
      Promise.all([leaving.ended, staying.ended]),
      new Promise((_, reject) => setTimeout(() => reject(new Error("the streams did not end within 5 s of the sign-out")), 5_000)),
    ]);
    // The browsers reconnect: the signed-out session is a visitor now, the other resumes.
    const visitor = await streamWhenFree("/events?feed=", { Cookie: shared });
    const back = await streamWhenFree("/events?feed=", { Cookie: cookie });
    await until(() => visitor.text().includes("event: feed") && back.text().includes("event: unread"), "the reconnected streams");
    expect(visitor.text()).not.toContain("event: unread");
    closeAll();
  });

  it("SIGTERM ends open streams: the server stops at once and cleanly", async () => {
    const s = await streamWhenFree("/events?feed=");
    expect(s.status).toBe(200);
    server.proc.child.kill("SIGTERM");
    await s.ended;
    const exit = await server.proc.waitForExit();
    expect(exit.code).toBe(0);
    // It did not wait out its 8 s grace period and cut the stream (exit code 1).
    expect(server.proc.output).not.toContain("requests still running");
  });
});
