import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

/**
 * A STAND-IN for a browser's push service (Google's, Mozilla's), which this machine cannot
 * reach: an HTTP server on 127.0.0.1 that takes what a Web Push sender posts and checks it the
 * way a push service and then the browser would. The push service's part: the VAPID header
 * (RFC 8292: an ES256 JWT signed by the key it names, for this origin, not expired), TTL and
 * Content-Encoding. The browser's part: the body decrypted (RFC 8291, with `http_ece`) with
 * the device's private key and auth secret, which only the test's "device" holds.
 * Each endpoint answers what the test tells it (201 by default; 410 for a device that is gone).
 */

export type Device = { endpoint: string; p256dh: string; auth: string; ecdh: ECDH; authSecret: Buffer };

export type Received = {
  endpoint: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims, once its signature checked out. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the sender's public key. */
  vapidKey: string;
  payload: unknown;
};

export type PushServiceStandIn = {
  origin: string;
  received: Received[];
  /** Problems found in a request (a bad JWT, a payload that does not decrypt): none expected. */
  problems: string[];
  newDevice(): Device;
  /** What an endpoint answers from now on (status and headers). */
  answer(device: Device, status: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
};

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const devices = new Map<string, Device>();
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const received: Received[] = [];
  const problems: string[] = [];
  let serial = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const endpoint = `${origin}${req.url}`;
      const device = devices.get(endpoint);
      const answer = answers.get(endpoint) ?? { status: 201, headers: {} };
      try {
        if (!device) throw new Error(`unknown endpoint ${req.url}`);
        if (req.method !== "POST") throw new Error(`method ${req.method}`);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        if (!/^\d+$/.test(String(req.headers.ttl))) throw new Error(`TTL ${req.headers.ttl}`);
        const { claims, key } = checkVapid(String(req.headers.authorization ?? ""), origin);
        const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.authSecret });
        if (answer.status < 300) {
          received.push({ endpoint, headers: req.headers, claims, vapidKey: key, payload: JSON.parse(plain.toString("utf8")) });
        }
      } catch (error) {
        problems.push(String(error));
        res.writeHead(400).end();
        return;
      }
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    problems,
    newDevice() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device: Device = {
        endpoint: `${origin}/push/device-${++serial}-${randomBytes(4).toString("hex")}`,
        p256dh: ecdh.getPublicKey("base64url"),
        auth: authSecret.toString("base64url"),
        ecdh,
        authSecret,
      };
      devices.set(device.endpoint, device);
      return device;
    },
    answer(device, status, headers = {}) {
      answers.set(device.endpoint, { status, headers });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `vapid t=<jwt>, k=<public key>`: the JWT must be signed by that key, for this origin, and not expired. */
function checkVapid(authorization: string, origin: string): { claims: Received["claims"]; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`Authorization ${authorization.slice(0, 40)}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, body, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const signed = verify("sha256", Buffer.from(`${header}.${body}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) throw new Error("the VAPID JWT's signature does not match k");
  const alg = (JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`alg ${alg}`);
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Received["claims"];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:\/\/)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, key };
}
