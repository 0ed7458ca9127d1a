import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPostgres } from "#server/db/engines";

// What a network observer sees of the server's first words to its database: a stand-in
// for a PostgreSQL server (NOT a real one) records the first packet each connection sends
// and refuses it with an ErrorResponse, so the client gives up at once instead of retrying. PostgreSQL's SSLRequest is 8 bytes: length 8, code 80877103; anything else
// here is a plain StartupMessage carrying the user name and database in clear text.
const SSL_REQUEST = 80877103;

/** PostgreSQL's ErrorResponse: 'E', length, then code/message fields, each NUL-terminated. */
function errorResponse(): Buffer {
  const fields = Buffer.from("SFATAL\0C28000\0Mstand-in refuses every connection\0\0", "latin1");
  const head = Buffer.alloc(5);
  head.write("E", 0, "latin1");
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

const nonLoopback = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

describe.skipIf(!nonLoopback)(`TLS on the wire${nonLoopback ? "" : " (skipped: this machine has no non-loopback IPv4 address)"}`, () => {
  let server: net.Server;
  let port = 0;
  const firstPackets: Buffer[] = [];

  beforeAll(async () => {
    server = net.createServer((socket) => {
      socket.once("data", (chunk) => {
        firstPackets.push(chunk);
        socket.end(errorResponse());
      });
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Opens the app's PostgreSQL engine on `url`, lets it try one query, returns its first packet. */
  async function firstPacketFor(url: string): Promise<{ ssl: boolean; text: string }> {
    const before = firstPackets.length;
    // The refused connection is logged as "database unavailable"; expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    const db = await openPostgres(url, { prepare: true, max: 1 });
    await db.query("SELECT 1").catch(() => {});
    await db.close().catch(() => {});
    expect(firstPackets.length).toBe(before + 1);
    const packet = firstPackets.at(-1)!;
    return { ssl: packet.length === 8 && packet.readInt32BE(4) === SSL_REQUEST, text: packet.toString("latin1") };
  }

  it("asks for TLS before saying anything to a database on another machine", async () => {
    const first = await firstPacketFor(`postgres://guida_app:segredo@${nonLoopback}:${port}/guida_prod`);
    expect(first.ssl).toBe(true);
    expect(first.text).not.toContain("guida_app");
  });

  it("talks plain to the same machine over loopback", async () => {
    const first = await firstPacketFor(`postgres://guida_app:segredo@127.0.0.1:${port}/guida_prod`);
    expect(first.ssl).toBe(false);
    expect(first.text).toContain("guida_app");
  });

  it("talks plain to another machine when the URL says sslmode=disable", async () => {
    const first = await firstPacketFor(`postgres://guida_app:segredo@${nonLoopback}:${port}/guida_prod?sslmode=disable`);
    expect(first.ssl).toBe(false);
    expect(first.text).toContain("guida_app");
  });
});
