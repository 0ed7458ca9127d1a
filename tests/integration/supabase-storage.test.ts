import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supabaseStorage } from "#server/storage/supabase";
import { deleteStoredImage, storeImage } from "#server/storage/images";

/**
 * A stand-in for Supabase Storage's object API (not the real service): POST/GET one
 * object, DELETE by prefixes, with the service key required.
 */
function startStorageStandIn(serviceKey: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.headers.authorization !== `Bearer ${serviceKey}` || req.headers.apikey !== serviceKey) {
        res.writeHead(403).end('{"error":"Unauthorized"}');
        return;
      }
      const match = /^\/storage\/v1\/object\/([^/]+)(?:\/(.+))?$/.exec(req.url ?? "");
      if (!match) return void res.writeHead(404).end();
      const [, bucket, key] = match;
      const id = `${bucket}/${key}`;
      if (req.method === "POST" && key) {
        objects.set(id, { body: Buffer.concat(chunks), type: String(req.headers["content-type"]) });
        return void res.writeHead(200, { "Content-Type": "application/json" }).end(`{"Key":"${id}"}`);
      }
      if (req.method === "GET" && key) {
        const object = objects.get(id);
        if (!object) return void res.writeHead(400).end('{"statusCode":"404","error":"not_found"}');
        return void res.writeHead(200, { "Content-Type": object.type }).end(object.body);
      }
      if (req.method === "DELETE" && !key) {
        const { prefixes } = JSON.parse(Buffer.concat(chunks).toString()) as { prefixes: string[] };
        for (const p of prefixes) objects.delete(`${bucket}/${p}`);
        return void res.writeHead(200, { "Content-Type": "application/json" }).end("[]");
      }
      res.writeHead(405).end();
    });
  });
  return { server, objects };
}

describe("Supabase Storage adapter (against a local stand-in)", () => {
  const key = "service-key-for-tests";
  const standIn = startStorageStandIn(key);
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => standIn.server.close(() => resolve())));

  it("stores an image in every width, reads it back, and removes it", async () => {
    const storage = supabaseStorage({ url, serviceKey: key, bucket: "guida-media" });
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#047857" } }).png().toBuffer();
    const ref = await storeImage(storage, png, "photo", "teste-123");
    expect(ref).toBe("/media/photo/teste-123");
    expect([...standIn.objects.keys()].sort()).toEqual([
      "guida-media/photo/teste-123-320.webp",
      "guida-media/photo/teste-123-640.webp",
      "guida-media/photo/teste-123-960.webp",
    ]);
    const file = await storage.get("photo/teste-123-640.webp");
    expect(file?.contentType).toBe("image/webp");
    expect((await sharp(file!.data).metadata()).width).toBe(640);

    await deleteStoredImage(storage, ref);
    expect(standIn.objects.size).toBe(0);
    expect(await storage.get("photo/teste-123-640.webp")).toBeNull();
  });

  it("refuses keys that are not stored-image keys, before any request", async () => {
    const storage = supabaseStorage({ url, serviceKey: key, bucket: "guida-media" });
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/unsafe/);
  });

  it("surfaces a refused upload (wrong key) as an error", async () => {
    const storage = supabaseStorage({ url, serviceKey: "wrong", bucket: "guida-media" });
    await expect(storage.put("photo/x-320.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/403/);
  });
});
