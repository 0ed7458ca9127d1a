import { randomBytes, randomUUID } from "node:crypto";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPostgres } from "#server/db/engines";
import { withUser } from "#server/db/with-user";
import type { Database } from "#server/db/types";
import { createPushSender, PUSH_TTL_SECONDS } from "#server/live/push";
import type { VapidConfig } from "#server/live/vapid";
import { saveSubscription, type PushKind } from "#server/models/push";
import { forEachEngine } from "./db";
import { adminQuery, databaseUrl, TEST_DATABASE_URL } from "./postgres-admin";
import { startPushServiceStandIn, type Device, type PushServiceStandIn } from "./push-service-stand-in";

// Issue #31, "Push, end to end": a notification written by the database reaches a device
// through a push service STAND-IN on 127.0.0.1 (push-service-stand-in.ts), which checks the
// VAPID JWT and decrypts the payload with the device's own keys; a 410 deletes the
// subscription; 503 is retried, not lost; and three senders, each with its own connections to
// one PostgreSQL as three servers have, push each notification once.

const vapid: VapidConfig = { ...webpush.generateVAPIDKeys(), subject: "mailto:moderacao@exemplo.com.br" };
let serial = 0;

async function resident(db: Database): Promise<string> {
  const id = randomUUID();
  const username = `push_${++serial}_${id.slice(0, 6)}`;
  await db.query(
    `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`,
    [id, `${username}@exemplo.com.br`, JSON.stringify({ username, full_name: `Vizinha ${serial}` })],
  );
  return id;
}

async function postBy(db: Database, author: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(`INSERT INTO public.posts (author_id, content) VALUES ($1, 'Alguém viu um gato laranja?') RETURNING id`, [author]);
  return row!.id;
}

async function comment(db: Database, author: string, postId: string, body: string): Promise<void> {
  await db.query(`INSERT INTO public.comments (post_id, author_id, body) VALUES ($1, $2, $3)`, [postId, author, body]);
}

const subscribe = (db: Database, userId: string, device: Device, kinds: PushKind[] = ["comment", "vote", "moderation", "favorite"]) =>
  withUser(db, { role: "authenticated", sub: userId }, (tx) => saveSubscription(tx, device, kinds));

let standIn: PushServiceStandIn;
beforeAll(async () => {
  standIn = await startPushServiceStandIn();
});
afterAll(async () => {
  await standIn.close();
});

