import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensureBuild, killChildren, nonJsonLines, request, startServer, steadyRss, waitUntil } from "./server-harness";

// Issue #27, the first start of `node server.js` on an empty data folder. Before: the demo
// pictures answered 404 for about 70 s after the port opened (rendered in the background),
// the process that seeded kept 915 MB RSS until restarted (a restarted server idled at
// 371–428 MB), and 50 s passed without a line. Now the seed runs in a child process that
// exits, a placeholder answers for each picture until it is rendered, and the log says what
// is going on.

let tmp: string;

beforeAll(async () => {
  await ensureBuild();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-first-start-"));
}, 300_000);

afterAll(() => {
  killChildren();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The niceness of every thread of `server`'s seed child (Linux's /proc), or [] when it is gone. */
function seedChildNiceness(server: number): number[] {
  const fields = (pid: string, file = `/proc/${pid}/stat`) => {
    try {
      // After the command's closing parenthesis: state, ppid, … (niceness is the 19th field of the line).
      const stat = fs.readFileSync(file, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    } catch {
      return [];
    }
  };
  const child = fs.readdirSync("/proc").find((pid) => /^\d+$/.test(pid) && fields(pid)[1] === String(server));
  if (!child) return [];
  return fs.readdirSync(`/proc/${child}/task`).map((thread) => Number(fields(child, `/proc/${child}/task/${thread}/stat`)[16]));
}

/** Every demo picture a visitor's first pages show, answered now: status and type of each. */
async function picturesOn(url: string, pages: string[]): Promise<{ address: string; status: number; type: string }[]> {
  const addresses = new Set<string>();
  for (const page of pages) {
    const html = (await request(`${url}${page}`)).body;
    for (const address of html.match(/\/media\/[a-z]+\/seed-[0-9a-f-]+-\d+\.webp/g) ?? []) addresses.add(address);
  }
  const answers = [];
  for (const address of addresses) {
    const response = await request(`${url}${address}`);
    answers.push({ address, status: response.status, type: String(response.headers["content-type"]) });
  }
  return answers;
}

const PAGES = ["/businesses", "/news", "/sell-items"];

it(
  "serves every demo picture from the moment the port opens, says what it does, and keeps no seeding memory",
  { timeout: 600_000 },
  async () => {
    const dataDir = path.join(tmp, "data");
    const first = await startServer(dataDir);
    await first.proc.waitForOutput(/listening on/, 420_000);
    // A line before the long wait, and one when the town is in.
    // (Soft: each finding of the issue is reported on its own.)
    expect.soft(first.proc.output).toMatch(/\[seed\] writing the demo town of Vila Serena/);
    expect.soft(first.proc.output).toMatch(/\[seed\] demo town written in \d+ ms/);

    // The pictures are still being rendered: each address answers a picture all the same.
    const early = await picturesOn(first.url, PAGES);
    expect(early.length).toBeGreaterThan(40);
    expect.soft(early.filter((answer) => answer.status !== 200 || answer.type !== "image/webp")).toEqual([]);

    // Drawn while the server serves, at the lowest priority, so no request waits behind it
    // (the first minute of the browser suite, which starts on a fresh server, lost a live
    // update's 2 s to it). Every thread of the drawing child, sharp's included.
    if (process.platform === "linux") {
      await waitUntil(() => seedChildNiceness(first.proc.pid).some((nice) => nice === 19), "the seed child to lower its priority", 30_000);
      const niceness = seedChildNiceness(first.proc.pid);
      if (niceness.length) expect(niceness.every((nice) => nice === 19)).toBe(true);
    }

    // Rendered: the last picture is on disk, and its job list gone.
    await waitUntil(() => !fs.existsSync(path.join(dataDir, "seed-artwork.json")), "the demo pictures", 300_000);
    // The seed child writes its line after the job list is gone, and the server relays it: wait
    // for it (a fresh-clone CI read the output between the two and missed it).
    await first.proc.waitForOutput(/\[seed\] \d+ demo pictures rendered in \d+ ms/, 60_000);
    // Rendered now: the real files, kept by browsers for a year.
    const rendered = await request(`${first.url}${early[0]!.address}`);
    expect(rendered.headers["cache-control"]).toContain("immutable");
    const afterFirstStart = await steadyRss(first.proc.pid, 60_000);
    expect(nonJsonLines(first.proc.output)).toEqual([]);
    expect(await first.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });

    // The same folder, started again: what the server idles at without a seed behind it.
    const again = await startServer(dataDir);
    await again.proc.waitForOutput(/listening on/, 240_000);
    expect(again.proc.output).not.toMatch(/\[seed\]/);
    expect((await picturesOn(again.url, PAGES)).every((answer) => answer.status === 200)).toBe(true);
    const afterRestart = await steadyRss(again.proc.pid, 60_000);
    expect(await again.proc.kill("SIGTERM")).toEqual({ code: 0, signal: null });

    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    console.log(`RSS after the first start ${mb(afterFirstStart)} MB, after a restart ${mb(afterRestart)} MB`);
    expect(afterFirstStart, `${mb(afterFirstStart)} MB after the first start, ${mb(afterRestart)} MB after a restart`).toBeLessThanOrEqual(
      afterRestart * 1.1,
    );
  },
);