forEachEngine((getDb) => {
  it("a comment's notification reaches the device: the stand-in checks the VAPID JWT and decrypts the title and the URL", async () => {
    const db = getDb();
    const [author, neighbour] = [await resident(db), await resident(db)];
    const device = standIn.newDevice();
    await subscribe(db, author, device);
    const postId = await postBy(db, author);
    await comment(db, neighbour, postId, "Vi sim, perto da padaria!");

    const before = standIn.received.length;
    expect(await createPushSender(db, vapid).drain()).toBe(1);
    const [message] = standIn.received.slice(before);
    expect(standIn.problems).toEqual([]);
    const [notification] = await db.query<{ title: string; body: string; link: string }>(`SELECT title, body, link FROM public.notifications WHERE user_id = $1 AND kind = 'comment'`, [author]);
    expect(message?.endpoint).toBe(device.endpoint);
    expect(message?.payload).toMatchObject({ title: notification!.title, body: notification!.body, url: notification!.link });
    expect(notification!.body).toContain("Vi sim, perto da padaria!");
    expect(notification!.link).toMatch(new RegExp(`^/posts/${postId}\\?comentario=`));
    expect(message?.vapidKey).toBe(vapid.publicKey);
    expect(message?.claims.sub).toBe(vapid.subject);
    expect(message?.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(message?.headers.urgency).toBe("normal");
    expect(await db.query(`SELECT 1 FROM public.push_outbox`)).toEqual([]);
  });

  it("a device pushes only the kinds its resident chose", async () => {
    const db = getDb();
    const [author, neighbour] = [await resident(db), await resident(db)];
    await subscribe(db, author, standIn.newDevice(), ["moderation"]);
    await comment(db, neighbour, await postBy(db, author), "Sem aviso para você");
    expect(await db.query(`SELECT 1 FROM public.push_outbox o JOIN public.push_subscriptions s ON s.id = o.subscription_id WHERE s.user_id = $1`, [author])).toEqual([]);
  });

  it("a push service answering 410 (the device unsubscribed) deletes the subscription and its queue", async () => {
    const db = getDb();
    const [author, neighbour] = [await resident(db), await resident(db)];
    const device = standIn.newDevice();
    standIn.answer(device, 410);
    await subscribe(db, author, device);
    await comment(db, neighbour, await postBy(db, author), "Alguém aí?");
    expect(await createPushSender(db, vapid).drain()).toBe(0);
    expect(await db.query(`SELECT 1 FROM public.push_subscriptions WHERE endpoint = $1`, [device.endpoint])).toEqual([]);
    expect(await db.query(`SELECT 1 FROM public.push_outbox`)).toEqual([]);
  });

  it("503 with Retry-After keeps the message for later; once due again and answered, it is delivered", async () => {
    const db = getDb();
    const [author, neighbour] = [await resident(db), await resident(db)];
    const device = standIn.newDevice();
    standIn.answer(device, 503, { "Retry-After": "120" });
    await subscribe(db, author, device);
    await comment(db, neighbour, await postBy(db, author), "Tente de novo");
    const sender = createPushSender(db, vapid);
    expect(await sender.drain()).toBe(0);
    const [queued] = await db.query<{ attempts: number; waits: boolean }>(
      `SELECT attempts, due_at BETWEEN now() + interval '110 seconds' AND now() + interval '130 seconds' AS waits FROM public.push_outbox`,
    );
    expect(queued).toEqual({ attempts: 1, waits: true });
    // Not due yet: a drain now sends nothing.
    expect(await sender.drain()).toBe(0);
    // The backoff has passed (moved by the database's clock, not waited for).
    await db.query(`UPDATE public.push_outbox SET due_at = now()`);
    standIn.answer(device, 201);
    expect(await sender.drain()).toBe(1);
    expect(await db.query(`SELECT 1 FROM public.push_outbox`)).toEqual([]);
  });

  it("a device another resident subscribes becomes theirs: the first resident's notifications no longer reach it", async () => {
    const db = getDb();
    const [first, second, neighbour] = [await resident(db), await resident(db), await resident(db)];
    const device = standIn.newDevice();
    await subscribe(db, first, device);
    await subscribe(db, second, device);
    await comment(db, neighbour, await postBy(db, first), "Para a primeira");
    expect(await db.query(`SELECT 1 FROM public.push_outbox`)).toEqual([]);
    expect(await db.query<{ user_id: string }>(`SELECT user_id FROM public.push_subscriptions WHERE endpoint = $1`, [device.endpoint])).toEqual([{ user_id: second }]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)("three servers on one PostgreSQL", () => {
  const name = `guida_it_push_${process.pid}_${randomBytes(4).toString("hex")}`;
  const servers: Database[] = [];
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    for (let i = 0; i < 3; i++) servers.push(await openPostgres(databaseUrl(name), { prepare: true, max: 4 }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((db) => db.close()));
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("each comment's notification is pushed exactly once, whichever server claims it", async () => {
    const [db] = servers as [Database];
    const author = await resident(db);
    const device = standIn.newDevice();
    await subscribe(db, author, device);
    const posts = await Promise.all(Array.from({ length: 30 }, () => postBy(db, author)));
    const neighbours = await Promise.all(Array.from({ length: 3 }, () => resident(db)));
    // Each comment is written through a different server, as three servers' residents would.
    await Promise.all(posts.map((postId, i) => comment(servers[i % 3]!, neighbours[i % 3]!, postId, `Comentário ${i}`)));
    const senders = servers.map((server) => createPushSender(server, vapid, { batch: 4 }));
    const counts = await Promise.all(senders.map((sender) => sender.drain()));

    const mine = standIn.received.filter((m) => m.endpoint === device.endpoint);
    expect(standIn.problems).toEqual([]);
    expect(mine).toHaveLength(30);
    expect(new Set(mine.map((m) => (m.payload as { tag: string }).tag)).size).toBe(30);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(await db.query(`SELECT 1 FROM public.push_outbox`)).toEqual([]);
  });
});
